package dev.flow.dsl.parser;

import static dev.flow.dsl.FlowTesting.compile;
import static dev.flow.dsl.FlowTesting.parse;
import static dev.flow.dsl.FlowTesting.validate;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.frontend.Compilation;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Bad input of every kind gives diagnostics with positions, never an exception. */
class MalformedInputTest {

    @Test
    void anUnterminatedStringIsASyntaxErrorAtItsOpeningQuote() {
        Compilation c = compile("workflow x {\n    task a { prompt \"never closed }\n}\n");
        assertThat(c.graph()).isEmpty();
        assertThat(c.diagnostics()).first().satisfies(d -> {
            assertThat(d.code()).isEqualTo(Code.SYNTAX_ERROR);
            assertThat(d.message()).startsWith("this string is not closed");
            assertThat(d.source().line()).isEqualTo(2);
            assertThat(d.source().column()).isEqualTo(21);
        });
    }

    @Test
    void tenThousandNestedParenthesesAreRefusedWhereTheLimitIsCrossed() {
        String prefix = "workflow x { start -> end when ";
        Compilation c = compile(prefix + "(".repeat(10_000) + "a" + ")".repeat(10_000) + " }");
        assertThat(c.graph()).isEmpty();
        assertThat(c.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.code()).isEqualTo(Code.INPUT_TOO_LARGE);
            // The workflow's brace is the first level: the 200th parenthesis crosses the limit.
            assertThat(d.source().offset()).isEqualTo(prefix.length() + NestingGuard.LIMIT - 1);
            assertThat(d.source().column()).isEqualTo(prefix.length() + NestingGuard.LIMIT);
            assertThat(d.message()).contains("nests brackets more than 200 levels deep");
        });
    }

    @Test
    void nestingJustBelowTheLimitParses() {
        int depth = NestingGuard.LIMIT - 1; // with the workflow's brace, exactly at the limit
        Compilation c = compile("workflow x { start -> end when " + "(".repeat(depth) + "true" + ")".repeat(depth) + " }");
        assertThat(c.diagnostics()).isEmpty();
        assertThat(c.graph()).isPresent();
    }

    @Test
    void tenThousandNegationsAndChainedOperatorsAreRefusedToo() {
        assertThat(compile("workflow x { start -> end when " + "!".repeat(10_000) + "true }").diagnostics())
                .extracting(d -> d.code()).containsExactly(Code.INPUT_TOO_LARGE);
        assertThat(compile("workflow x { start -> end when " + "true || ".repeat(10_000) + "true }").diagnostics())
                .extracting(d -> d.code()).containsExactly(Code.INPUT_TOO_LARGE);
        assertThat(compile("workflow x { state { v: any = " + "[".repeat(10_000) + "]".repeat(10_000) + " } }").diagnostics())
                .extracting(d -> d.code()).containsExactly(Code.INPUT_TOO_LARGE);
    }

    @Test
    void theEditorSeesTheSameRefusalAndKeepsTheWholeText() {
        String text = "workflow x { start -> end when " + "(".repeat(5_000) + "a" + ")".repeat(5_000) + " }";
        var r = parse(text);
        assertThat(r.getParseResult().getRootNode().getText()).isEqualTo(text);
        assertThat(validate(r)).singleElement().satisfies(i -> {
            assertThat(i.getCode()).isEqualTo("FLOW002");
            assertThat(i.getOffset()).isEqualTo("workflow x { start -> end when ".length() + NestingGuard.LIMIT - 1);
        });
    }

    @Test
    void binaryGarbageGivesSyntaxErrorsAndNoGraph() {
        var random = new Random(42);
        var text = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            text.append((char) (random.nextInt(0x2FFF) + 1));
        }
        Compilation c = compile(text.toString());
        assertThat(c.graph()).isEmpty();
        assertThat(c.diagnostics()).isNotEmpty().allSatisfy(d -> {
            assertThat(d.code()).isIn(Code.SYNTAX_ERROR, Code.INPUT_TOO_LARGE);
            assertThat(d.source().line()).isPositive();
        });
    }

    @Test
    void controlCharactersAndNulBytesAreSyntaxErrors() {
        Compilation c = compile("workflow x {\u0000\u0001 task a }");
        assertThat(c.graph()).isEmpty();
        assertThat(c.diagnostics()).first().satisfies(d -> assertThat(d.code()).isEqualTo(Code.SYNTAX_ERROR));
    }

    @Test
    void anEmptyFileHasNothingToRun() {
        Compilation c = compile("");
        assertThat(c.graph()).isEmpty();
        assertThat(c.hasErrors()).isFalse();
        assertThat(compile("   // only a comment\n").hasErrors()).isFalse();
    }

    /**
     * A 5 MB workflow (about 40,000 tasks and edges) parses, links and compiles. This takes a few
     * seconds: it is the size limit we promise to handle, so it is tested at that size.
     */
    @Test
    void aFiveMegabyteWorkflowCompiles() {
        var text = new StringBuilder("workflow big {\n    start -> t0\n");
        int i = 0;
        while (text.length() < 5 * 1024 * 1024) {
            text.append("    task t").append(i).append(" \"Task ").append(i).append("\" { agent claude prompt \"Do step ")
                    .append(i).append(" of the work\" outputs done, blocked }\n");
            text.append("    t").append(i).append(" -> t").append(i + 1).append(" when done\n");
            i++;
        }
        text.append("    task t").append(i).append("\n    t").append(i).append(" -> end\n}\n");
        Compilation c = compile(text.toString());
        assertThat(c.diagnostics()).isEmpty();
        assertThat(c.graph().orElseThrow().main().nodes()).hasSize(i + 3);
    }
}

package dev.flow.dsl.validation;

import static dev.flow.dsl.FlowTesting.compile;
import static dev.flow.dsl.FlowTesting.parse;
import static dev.flow.dsl.FlowTesting.validate;
import static dev.flow.dsl.FlowTesting.wrap;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each language-only check fires on what it is about and stays quiet otherwise, in the CLI and the editor alike. */
class LanguageChecksTest {

    private static final dev.flow.frontend.Compiler PIPELINE = dev.flow.frontend.Compiler.withInstalledFrontEnds();

    /**
     * What the command line reports for text (front end and shared checker), after checking that
     * the editor reports the same codes at the same offsets; without what these small texts leave
     * out on purpose (edges: FLOW3xx, agents: FLOW105), which other tests cover.
     */
    private static List<Diagnostic> diagnostics(String text) {
        var cli = PIPELINE.compile(new dev.flow.frontend.SourceFile(null, "test.flow", text), dev.flow.frontend.LoadOptions.DEFAULT).diagnostics();
        var editor = validate(parse(text));
        assertThat(editor).extracting(i -> i.getCode() + "@" + i.getOffset() + "+" + i.getLength())
                .containsExactlyInAnyOrderElementsOf(cli.stream()
                        .filter(d -> d.code() != Code.AMBIGUOUS_WORKFLOW && d.code() != Code.UNREADABLE_INPUT)
                        .map(d -> d.code().id() + "@" + d.source().offset() + "+" + d.source().length()).toList());
        return cli.stream().filter(d -> !d.code().id().startsWith("FLOW3") && d.code() != Code.MISSING_FIELD).toList();
    }

    private static String at(String text, Diagnostic d) {
        return text.substring(d.source().offset(), d.source().offset() + d.source().length());
    }

    @Test
    void aPropertyGivenTwiceInABlockIsReportedAtTheSecond() {
        String text = wrap("task a { prompt \"one\" agent claude prompt \"two\" }");
        var d = diagnostics(text);
        assertThat(d).singleElement().satisfies(x -> {
            assertThat(x.code()).isEqualTo(Code.DUPLICATE_PROPERTY);
            assertThat(at(text, x)).isEqualTo("\"two\"");
            assertThat(x.message()).contains("\"prompt\"").contains("task \"a\"");
        });
    }

    @Test
    void aWorkflowSettingGivenTwiceIsReported() {
        var d = diagnostics(wrap("max parallel 2\nmax parallel 3\nfail fast\ncontinue on failure"));
        assertThat(d).extracting(Diagnostic::code).containsExactly(Code.DUPLICATE_PROPERTY, Code.DUPLICATE_PROPERTY);
        assertThat(d.get(1).message()).contains("fail fast");
    }

    @Test
    void propertiesGivenOnceAreQuiet() {
        assertThat(diagnostics(wrap("max parallel 2\ntask a { prompt \"one\" agent claude outputs a\noutputs b }"))).isEmpty();
    }

    @Test
    void anEdgeNameOnAChainIsReportedAtTheName() {
        String text = wrap("task a\ntask b\ntask c\ne1: a -> b -> c");
        var d = diagnostics(text);
        assertThat(d).singleElement().satisfies(x -> {
            assertThat(x.code()).isEqualTo(Code.EDGE_NAME_ON_CHAIN);
            assertThat(at(text, x)).isEqualTo("e1");
        });
        assertThat(diagnostics(wrap("task a\ntask b\ne1: a -> b"))).isEmpty();
    }

    @Test
    void aListWithANameInItIsReportedAtTheName() {
        String text = wrap("state { x: string = \"a\" }\nstart -> end when x in [\"a\", x, -1]");
        var d = diagnostics(text);
        assertThat(d).singleElement().satisfies(x -> {
            assertThat(x.code()).isEqualTo(Code.NON_CONSTANT_LIST);
            assertThat(x.source().column()).isEqualTo(30);
        });
        assertThat(diagnostics(wrap("state { x: string = \"a\" }\nstart -> end when x in [\"a\", [1], null, -2.5]"))).isEmpty();
    }

    @Test
    void waitForNamedNodesOnANodeThatIsNotAMergeIsReported() {
        String text = wrap("task a\ntask b { wait all of a, c }");
        var d = diagnostics(text);
        assertThat(d).singleElement().satisfies(x -> {
            assertThat(x.code()).isEqualTo(Code.MISPLACED_PROPERTY);
            assertThat(at(text, x)).isEqualTo("a, c");
        });
        assertThat(diagnostics(wrap("task a\ntask c\nmerge b { wait all of a, c }\ntask d { wait any }"))).isEmpty();
    }

    @Test
    void aSessionOnACommandTaskIsReported() {
        String text = wrap("task a { run [\"make\"]  session continue }");
        var d = diagnostics(text);
        assertThat(d).singleElement().satisfies(x -> {
            assertThat(x.code()).isEqualTo(Code.MISPLACED_PROPERTY);
            assertThat(at(text, x)).isEqualTo("session continue");
            assertThat(x.message()).isEqualTo("only a task run by an agent has a conversation to continue; task \"a\" runs a command: remove \"session\"");
        });
        assertThat(diagnostics(wrap("task a { agent claude prompt \"fix\" session continue }\ntask b { agent codex session fresh }"))).isEmpty();
    }

    @Test
    void outputsOfAnUnknownNodeIsReportedWithTheNearestName() {
        String text = wrap("task review\nstate { verdict: outputs of reveiw }");
        var d = diagnostics(text);
        assertThat(d).singleElement().satisfies(x -> {
            assertThat(x.code()).isEqualTo(Code.UNKNOWN_NODE);
            assertThat(at(text, x)).isEqualTo("reveiw");
            assertThat(x.suggestions()).containsExactly("review");
        });
        assertThat(diagnostics(wrap("task review\nstate { verdict: outputs of review }"))).isEmpty();
    }

    @Test
    void anImportPathWithANulIsReportedAsUnreadableWhereItIsWritten(@TempDir Path dir) throws IOException {
        Path main = dir.resolve("main.flow");
        Files.writeString(main, "import \"ga\u0000tes.flow\"\nworkflow w { start -> end }");
        var c = compile(main, "main.flow");
        assertThat(c.diagnostics()).singleElement().satisfies(x -> {
            assertThat(x.code()).isEqualTo(Code.UNKNOWN_IMPORT);
            assertThat(x.message()).isEqualTo("\"ga\\u0000tes.flow\" is not a path Flow can read: it holds a control character");
            assertThat(x.source().line()).isEqualTo(1);
            assertThat(x.source().column()).isEqualTo(8);
        });
    }

    @Test
    void aMissingImportIsReportedWithTheNearestFile(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("gates.flow"), "gate tests { }");
        Path main = dir.resolve("main.flow");
        Files.writeString(main, "import \"gatez.flow\"\nimport \"gates.flow\"\nworkflow w { start -> end }");
        var c = dev.flow.dsl.FlowTesting.compile(main, "main.flow");
        assertThat(c.diagnostics()).singleElement().satisfies(x -> {
            assertThat(x.code()).isEqualTo(Code.UNKNOWN_IMPORT);
            assertThat(x.source().line()).isEqualTo(1);
            assertThat(x.source().column()).isEqualTo(8);
            assertThat(x.suggestions()).containsExactly("gates.flow");
        });
        assertThat(validate(parse(main))).extracting(i -> i.getCode()).containsExactly("FLOW209");
    }

    @Test
    void syntaxErrorsInALibraryArePlacedInTheLibraryAndShownOnTheImportInTheEditor(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("lib.flow"), "gate tests {\n  timeout\n}\n");
        Path main = dir.resolve("main.flow");
        Files.writeString(main, "import \"lib.flow\"\nworkflow w { gate t uses tests }");
        var c = dev.flow.dsl.FlowTesting.compile(main, "proj/main.flow");
        assertThat(c.graph()).isEmpty();
        assertThat(c.diagnostics()).singleElement().satisfies(x -> {
            assertThat(x.code()).isEqualTo(Code.SYNTAX_ERROR);
            assertThat(x.source().file()).isEqualTo("proj/lib.flow");
            assertThat(x.source().line()).isEqualTo(3);
        });
        assertThat(validate(parse(main))).singleElement().satisfies(i -> {
            assertThat(i.getCode()).isEqualTo("FLOW001");
            assertThat(i.getLineNumber()).isEqualTo(1);
            assertThat(i.getMessage()).contains("lib.flow:3:1:");
        });
    }
}

package dev.flow.dsl.parser;

import static dev.flow.dsl.FlowTesting.parse;
import static dev.flow.dsl.FlowTesting.root;
import static dev.flow.dsl.FlowTesting.validate;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.dsl.FlowTesting;
import dev.flow.dsl.flow.Workflow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

/**
 * An edit applied to a parsed file ({@link XtextResource#update}, what the language server does
 * with an editor's changes) re-parses only the element around it, and leaves the file as a parse
 * of the whole new text would: the same text, the same syntax errors, the same diagnostics.
 */
class PartialParseTest {

    static final String TEXT = """
            workflow review {
                gate tests { run ["make", "test"] }
                task plan { agent claude prompt "plan it" }
                task build { run ["make"] }
                gate check uses tests
                start -> plan -> build
                build -> check
                check -> end when check.passed
                check -> plan loop max 3 when check.failed
            }
            """;

    @Test
    void anEditInsideOneElementReparsesThatElementAlone() {
        XtextResource resource = parse(TEXT);
        assertThat(validate(resource)).as("the text before the edit").isEmpty();
        EObject file = root(resource);
        var workflow = (Workflow) root(resource).getElements().get(0);
        EObject plan = workflow.getMembers().get(1);
        var rootNode = resource.getParseResult().getRootNode();

        int at = TEXT.indexOf("make\"]");
        resource.update(at, "make".length(), "ninja");

        // (isSameAs, not assertThat on the nodes: AssertJ would print a node model as an iterable, at length)
        assertThat(resource.getParseResult().getRootNode() == rootNode).as("the node model kept").isTrue();
        assertThat(root(resource)).isSameAs(file);
        assertThat(root(resource).getElements().get(0)).isSameAs(workflow);
        assertThat(workflow.getMembers().get(1)).as("the element before the edit").isSameAs(plan);
        assertSameAsWholeParse(resource, TEXT.substring(0, at) + "ninja" + TEXT.substring(at + "make".length()));
    }

    @Test
    void aPartialParseThatCrossesTheNestingLimitIsRefusedAsAWholeParseRefusesIt() {
        // The condition sits one level deep (the workflow's brace): 198 parentheses keep it within the limit.
        String inner = "(".repeat(NestingGuard.LIMIT - 2) + "check.passed" + ")".repeat(NestingGuard.LIMIT - 2);
        String text = TEXT.replace("when check.passed", "when " + inner);
        XtextResource resource = parse(text);
        assertThat(validate(resource)).extracting(Issue::getCode).doesNotContain("FLOW002");

        // Two more around it: the edge alone parses, but in the file they cross the limit.
        int at = text.indexOf(inner);
        resource.update(at, inner.length(), "((" + inner + "))");

        String edited = text.substring(0, at) + "((" + inner + "))" + text.substring(at + inner.length());
        assertThat(validate(resource)).extracting(Issue::getCode).contains("FLOW002");
        assertSameAsWholeParse(resource, edited);
    }

    /** Random edits of every example, each applied in place and compared with a parse of the whole new text. */
    @Test
    void randomEditsOfTheExamplesLeaveWhatAWholeParseWould() throws Exception {
        var random = new Random(20261127L);
        List<String> fragments = List.of("", "}", "{", " -> ", "when ", ".", "\n", "\"", "(", ")", "[", "]", "task x { run [\"true\"] }",
                "gate g uses ", "loop max 3", "state.", "&& ", "workflow w {", "end -> start", "//", "/*", "human h {", "9", "é");
        int edits = 0;
        int inPart = 0;
        for (Path example : FlowTesting.validExamples().toList()) {
            String text = Files.readString(example);
            XtextResource resource = parse(text);
            for (int i = 0; i < 8; i++) {
                int from = random.nextInt(text.length() + 1);
                // typing (a letter, a space, a line, a character deleted) more often than pasting a fragment
                boolean typing = random.nextInt(10) < 6;
                int to = Math.min(text.length(), from + (typing ? random.nextInt(2) : random.nextInt(12)));
                String inserted = typing ? List.of("x", " ", "\n", "", "é").get(random.nextInt(5)) : fragments.get(random.nextInt(fragments.size()));
                var before = resource.getParseResult().getRootNode();
                resource.update(from, to - from, inserted);
                text = text.substring(0, from) + inserted + text.substring(to);
                assertSameAsWholeParse(resource, text);
                edits++;
                inPart += resource.getParseResult().getRootNode() == before ? 1 : 0;
            }
        }
        // Many of these edits break the text, and a broken text is parsed whole until it is mended; the
        // others must not all be.
        assertThat(inPart).as("edits re-parsed in part, of %d", edits).isGreaterThan(edits / 10);
    }

    private static void assertSameAsWholeParse(XtextResource resource, String text) {
        XtextResource whole = parse(text);
        assertThat(resource.getParseResult().getRootNode().getText()).isEqualTo(text);
        assertThat(errors(resource)).as("syntax errors after the edit of\n%s", text).isEqualTo(errors(whole));
        assertThat(issues(resource)).as("diagnostics after the edit of\n%s", text).isEqualTo(issues(whole));
    }

    private static List<String> errors(XtextResource resource) {
        var errors = new ArrayList<String>();
        resource.getParseResult().getSyntaxErrors()
                .forEach(node -> errors.add(node.getOffset() + " " + node.getSyntaxErrorMessage().getMessage()));
        return errors;
    }

    private static List<String> issues(XtextResource resource) {
        return validate(resource).stream()
                .map(i -> i.getOffset() + "+" + i.getLength() + " " + i.getSeverity() + " " + i.getCode() + " " + i.getMessage())
                .sorted().toList();
    }
}

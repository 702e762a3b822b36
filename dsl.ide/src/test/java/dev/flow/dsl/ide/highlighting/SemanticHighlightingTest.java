package dev.flow.dsl.ide.highlighting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.dsl.ide.Editor;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which names the semantic highlighter colours and how, in the order of the text: "name type
 * modifiers", with LSP's token types. Keywords, strings and numbers are the TextMate grammar's.
 */
class SemanticHighlightingTest {
    @TempDir
    Path folder;

    @Test
    void coloursEachNameByWhatItNamesAndMarksWhereItIsDeclared() {
        String text = """
                workflow ship {
                    input version: string
                    agent writer { run ["write"] }
                    gate tests { run ["make", "test"] }
                    task notes { agent writer prompt "Notes for ${version}" outputs ready }
                    gate check uses tests
                    start -> notes -> check when ready
                    check -> end when check.passed
                }
                """;
        assertThat(Editor.open(folder, text).highlights()).extracting(Editor.Highlight::toString).containsExactly(
                "ship namespace declaration",
                "version parameter declaration",
                "writer class declaration",
                "tests macro declaration",
                "notes function declaration",
                "writer class",
                "ready enumMember declaration",
                "check function declaration",
                "tests macro",
                "notes function",
                "check function",
                "ready enumMember",
                "check function",
                "check function",
                "passed property");
    }

    @Test
    void marksTheStateVariablesThatAnUpdateAssigns() {
        String text = """
                workflow count {
                    state { n: int = 0, seen: list<string> = [] }
                    task a { agent claude prompt "x" on done { set n = n + 1 append "a" to seen } }
                    start -> a -> end when state.n > 1
                }
                """;
        assertThat(Editor.open(folder, text).highlights()).extracting(Editor.Highlight::toString).containsExactly(
                "count namespace declaration",
                "n variable declaration",
                "seen variable declaration",
                "a function declaration",
                "claude class",
                "done enumMember",
                "n variable modification",
                "n variable",
                "seen variable modification",
                "a function",
                "n variable");
    }

    @Test
    void coloursANameThatDoesNotResolveByTheKindOfReference() {
        String text = "workflow w {\n    gate g uses missing\n    start -> g -> nowhere\n}\n";
        assertThat(Editor.open(folder, text).highlights()).extracting(Editor.Highlight::toString).containsExactly(
                "w namespace declaration",
                "g function declaration",
                "missing macro",
                "g function",
                "nowhere function");
    }
}

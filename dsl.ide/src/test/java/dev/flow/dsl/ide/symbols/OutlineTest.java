package dev.flow.dsl.ide.symbols;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.dsl.ide.Editor;
import dev.flow.dsl.ide.Samples;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.Range;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The outline (document symbols), compared as an indented tree of "name kind detail" lines. */
class OutlineTest {
    @TempDir
    Path folder;

    /** The symbols as the outline shows them: one per line, children indented, the detail in quotes when there is one. */
    static String tree(List<DocumentSymbol> symbols) {
        var out = new StringBuilder();
        render(symbols, "", out);
        return out.toString();
    }

    private static void render(List<DocumentSymbol> symbols, String indent, StringBuilder out) {
        for (DocumentSymbol s : symbols) {
            out.append(indent).append(s.getName()).append(' ').append(s.getKind());
            if (s.getDetail() != null && !s.getDetail().isEmpty()) {
                out.append(" \"").append(s.getDetail()).append('"');
            }
            out.append('\n');
            render(s.getChildren(), indent + "  ", out);
        }
    }

    @Test
    void outlinesAWorkflowWithItsMembersGroupedByKindAndEachNodeWithItsOutputs() {
        assertThat(tree(Samples.open(folder, Samples.RELEASE).outline())).isEqualTo("""
                release Module "Ship a version once it is checked"
                  inputs Namespace "1 item"
                    version Field "The version to ship"
                  state Namespace "1 item"
                    rounds Variable "How often the notes were redrafted"
                  tasks Namespace "2 items"
                    draft Function "Draft the release notes"
                      ready EnumMember
                      unclear EnumMember
                    polish Function
                  gates Namespace "1 item"
                    check Function
                  human steps Namespace "1 item"
                    approve Function
                      yes EnumMember
                      no EnumMember
                """);
    }

    @Test
    void outlinesTheGatesAndAgentsOfALibraryAtTheTop() {
        assertThat(tree(Editor.open(folder, Samples.CHECKS).outline())).isEqualTo("""
                unit_tests Event "Runs the unit tests"
                style Event
                reviewer Class "Reads a draft like a customer"
                """);
    }

    @Test
    void selectsTheNameOfASymbolAndSpansAHeadingOverItsMembers() {
        var editor = Samples.open(folder, Samples.RELEASE);
        DocumentSymbol tasks = editor.outline().get(0).getChildren().get(2);
        DocumentSymbol draft = tasks.getChildren().get(0);
        DocumentSymbol polish = tasks.getChildren().get(1);
        assertThat(draft.getSelectionRange()).isEqualTo(editor.rangeOf("draft", "task "));
        assertThat(tasks.getRange()).isEqualTo(new Range(draft.getRange().getStart(), polish.getRange().getEnd()));
        assertThat(tasks.getRange().getStart()).isEqualTo(editor.rangeOf("task draft", "").getStart());
    }

    @Test
    void outlinesNothingInAnEmptyFileAndTheWorkflowAloneWhileItsBodyDoesNotParse() {
        assertThat(Editor.open(folder, "").outline()).isEmpty();
        assertThat(tree(Editor.open(folder, "workflow w {\n    task {\n}\n").outline())).isEqualTo("w Module\n");
    }
}

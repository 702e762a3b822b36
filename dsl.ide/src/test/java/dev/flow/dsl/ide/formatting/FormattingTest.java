package dev.flow.dsl.ide.formatting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.dsl.ide.Editor;
import dev.flow.dsl.ide.Samples;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Formatting a document as the editor asks for it: the edits, applied, give the canonical layout
 * (the layout rules themselves are the formatter's, tested in {@code dsl}); text the formatter has
 * nothing to stand on is left alone.
 */
class FormattingTest {
    @TempDir
    Path folder;

    String formatted(String text) {
        var editor = Editor.open(folder, text);
        return editor.apply(editor.format());
    }

    @Test
    void formatsAMessyWorkflowToTheCanonicalLayout() {
        String messy = """
                import   "checks.flow"



                workflow release{input version:string
                  state{rounds:int=0}
                task draft "Draft" {agent claude prompt "Write" outputs ready,unclear retry 2}
                      // the fix loop
                task polish{agent claude prompt "Polish" on done set rounds=rounds+1}
                gate check uses unit_tests
                start->draft
                draft->polish when ready draft -> end when unclear
                  polish ->  check   check -> end when check.passed
                check -> draft loop max 3 when !check.passed}
                """;
        assertThat(formatted(messy)).isEqualTo("""
                import "checks.flow"

                workflow release {
                    input version: string
                    state {
                        rounds: int = 0
                    }
                    task draft "Draft" {
                        agent claude
                        prompt "Write"
                        outputs ready, unclear
                        retry 2
                    }
                    // the fix loop
                    task polish {
                        agent claude
                        prompt "Polish"
                        on done set rounds = rounds + 1
                    }
                    gate check uses unit_tests
                    start -> draft
                    draft -> polish when ready
                    draft -> end when unclear
                    polish -> check
                    check -> end when check.passed
                    check -> draft loop max 3 when !check.passed
                }
                """);
    }

    @Test
    void changesNothingInATextThatIsLaidOutAlready() {
        assertThat(Samples.open(folder, Samples.RELEASE).format()).isEmpty();
        assertThat(Editor.open(folder, Samples.CHECKS).format()).isEmpty();
    }

    @Test
    void leavesTextWithASyntaxErrorAsItIs() {
        assertThat(Editor.open(folder, "workflow w {\n  task a {agent claude\n  start -> \n}\n").format()).isEmpty();
    }

    @Test
    void leavesTextOfOnlyCommentsOrNothingAsItIs() {
        assertThat(Editor.open(folder, "// to do:   a workflow\n   /* later */\n").format()).isEmpty();
        assertThat(Editor.open(folder, "").format()).isEmpty();
    }
}

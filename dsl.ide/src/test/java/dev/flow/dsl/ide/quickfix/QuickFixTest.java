package dev.flow.dsl.ide.quickfix;

import static dev.flow.dsl.ide.Samples.RELEASE;
import static dev.flow.dsl.ide.Samples.releaseWith;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.dsl.ide.Samples;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.lsp4j.CodeAction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Quick fixes for the diagnostics of a text, each applied to see the text it yields. */
class QuickFixTest {
    @TempDir
    Path folder;

    static List<String> titles(List<CodeAction> fixes) {
        return fixes.stream().map(CodeAction::getTitle).toList();
    }

    /** The titles of the fixes offered for the one diagnostic with this code in {@code broken}. */
    List<String> fixesOf(String broken, String code) {
        var editor = Samples.open(folder, broken);
        return titles(editor.fixes(editor.diagnostic(code)));
    }

    /** {@code broken} with the fix of this title applied to its one diagnostic with this code. */
    String fixed(String broken, String code, String title) {
        var editor = Samples.open(folder, broken);
        var fixes = editor.fixes(editor.diagnostic(code));
        var fix = fixes.stream().filter(f -> f.getTitle().equals(title)).findFirst()
                .orElseThrow(() -> new AssertionError("no fix '" + title + "' among " + titles(fixes)));
        return editor.apply(fix);
    }

    /** {@code broken} with its unknown output (FLOW206) declared. */
    String declaringTheOutput(String broken) {
        return fixed(broken, "FLOW206", "Declare the missing output");
    }

    @Test
    void theSampleHasNothingToFix() {
        assertThat(Samples.open(folder, RELEASE).diagnostics()).isEmpty();
    }

    @Test
    void changesAMisspelledNodeNameToTheNearName() {
        String broken = releaseWith("polish -> check", "polish -> chek");
        assertThat(fixesOf(broken, "FLOW201")).containsExactly("Change to 'check'");
        assertThat(fixed(broken, "FLOW201", "Change to 'check'")).isEqualTo(RELEASE);
    }

    @Test
    void changesAnUnknownGateToTheNearestGateOfALibraryTheWorkflowDoesNotUseYet() {
        // The checker suggests among the gates a workflow uses; the fix looks at all it can see.
        String broken = releaseWith("uses unit_tests", "uses stlye");
        assertThat(fixesOf(broken, "FLOW202")).containsExactly("Change to 'style'", "Declare the missing gate");
        assertThat(fixed(broken, "FLOW202", "Change to 'style'")).isEqualTo(releaseWith("uses unit_tests", "uses style"));
    }

    @Test
    void declaresAMissingGateAboveTheNodeThatUsesIt() {
        String broken = releaseWith("uses unit_tests", "uses smoke");
        assertThat(fixed(broken, "FLOW202", "Declare the missing gate")).isEqualTo(releaseWith("    gate check uses unit_tests\n", """
                    gate smoke {
                        description "TODO: what smoke checks"
                        run ["true"]
                    }

                    gate check uses smoke
                """));
    }

    @Test
    void limitsTheLoopOnTheEdgeThatClosesAnUncontrolledCycle() {
        String broken = releaseWith("check -> draft loop max 3 when", "check -> draft when");
        assertThat(fixed(broken, "FLOW306", "Add a loop limit (loop max 3)")).isEqualTo(RELEASE);
    }

    @Test
    void limitsTheLoopOnTheBranchThatClosesAnUncontrolledCycle() {
        String broken = releaseWith("    check -> draft loop max 3 when !check.passed\n", "    check -> again when !check.passed\n")
                .replace("    human approve {", "    branch again { if rounds < 3 then draft else end }\n    human approve {");
        String fixed = fixed(broken, "FLOW306", "Add a loop limit (loop max 3)");
        assertThat(fixed).isEqualTo(broken.replace("then draft", "then draft loop max 3"));
        assertThat(Samples.open(folder, fixed).diagnostics()).isEmpty();
    }

    @Test
    void declaresAMissingOutputAfterTheOutputsTheNodeDeclares() {
        String broken = releaseWith("draft -> end when unclear", "draft -> end when any(unclear, stuck)");
        assertThat(declaringTheOutput(broken)).isEqualTo(broken.replace("outputs ready, unclear", "outputs ready, unclear, stuck"));
    }

    @Test
    void declaresAMissingOutputWithTheDefaultsOfItsKindOnANodeThatDeclaresNone() {
        String broken = releaseWith("polish -> check", "polish -> check when any(done, stuck)");
        assertThat(declaringTheOutput(broken)).isEqualTo(broken.replace("task polish {\n", "task polish {\n        outputs done, stuck\n"));
    }

    @Test
    void declaresAMissingOutputInNewBracesOnANodeWithoutThem() {
        String broken = releaseWith("check -> approve when check.passed", "check -> approve when any(passed, flaky)");
        assertThat(declaringTheOutput(broken))
                .isEqualTo(broken.replace("uses unit_tests\n", "uses unit_tests { outputs passed, failed, flaky }\n"));
    }

    @Test
    void offersNoFixForADiagnosticThatHasNone() {
        assertThat(fixesOf(releaseWith("    draft -> end when unclear\n", ""), "FLOW305")).isEmpty();
    }
}

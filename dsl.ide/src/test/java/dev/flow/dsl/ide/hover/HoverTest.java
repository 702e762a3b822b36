package dev.flow.dsl.ide.hover;

import static dev.flow.dsl.ide.Samples.releaseWith;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.dsl.docs.KeywordDocs;
import dev.flow.dsl.ide.Samples;
import java.nio.file.Path;
import org.eclipse.lsp4j.Hover;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hovers at the cursor ({@code <|>}), compared as the Markdown an author reads. */
class HoverTest {
    @TempDir
    Path folder;

    static String markdown(Hover hover) {
        return hover.getContents().getRight().getValue();
    }

    @Test
    void documentsAKeywordWithTheTextOfTheKeywordReference() {
        var editor = Samples.open(folder, releaseWith("retry 2", "re<|>try 2"));
        Hover hover = editor.hover();
        assertThat(markdown(hover)).isEqualTo("**retry**\n\n" + KeywordDocs.of("retry").orElseThrow());
        assertThat(hover.getRange()).isEqualTo(editor.rangeOf("retry", ""));
    }

    @Test
    void documentsTheKeywordsOfTypesAndEdgesToo() {
        assertThat(markdown(Samples.open(folder, releaseWith("rounds: int", "rounds: i<|>nt")).hover()))
                .isEqualTo("**int**\n\n" + KeywordDocs.of("int").orElseThrow());
        assertThat(markdown(Samples.open(folder, releaseWith("start -> draft", "sta<|>rt -> draft")).hover()))
                .isEqualTo("**start**\n\n" + KeywordDocs.of("start").orElseThrow());
    }

    @Test
    void showsTheCommandAndDeclarationOfAGateFromItsLibrary() {
        var editor = Samples.open(folder, releaseWith("uses unit_tests", "uses unit<|>_tests"));
        Hover hover = editor.hover();
        assertThat(markdown(hover)).isEqualTo("""
                **gate definition** `unit_tests`

                Runs the unit tests

                runs `gradle test`

                ```flow
                gate unit_tests {
                    description "Runs the unit tests"
                    run ["gradle", "test"]
                    timeout 15m
                }
                ```

                defined in checks.flow:2""");
        assertThat(hover.getRange()).isEqualTo(editor.rangeOf("unit_tests", "uses "));
    }

    @Test
    void showsARegisteredGateWithWhatItRunsItsSeverityAndWhatItDependsOn() {
        String registered = releaseWith("import \"checks.flow\"", "import \"gates.yaml\"").replace("uses unit_tests", "uses au<|>dit");
        assertThat(markdown(Samples.open(folder, registered).hover())).isEqualTo("""
                **registered gate** `audit`

                runs `npm audit`

                severity warning: a failure does not fail the run; depends on `licenses`

                defined in gates.yaml:6""");
    }

    @Test
    void showsANodeWithItsKindLabelAndDeclaration() {
        assertThat(markdown(Samples.open(folder, releaseWith("draft -> polish", "dr<|>aft -> polish")).hover())).isEqualTo("""
                **task** `draft`

                Draft the release notes

                ```flow
                task draft "Draft the release notes" {
                    agent claude
                    prompt "Write the notes for ${version}"
                    outputs ready, unclear
                    retry 2
                }
                ```

                defined in main.flow:9""");
    }

    @Test
    void showsTheStateVariableThatANameWhichIsAlsoAKeywordRefersTo() {
        // "rounds" is a keyword (max rounds 12) that may name things; hovered where it is read, it is the variable.
        assertThat(markdown(Samples.open(folder, releaseWith("set rounds = rounds", "set rounds = rou<|>nds")).hover())).isEqualTo("""
                **state variable** `rounds`: `int`

                How often the notes were redrafted

                ```flow
                rounds: int = 0 "How often the notes were redrafted"
                ```

                defined in main.flow:6""");
    }

    @Test
    void showsTheOutputThatANameWhichIsAlsoAKeywordRefersTo() {
        String text = releaseWith("outputs ready, unclear", "outputs ready, unclear, timeout")
                .replace("draft -> end when unclear", "draft -> end when any(unclear, time<|>out)");
        assertThat(markdown(Samples.open(folder, text).hover())).startsWith("**output of `draft`** `timeout`");
    }

    @Test
    void showsNothingInsideAString() {
        assertThat(markdown(Samples.open(folder, releaseWith("Polish the notes", "Polish the no<|>tes")).hover())).isEmpty();
    }
}

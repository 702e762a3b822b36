package dev.flow.dsl.ide.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.dsl.ide.Editor;
import dev.flow.dsl.ide.Samples;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code flow/graph} request's answer for an open document's text, saved or not. */
class GraphRequestTest {
    @TempDir
    Path folder;

    @Test
    void drawsAWorkflowAsMermaidWithItsImportsResolvedBesideTheFile() {
        Editor.write(folder, Samples.CHECKS_FILE, Samples.CHECKS);
        String uri = folder.resolve(Editor.FILE).toUri().toString();
        var result = new GraphRequest().render(uri, Samples.RELEASE);
        assertThat(result.problem()).isNull();
        assertThat(result.errors()).isZero();
        assertThat(result.mermaid()).contains("title: \"Ship a version once it is checked\"", "flowchart TD",
                "task draft<br/>Draft the release notes", "gate check<br/>uses unit_tests", "human approve");
    }

    @Test
    void drawsAWorkflowThatHasErrorsAndCountsThem() {
        String uri = folder.resolve(Editor.FILE).toUri().toString();
        var result = new GraphRequest().render(uri, "workflow w {\n    task a { agent claude prompt \"x\" }\n    start -> a -> b\n}\n");
        assertThat(result.errors()).isPositive();
        assertThat(result.problem()).isNull();
        assertThat(result.mermaid()).contains("a");
    }

    @Test
    void saysWhyATextThatDoesNotParseCannotBeDrawn() {
        var result = new GraphRequest().render("untitled:Untitled-1", "workflow w {\n    task a {\n");
        assertThat(result.mermaid()).isNull();
        assertThat(result.problem()).startsWith("The workflow cannot be drawn: ");
        assertThat(result.errors()).isPositive();
    }
}

package dev.flow.lsp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.DiagnosticTag;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Diagnostics as an editor receives them from the packaged server while the author types: each
 * appears after the edit that introduces it, at the offending text, with its code and a link to
 * the catalog, and disappears after the edit that fixes it.
 */
class DiagnosticsIT {
    @TempDir
    static Path workspace;
    static ServerProcess server;

    @BeforeAll
    static void startServer() throws Exception {
        server = ServerProcess.start(workspace, Map.of("gates.flow", Workflows.LIBRARY, "review.flow", Workflows.REVIEW,
                "gates.yaml", Workflows.REGISTRY, "registered.flow", Workflows.REGISTERED));
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    static List<Diagnostic> withCode(List<Diagnostic> all, String code) {
        return all.stream().filter(d -> d.getCode() != null && code.equals(d.getCode().getLeft())).toList();
    }

    static boolean has(List<Diagnostic> all, String code) {
        return !withCode(all, code).isEmpty();
    }

    static List<Diagnostic> errors(List<Diagnostic> all) {
        return all.stream().filter(d -> d.getSeverity() == DiagnosticSeverity.Error).toList();
    }

    /** Opens the valid review loop as {@code file} and waits until it is checked clean. */
    static String openClean(String file) throws InterruptedException {
        String uri = server.open(file, Workflows.REVIEW);
        server.client.await(uri, "the valid text is checked", d -> errors(d).isEmpty());
        return uri;
    }

    /** Edits the open file into {@code broken}; the first diagnostic with {@code code} the edit brings. */
    static Diagnostic introduce(String uri, String broken, String code) throws InterruptedException {
        server.change(uri, broken);
        return withCode(server.client.await(uri, code + " is reported", d -> has(d, code)), code).get(0);
    }

    /** Edits the open file back to the valid review loop; returns once {@code code} is gone. */
    static void fixAndSeeGone(String uri, String code) throws InterruptedException {
        server.change(uri, Workflows.REVIEW);
        server.client.await(uri, code + " is gone", d -> !has(d, code));
    }

    @Test
    void reportsNoErrorInAValidWorkflow() throws Exception {
        String uri = server.open("valid.flow", Workflows.REVIEW);
        var diagnostics = server.client.await(uri, "diagnostics were published", d -> true);
        assertThat(errors(diagnostics)).as(RecordingClient.describe(diagnostics)).isEmpty();
    }

    @Test
    void reportsACycleWithoutLoopControlAfterTheEditThatMakesItAndNotAfterTheFix() throws Exception {
        String uri = openClean("cycle.flow");

        String broken = Workflows.reviewWith("test -> analyze loop max 3 when", "test -> analyze when");
        var cycle = introduce(uri, broken, "FLOW306");
        assertThat(cycle.getSeverity()).isEqualTo(DiagnosticSeverity.Error);
        // On the edge that closes the cycle analyze -> fix -> test -> analyze; its other edges are related.
        assertThat(cycle.getRange()).isEqualTo(Cursor.rangeOf(broken, "test -> analyze", ""));
        assertThat(cycle.getMessage().getLeft()).contains("\"analyze\" -> \"fix\" -> \"test\" -> \"analyze\"");
        assertThat(cycle.getCodeDescription().getHref()).endsWith("#flow306-uncontrolled-cycle");
        assertThat(cycle.getSource()).isEqualTo("flow");
        assertThat(cycle.getRelatedInformation()).extracting(r -> r.getLocation().getUri()).containsOnly(uri);
        assertThat(cycle.getRelatedInformation()).extracting(r -> r.getLocation().getRange())
                .containsExactly(Cursor.rangeOf(broken, "analyze -> fix", ""), Cursor.rangeOf(broken, "fix -> test", ""));

        fixAndSeeGone(uri, "FLOW306");
    }

    @Test
    void reportsAnUnknownGateAtItsNameWithTheNearestNameAndLinkToTheCatalog() throws Exception {
        String uri = openClean("gate.flow");

        String broken = Workflows.reviewWith("gate test uses tests", "gate test uses tsets");
        var unknown = introduce(uri, broken, "FLOW202");
        assertThat(unknown.getRange()).isEqualTo(Cursor.rangeOf(broken, "tsets", "gate test uses"));
        assertThat(unknown.getMessage().getLeft()).contains("tsets");
        assertThat(unknown.getCodeDescription().getHref()).endsWith("#flow202-unknown-gate");
        assertThat(unknown.getSeverity()).isEqualTo(DiagnosticSeverity.Error);

        fixAndSeeGone(uri, "FLOW202");
    }

    @Test
    void reportsAnUnsafeConditionFieldAtTheField() throws Exception {
        String uri = openClean("unsafe.flow");

        String broken = Workflows.reviewWith("test -> end when test.passed", "test -> end when test.`passed; rm -rf /`");
        var unsafe = introduce(uri, broken, "FLOW401");
        assertThat(unsafe.getRange()).isEqualTo(Cursor.rangeOf(broken, "test.`passed; rm -rf /`", "test -> end when"));
        assertThat(unsafe.getSeverity()).isEqualTo(DiagnosticSeverity.Error);
        assertThat(unsafe.getCodeDescription().getHref()).endsWith("#flow401-unsafe-field");

        fixAndSeeGone(uri, "FLOW401");
    }

    @Test
    void fadesAnUnreachableNode() throws Exception {
        String text = Workflows.reviewWith("gate test uses tests", "gate test uses tests\n    task orphan { agent claude prompt \"never runs\" }");
        String uri = server.open("unreachable.flow", text);
        var unreachable = withCode(server.client.await(uri, "FLOW303 is reported", d -> has(d, "FLOW303")), "FLOW303").get(0);
        assertThat(unreachable.getTags()).containsExactly(DiagnosticTag.Unnecessary);
        assertThat(unreachable.getSeverity()).isEqualTo(DiagnosticSeverity.Warning);
        assertThat(unreachable.getRange()).isEqualTo(Cursor.rangeOf(text, "orphan", "task "));
    }

    @Test
    void giveSyntaxErrorsTheSyntaxCode() throws Exception {
        String uri = server.open("syntax.flow", Workflows.reviewWith("start -> analyze", "start -> -> analyze"));
        var syntax = withCode(server.client.await(uri, "a syntax error is reported", d -> has(d, "FLOW001")), "FLOW001");
        assertThat(syntax).isNotEmpty();
        assertThat(syntax.get(0).getCodeDescription().getHref()).endsWith("#flow001-syntax-error");
    }

    @Test
    void rechecksTheUsersOfAGateLibraryWhenTheLibraryChanges() throws Exception {
        String user = server.open("review.flow");
        server.client.await(user, "the user is checked", d -> errors(d).isEmpty());
        String library = server.open("gates.flow");
        server.change(library, Workflows.LIBRARY.replace("gate tests", "gate unit_tests"));
        server.client.await(user, "the user reports the gate that went away", d -> has(d, "FLOW202"));
        server.change(library, Workflows.LIBRARY);
        server.client.await(user, "the user is clean again", d -> !has(d, "FLOW202"));
    }

    @Test
    void rechecksTheUsersOfAGateLibraryWhenTheLibraryChangesWithoutRenamingAnything() throws Exception {
        String user = server.open("review.flow");
        server.client.await(user, "the user is checked", d -> errors(d).isEmpty());
        String library = server.open("gates.flow");
        // Same names, another body: only a rule that re-checks importers on any change sees it.
        server.change(library, Workflows.LIBRARY.replace("timeout 10m", "timeout 0s"));
        var invalid = withCode(server.client.await(user, "the user reports the library's invalid timeout", d -> has(d, "FLOW503")), "FLOW503");
        assertThat(invalid.get(0).getRange()).isEqualTo(Cursor.rangeOf(Workflows.REVIEW, "\"gates.flow\"", "import "));
        server.change(library, Workflows.LIBRARY);
        server.client.await(user, "the user is clean again", d -> !has(d, "FLOW503"));
    }

    @Test
    void rechecksTheUsersOfAGateRegistryWhenTheEditorReportsItChanged() throws Exception {
        String user = server.open("registered.flow");
        server.client.await(user, "the user is checked", d -> errors(d).isEmpty());
        // The registry is YAML, not a Flow document: the editor saves it and reports the change.
        Files.writeString(workspace.resolve("gates.yaml"), Workflows.REGISTRY.replace("  lint:", "  linter:"));
        server.fileChanged("gates.yaml");
        var unknown = withCode(server.client.await(user, "the user reports the gate that went away", d -> has(d, "FLOW202")), "FLOW202");
        assertThat(unknown.get(0).getMessage().getLeft()).contains("\"lint\"", "did you mean \"linter\"?");
        Files.writeString(workspace.resolve("gates.yaml"), Workflows.REGISTRY);
        server.fileChanged("gates.yaml");
        server.client.await(user, "the user is clean again", d -> !has(d, "FLOW202"));
    }
}

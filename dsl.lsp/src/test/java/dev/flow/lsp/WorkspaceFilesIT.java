package dev.flow.lsp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.DidChangeWatchedFilesParams;
import org.eclipse.lsp4j.FileChangeType;
import org.eclipse.lsp4j.FileEvent;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which files of a workspace the packaged server takes for workflows: the {@code .flow} files,
 * not the folders a run leaves ({@code .flow/state.db}), a folder named {@code x.flow}, Facebook
 * Flow's {@code *.js.flow} declarations or anything under {@code node_modules}. A server that took
 * a folder for a file failed every later build until it was restarted.
 */
class WorkspaceFilesIT {
    /** A Facebook Flow declaration file: JavaScript with type annotations, nothing Flow can parse. */
    static final String FACEBOOK_FLOW = """
            // @flow
            declare export function greet(name: string): string;
            export type Options = {| verbose: boolean |};
            """;

    @TempDir
    Path workspace;
    ServerProcess server;

    @AfterEach
    void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    void watched(FileChangeType type, String... files) {
        server.server.getWorkspaceService().didChangeWatchedFiles(new DidChangeWatchedFilesParams(
                Arrays.stream(files).map(f -> new FileEvent(uri(f), type)).toList()));
    }

    /** A file's or folder's URI as VS Code writes it: a folder's without the trailing slash Java adds. */
    String uri(String file) {
        String uri = server.uri(file);
        return uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
    }

    /** Breaks the open review loop and waits for the error: a build that ran after everything sent before it. */
    void buildsAgain(String uri) throws InterruptedException {
        server.change(uri, Workflows.reviewWith("gate test uses tests", "gate test uses tsets"));
        server.client.await(uri, "the unknown gate is reported", d -> DiagnosticsIT.has(d, "FLOW202"));
        server.change(uri, Workflows.REVIEW);
        server.client.await(uri, "the fix is seen", d -> DiagnosticsIT.errors(d).isEmpty());
    }

    @Test
    void keepsBuildingAfterARunMakesItsStateFolderAndAFolderIsNamedLikeAWorkflow() throws Exception {
        server = ServerProcess.start(workspace, Map.of("gates.flow", Workflows.LIBRARY, "review.flow", Workflows.REVIEW));
        String review = server.open("review.flow");
        server.client.await(review, "the workflow is checked clean", d -> DiagnosticsIT.errors(d).isEmpty());

        // what 'flow run' leaves in the workspace, announced as an editor's file watcher announces it
        Files.createDirectories(workspace.resolve(".flow"));
        Files.write(workspace.resolve(".flow/state.db"), new byte[] {'S', 'Q', 'L', 'i', 't', 'e', 0});
        Files.createDirectories(workspace.resolve("x.flow"));
        watched(FileChangeType.Created, ".flow", ".flow/state.db", "x.flow");
        watched(FileChangeType.Changed, ".flow", "x.flow");

        buildsAgain(review);
        // a change on disk to the library the open workflow imports is built too
        Files.writeString(workspace.resolve("gates.flow"), Workflows.LIBRARY.replace("gate tests", "gate unit_tests"));
        server.fileChanged("gates.flow");
        server.client.await(review, "the renamed library gate is missed", d -> DiagnosticsIT.has(d, "FLOW202"));

        watched(FileChangeType.Deleted, ".flow/state.db", ".flow", "x.flow");
        Files.writeString(workspace.resolve("gates.flow"), Workflows.LIBRARY);
        server.fileChanged("gates.flow");
        server.client.await(review, "the library is back", d -> DiagnosticsIT.errors(d).isEmpty());

        assertThat(server.client.publishedFor(uri(".flow"), uri("x.flow"), uri(".flow/state.db"))).isEmpty();
        assertThat(server.log()).doesNotContain("Is a directory", "Exception", "ERROR");
    }

    @Test
    void leavesFacebookFlowFilesAndNodeModulesAlone() throws Exception {
        server = ServerProcess.start(workspace, Map.of(
                "gates.flow", Workflows.LIBRARY,
                "review.flow", Workflows.REVIEW,
                "web/src/api.js.flow", FACEBOOK_FLOW,
                "web/src/view.jsx.flow", FACEBOOK_FLOW,
                "node_modules/some-lib/index.js.flow", FACEBOOK_FLOW,
                "node_modules/some-lib/workflow.flow", "workflow broken {"));
        String review = server.open("review.flow");
        server.client.await(review, "the workflow is checked clean", d -> DiagnosticsIT.errors(d).isEmpty());

        // an editor that takes *.flow for this language opens a declaration file, and its watcher sees a new one
        Files.writeString(workspace.resolve("web/src/util.js.flow"), FACEBOOK_FLOW);
        watched(FileChangeType.Created, "web/src/util.js.flow", "node_modules/some-lib/index.js.flow");
        String declarations = server.open("web/src/api.js.flow");
        var hover = server.server.getTextDocumentService().hover(new HoverParams(new TextDocumentIdentifier(declarations), new Position(1, 3)))
                .get(RecordingClient.WAIT.toSeconds(), TimeUnit.SECONDS);
        assertThat(hover == null || hover.getContents() == null || hover.getContents().getRight().getValue().isEmpty())
                .as("hover on a declaration file: %s", hover).isTrue();

        buildsAgain(review);
        assertThat(server.client.publishedFor(declarations, server.uri("web/src/view.jsx.flow"), server.uri("web/src/util.js.flow"),
                server.uri("node_modules/some-lib/index.js.flow"), server.uri("node_modules/some-lib/workflow.flow"))).isEmpty();
        assertThat(server.log()).doesNotContain("Exception", "ERROR");
    }

    /** The workflow files beside ignored ones are still found by the workspace scan: a library in a sub-folder. */
    @Test
    void stillFindsWorkflowFilesInOrdinaryFolders() throws Exception {
        server = ServerProcess.start(workspace, Map.of("lib/gates.flow", Workflows.LIBRARY,
                "review.flow", Workflows.REVIEW.replace("import \"gates.flow\"", "import \"lib/gates.flow\""),
                "node_modules/gates.flow", "workflow broken {"));
        String review = server.open("review.flow");
        server.client.await(review, "the library in lib/ is found", d -> DiagnosticsIT.errors(d).isEmpty());
        server.client.await(server.uri("lib/gates.flow"), "the library is checked", d -> true);
        assertThat(server.client.publishedFor(server.uri("node_modules/gates.flow"))).isEmpty();
        assertThat(List.of(server.log())).noneMatch(log -> log.contains("Exception"));
    }
}

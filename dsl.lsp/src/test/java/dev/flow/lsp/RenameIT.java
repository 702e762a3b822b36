package dev.flow.lsp;

import static dev.flow.lsp.EditingIT.doc;
import static dev.flow.lsp.EditingIT.get;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PrepareRenameParams;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rename against the packaged server over stdio: where nothing can be renamed, and many at once on a cold server. */
class RenameIT {
    @TempDir
    Path workspace;

    @Test
    void whereNothingCanBeRenamedTheAnswerIsNullOrARefusalNeverAnInternalError() throws Exception {
        // an output's name answered -32603 (internal error): Xtext's serializer cannot write an output
        try (var server = ServerProcess.start(workspace, Map.of("gates.flow", Workflows.LIBRARY))) {
            String uri = server.open("review.flow", Workflows.REVIEW);
            var documents = server.server.getTextDocumentService();
            var keyword = Cursor.rangeOf(Workflows.REVIEW, "task", "").getStart();
            var output = Cursor.rangeOf(Workflows.REVIEW, "done", "outputs ").getStart();
            var condition = Cursor.rangeOf(Workflows.REVIEW, "blocked", "when ").getStart();
            for (Position at : List.of(keyword, output, condition)) {
                assertThat(get(documents.prepareRename(new PrepareRenameParams(doc(uri), at)))).as("prepareRename at " + at).isNull();
                try {
                    assertThat(get(documents.rename(new RenameParams(doc(uri), at, "other")))).as("rename at " + at).isNull();
                } catch (ExecutionException e) {
                    var error = ((ResponseErrorException) e.getCause()).getResponseError();
                    assertThat(error.getCode()).as("rename at " + at + ": " + error.getMessage()).isEqualTo(ResponseErrorCode.RequestFailed.getValue());
                }
            }
            assertThat(server.log()).doesNotContain("Exception");
        }
    }

    @Test
    void twelveSimultaneousFirstRenamesAllAnswer() throws Exception {
        // on a server that had not renamed anything yet, 3 of 12 simultaneous renames failed with a NullPointerException
        try (var server = ServerProcess.start(workspace, Map.of("gates.flow", Workflows.LIBRARY))) {
            var uris = new ArrayList<String>();
            for (int i = 0; i < 12; i++) {
                uris.add(server.open("review" + i + ".flow", Workflows.REVIEW));
            }
            // all sent before any answers; no edit between them (an edit rightly cancels the reads under way)
            var renames = new ArrayList<CompletableFuture<WorkspaceEdit>>();
            Position at = Cursor.rangeOf(Workflows.REVIEW, "analyze", "task ").getStart();
            for (int i = 0; i < 12; i++) {
                renames.add(server.server.getTextDocumentService().rename(new RenameParams(doc(uris.get(i)), at, "study" + i)));
            }
            List<String> failures = new ArrayList<>();
            for (int i = 0; i < renames.size(); i++) {
                try {
                    WorkspaceEdit edit = get(renames.get(i));
                    assertThat(edit).as("rename " + i).isNotNull();
                } catch (ExecutionException e) {
                    failures.add(i + ": " + e.getCause());
                }
            }
            assertThat(failures).as(server.log()).isEmpty();
            assertThat(server.log()).doesNotContain("NullPointerException");
        }
    }
}

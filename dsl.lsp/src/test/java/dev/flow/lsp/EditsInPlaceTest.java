package dev.flow.lsp;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Guice;
import com.google.inject.Injector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.xtext.ide.server.LanguageServerImpl;
import org.eclipse.xtext.ide.server.WorkspaceManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which edits keep the open file's model (the server's wiring, in this JVM, so that the model can
 * be looked at; {@link EditsInPlaceIT} shows through the packaged server that the diagnostics do
 * not change for it): an editor's incremental change does; a change of the whole text, and an
 * edit of a file another file imports, load the file again as Xtext always does.
 */
class EditsInPlaceTest {
    @TempDir
    Path workspace;

    private LanguageServerImpl server;
    private WorkspaceManager files;
    private final RecordingClient client = new RecordingClient();
    private int version = 1;

    @Test
    void anIncrementalEditKeepsTheModelAndAWholeTextOrAnImportedFileLoadsItAgain() throws Exception {
        Files.writeString(workspace.resolve("gates.flow"), Workflows.LIBRARY);
        Files.writeString(workspace.resolve("review.flow"), Workflows.REVIEW);
        Injector injector = Guice.createInjector(new FlowServerModule("https://flow.dev/docs/diagnostics", ExitOnRequest.keepRunning()));
        server = injector.getInstance(LanguageServerImpl.class);
        files = injector.getInstance(WorkspaceManager.class);
        server.connect(client);
        server.initialize(ServerProcess.initializeParams(workspace)).get(RecordingClient.WAIT.toSeconds(), TimeUnit.SECONDS);
        server.initialized(new InitializedParams());
        String review = open("review.flow", Workflows.REVIEW);
        String gates = open("gates.flow", Workflows.LIBRARY);
        Resource loaded = model(review);

        // "gate test uses tests" becomes "uses tsets": an unknown gate, in an element parsed again alone
        var tests = Cursor.rangeOf(Workflows.REVIEW, "tests", "gate test uses ");
        edit(review, new TextDocumentContentChangeEvent(tests, "tsets"));
        assertThat(model(review)).as("the model after an incremental edit").isSameAs(loaded);
        assertThat(client.latest(review)).extracting(d -> d.getCode().getLeft()).contains("FLOW202");

        // two changes in one notification (a multi-cursor edit): the name put back, then a word of a prompt
        String broken = Workflows.REVIEW.replace("gate test uses tests", "gate test uses tsets");
        String mended = Workflows.REVIEW;
        edit(review, new TextDocumentContentChangeEvent(Cursor.rangeOf(broken, "tsets", "gate test uses "), "tests"),
                new TextDocumentContentChangeEvent(Cursor.rangeOf(mended, "Fix it", ""), "Mend it"));
        assertThat(model(review)).as("the model after two changes in one notification").isSameAs(loaded);
        assertThat(client.latest(review)).extracting(d -> d.getCode().getLeft()).doesNotContain("FLOW202");

        edit(review, new TextDocumentContentChangeEvent(Workflows.REVIEW));
        assertThat(model(review)).as("the model after the whole text was sent").isNotSameAs(loaded);
        assertThat(client.latest(review)).extracting(d -> d.getCode().getLeft()).doesNotContain("FLOW202");

        Resource library = model(gates);
        edit(gates, new TextDocumentContentChangeEvent(Cursor.rangeOf(Workflows.LIBRARY, "tests", "gate "), "checks"));
        assertThat(model(gates)).as("the model of a file another one imports, after an incremental edit").isNotSameAs(library);
        assertThat(client.latest(review)).as("the importer's diagnostics").extracting(d -> d.getCode().getLeft()).contains("FLOW202");
    }

    private String open(String file, String text) throws Exception {
        String uri = workspace.resolve(file).toUri().toString();
        server.didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(uri, "flow", version, text)));
        built(uri);
        return uri;
    }

    private void edit(String uri, TextDocumentContentChangeEvent... changes) throws Exception {
        server.didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(uri, ++version), List.of(changes)));
        built(uri);
    }

    /** Returns once the edits so far are built: Xtext runs a read after the writes before it. */
    private void built(String uri) throws Exception {
        server.documentSymbol(new DocumentSymbolParams(new TextDocumentIdentifier(uri))).get(RecordingClient.WAIT.toSeconds(), TimeUnit.SECONDS);
    }

    private Resource model(String uri) {
        URI file = URI.createURI(uri);
        return files.getProjectManager(file).getResourceSet().getResource(file, false);
    }
}

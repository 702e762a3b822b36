package dev.flow.dsl.ide;

import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.ILanguageServerAccess;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;

/**
 * What Xtext's quick fixes ask of the language server to compute their edits: the open document and
 * its resource set. One document is open, and the client is one that takes plain {@code changes}
 * (no initialize parameters asking for document changes). Nothing else of a server is there.
 */
final class OneDocumentAccess implements ILanguageServerAccess {
    private final XtextResource resource;
    private final Document document;

    OneDocumentAccess(XtextResource resource, Document document) {
        this.resource = resource;
        this.document = document;
    }

    @Override
    public <T> T doSyncRead(String uri, Function<Context, T> function) {
        if (!uri.equals(resource.getURI().toString())) {
            throw new IllegalArgumentException(uri + " is not open; only " + resource.getURI() + " is");
        }
        return function.apply(new Context(resource, document, true, CancelIndicator.NullImpl));
    }

    @Override
    public <T> CompletableFuture<T> doRead(String uri, Function<Context, T> function) {
        return CompletableFuture.completedFuture(doSyncRead(uri, function));
    }

    @Override
    public <T> CompletableFuture<T> doReadIndex(Function<? super IndexContext, ? extends T> function) {
        throw new UnsupportedOperationException("no index without a workspace");
    }

    @Override
    public void addBuildListener(IBuildListener listener) {
        throw new UnsupportedOperationException("no builds without a workspace");
    }

    @Override
    public LanguageClient getLanguageClient() {
        throw new UnsupportedOperationException("no client without a server");
    }

    /** The open document's own resource set: the resource a quick fix looks up there is the open one. */
    @Override
    public ResourceSet newLiveScopeResourceSet(URI uri) {
        return resource.getResourceSet();
    }

    @Override
    public InitializeParams getInitializeParams() {
        return null;
    }

    @Override
    public InitializeResult getInitializeResult() {
        return null;
    }
}

package dev.flow.lsp;

import com.google.inject.Inject;
import com.google.inject.name.Named;
import dev.flow.dsl.ide.diagnostics.LspDiagnostics;
import dev.flow.dsl.resource.ImportedFiles;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.emf.common.util.URI;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidChangeWatchedFilesParams;
import org.eclipse.xtext.ide.server.UriExtensions;
import org.eclipse.xtext.resource.IResourceDescription;
import org.eclipse.xtext.ide.server.LanguageServerImpl;
import org.eclipse.xtext.validation.Issue;

/** Xtext's language server, publishing diagnostics with Flow's codes, links and related locations. */
class FlowLanguageServerImpl extends LanguageServerImpl {
    private LspDiagnostics diagnostics;

    @Inject
    private UriExtensions uris;

    @Inject
    void setDiagnosticsDocs(@Named(FlowServerModule.DOCS) String docs) {
        this.diagnostics = new LspDiagnostics(docs);
    }

    /**
     * Where the workspace is: the client's root, else (a client that names none, as some editors do
     * for a single file) the folder the server was started in, instead of failing the initialization.
     */
    @Override
    @SuppressWarnings("deprecation")
    protected org.eclipse.emf.common.util.URI getBaseDir(org.eclipse.lsp4j.InitializeParams params) {
        var dir = super.getBaseDir(params);
        return dir != null ? dir : org.eclipse.emf.common.util.URI.createURI(java.nio.file.Path.of("").toAbsolutePath().toUri().toString());
    }

    @Override
    protected Diagnostic toDiagnostic(Issue issue) {
        return diagnostics.complete(super.toDiagnostic(issue), issue);
    }

    /**
     * Xtext builds only Flow files, so a change to an imported {@code gates.yaml} registry would
     * leave the workflows that use it with stale diagnostics: they are checked again here.
     */
    @Override
    public void didChangeWatchedFiles(DidChangeWatchedFilesParams params) {
        super.didChangeWatchedFiles(params);
        List<URI> foreign = params.getChanges().stream()
                .map(change -> uris.toUri(change.getUri()))
                .filter(uri -> getResourceServiceProvider(uri) == null)
                .toList();
        if (!foreign.isEmpty()) {
            runBuildable(() -> getWorkspaceManager().didChangeFiles(importersOf(foreign), List.of()));
        }
    }

    /** The indexed Flow files that import one of {@code files}. */
    private List<URI> importersOf(List<URI> files) {
        var importers = new ArrayList<URI>();
        for (IResourceDescription description : getWorkspaceManager().getIndex().getAllResourceDescriptions()) {
            if (ImportedFiles.of(description).stream().anyMatch(files::contains)) {
                importers.add(description.getURI());
            }
        }
        return importers;
    }
}

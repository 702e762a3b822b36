package dev.flow.lsp;

import com.google.inject.Inject;
import com.google.inject.name.Named;
import dev.flow.dsl.conversion.Names;
import dev.flow.dsl.ide.diagnostics.LspDiagnostics;
import dev.flow.dsl.resource.ImportedFiles;
import dev.flow.lsp.workspace.WatchedFiles;
import dev.flow.lsp.workspace.WorkspaceScanner;
import java.nio.file.Path;
import java.util.ArrayList;
import dev.flow.model.Literals;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.eclipse.emf.common.util.URI;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidChangeWatchedFilesParams;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.xtext.ide.server.BuildManager;
import org.eclipse.xtext.ide.server.LanguageServerImpl;
import org.eclipse.xtext.ide.server.ProjectManager;
import org.eclipse.xtext.ide.server.UriExtensions;
import org.eclipse.xtext.ide.server.WorkspaceManager;
import org.eclipse.xtext.resource.IResourceDescription;
import org.eclipse.xtext.validation.Issue;

/** Xtext's language server, publishing diagnostics with Flow's codes, links and related locations. */
class FlowLanguageServerImpl extends LanguageServerImpl {
    private LspDiagnostics diagnostics;

    @Inject
    private UriExtensions uris;

    @Inject
    private WorkspaceScanner scanner;

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
        return dir != null ? dir : org.eclipse.emf.common.util.URI.createURI(Path.of("").toAbsolutePath().toUri().toString());
    }

    /**
     * A rename to a name Flow cannot write (empty, blank, with a backquote or a line break) is
     * refused with a message for the author, before Xtext's serializer fails on it with an
     * internal error.
     */
    @Override
    public CompletableFuture<WorkspaceEdit> rename(RenameParams params) {
        String name = params.getNewName();
        if (name == null || name.isBlank() || !Names.isWritable(name)) {
            return CompletableFuture.failedFuture(new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidParams,
                    Literals.quote(name == null ? "" : name) + " cannot be a name in Flow: a name is not empty or blank and holds no"
                            + " backquote or line break", null)));
        }
        return super.rename(params);
    }

    @Override
    protected Diagnostic toDiagnostic(Issue issue) {
        return diagnostics.complete(super.toDiagnostic(issue), issue);
    }

    /**
     * The files a watcher reports, narrowed to what the server builds ({@link WatchedFiles}): the
     * Flow files (never a folder, nor a file in {@code .flow/} or {@code node_modules}), and the
     * workflows that import a changed file of another kind, such as a {@code gates.yaml} registry,
     * which Xtext would not check again since it builds only Flow files. Files open in the editor
     * are the editor's to report, as in Xtext.
     */
    @Override
    protected BuildManager.Buildable toBuildable(DidChangeWatchedFilesParams params) {
        WorkspaceManager workspace = getWorkspaceManager();
        var changes = new WatchedFiles(scanner, this::workspaceFolderOf, uri -> getResourceServiceProvider(uri) != null, workspace.getIndex())
                .sort(params.getChanges().stream().map(c -> new WatchedFiles.Change(uris.toUri(c.getUri()), c.getType())).toList());
        var dirty = new ArrayList<URI>(changes.dirty().stream().filter(uri -> !workspace.isDocumentOpen(uri)).toList());
        dirty.addAll(importersOf(changes.others()));
        List<URI> deleted = changes.deleted().stream().filter(uri -> !workspace.isDocumentOpen(uri)).toList();
        return dirty.isEmpty() && deleted.isEmpty() ? BuildManager.Buildable.NO_BUILD : workspace.didChangeFiles(dirty, deleted);
    }

    /** The workspace folder that holds a file, or null when none does (a build of it would fail). */
    private URI workspaceFolderOf(URI uri) {
        ProjectManager project = getWorkspaceManager().getProjectManager(uri);
        return project == null ? null : project.getBaseDir();
    }

    /** The indexed Flow files that import one of {@code files}. */
    private List<URI> importersOf(List<URI> files) {
        var importers = new ArrayList<URI>();
        if (files.isEmpty()) {
            return importers;
        }
        for (IResourceDescription description : getWorkspaceManager().getIndex().getAllResourceDescriptions()) {
            if (ImportedFiles.of(description).stream().anyMatch(files::contains)) {
                importers.add(description.getURI());
            }
        }
        return importers;
    }
}

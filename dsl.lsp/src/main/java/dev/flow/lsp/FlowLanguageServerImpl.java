package dev.flow.lsp;

import com.google.inject.Inject;
import com.google.inject.name.Named;
import dev.flow.dsl.conversion.Names;
import dev.flow.dsl.ide.diagnostics.LspDiagnostics;
import dev.flow.dsl.ide.graph.GraphRequest;
import dev.flow.dsl.ide.yaml.YamlDocuments;
import dev.flow.frontend.Compiler;
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
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.CodeLens;
import org.eclipse.lsp4j.CodeLensParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidCloseTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DidSaveTextDocumentParams;
import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.DocumentHighlight;
import org.eclipse.lsp4j.DocumentHighlightParams;
import org.eclipse.lsp4j.DocumentRangeFormattingParams;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.FoldingRange;
import org.eclipse.lsp4j.FoldingRangeRequestParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.LocationLink;
import org.eclipse.lsp4j.PrepareRenameDefaultBehavior;
import org.eclipse.lsp4j.PrepareRenameParams;
import org.eclipse.lsp4j.PrepareRenameResult;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.ReferenceParams;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.SemanticTokens;
import org.eclipse.lsp4j.SemanticTokensParams;
import org.eclipse.lsp4j.SymbolInformation;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.jsonrpc.messages.Either3;
import org.eclipse.lsp4j.services.LanguageClient;
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

/**
 * Xtext's language server, publishing diagnostics with Flow's codes, links and related locations,
 * with the YAML documents beside it: Xtext builds only {@code .flow} files, so a {@code .yaml} or
 * {@code .yml} document goes to {@link YamlDocuments} (checked as {@code flow check} checks it when
 * it is Flow's, left alone when not), and every request about one that only Xtext could answer
 * gets an empty answer instead of an error.
 */
class FlowLanguageServerImpl extends LanguageServerImpl {
    private LspDiagnostics diagnostics;
    private YamlChecks yaml;

    @Inject
    private UriExtensions uris;

    @Inject
    private WorkspaceScanner scanner;

    @Inject
    void setDiagnosticsDocs(@Named(FlowServerModule.DOCS) String docs) {
        this.diagnostics = new LspDiagnostics(docs);
        this.yaml = new YamlChecks(new YamlDocuments(Compiler.withInstalledFrontEnds(), diagnostics));
    }

    @Override
    public void connect(LanguageClient client) {
        super.connect(client);
        yaml.connect(client);
    }

    private static boolean isYaml(String uri) {
        return YamlDocuments.isYaml(uri);
    }

    private static <T> CompletableFuture<T> answer(T value) {
        return CompletableFuture.completedFuture(value);
    }

    @Override
    public void didOpen(DidOpenTextDocumentParams params) {
        var document = params.getTextDocument();
        if (isYaml(document.getUri())) {
            yaml.opened(document.getUri(), document.getVersion(), document.getText());
        } else {
            super.didOpen(params);
        }
    }

    @Override
    public void didChange(DidChangeTextDocumentParams params) {
        var document = params.getTextDocument();
        if (isYaml(document.getUri())) {
            yaml.changed(document.getUri(), document.getVersion(), params.getContentChanges());
        } else {
            super.didChange(params);
        }
    }

    @Override
    public void didClose(DidCloseTextDocumentParams params) {
        if (isYaml(params.getTextDocument().getUri())) {
            yaml.closed(params.getTextDocument().getUri());
        } else {
            super.didClose(params);
        }
    }

    /** A saved YAML file may be the registry other open YAML workflows read from disk. */
    @Override
    public void didSave(DidSaveTextDocumentParams params) {
        if (isYaml(params.getTextDocument().getUri())) {
            yaml.filesChanged();
        } else {
            super.didSave(params);
        }
    }

    @Override
    public void didChangeWatchedFiles(DidChangeWatchedFilesParams params) {
        super.didChangeWatchedFiles(params);
        if (params.getChanges().stream().anyMatch(c -> isYaml(c.getUri()))) {
            yaml.filesChanged();
        }
    }

    @Override
    public CompletableFuture<Hover> hover(HoverParams params) {
        String uri = params.getTextDocument().getUri();
        return isYaml(uri) ? answer(yaml.documents().hover(uri, params.getPosition()).orElse(null)) : super.hover(params);
    }

    @Override
    public CompletableFuture<Either<List<CompletionItem>, CompletionList>> completion(CompletionParams params) {
        String uri = params.getTextDocument().getUri();
        return isYaml(uri) ? answer(Either.forLeft(yaml.documents().complete(uri, params.getPosition()))) : super.completion(params);
    }

    @Override
    public CompletableFuture<Either<List<? extends Location>, List<? extends LocationLink>>> definition(DefinitionParams params) {
        String uri = params.getTextDocument().getUri();
        return isYaml(uri) ? answer(Either.forLeft(yaml.documents().definition(uri, params.getPosition()))) : super.definition(params);
    }

    /** {@code flow/graph} for a YAML workflow: drawn from the editor's text, as for a {@code .flow} file. */
    @Override
    public CompletableFuture<?> request(String method, Object parameter) {
        if (GraphRequest.METHOD.equals(method) && parameter instanceof GraphRequest.GraphParams graph && isYaml(graph.uri)) {
            return answer(yaml.documents().graph(graph.uri));
        }
        return super.request(method, parameter);
    }

    // What only Xtext answers, for .flow files: nothing for a YAML document.

    @Override
    public CompletableFuture<List<? extends Location>> references(ReferenceParams params) {
        return isYaml(params.getTextDocument().getUri()) ? answer(List.of()) : super.references(params);
    }

    @Override
    public CompletableFuture<List<Either<SymbolInformation, DocumentSymbol>>> documentSymbol(DocumentSymbolParams params) {
        return isYaml(params.getTextDocument().getUri()) ? answer(List.of()) : super.documentSymbol(params);
    }

    @Override
    public CompletableFuture<List<? extends DocumentHighlight>> documentHighlight(DocumentHighlightParams params) {
        return isYaml(params.getTextDocument().getUri()) ? answer(List.of()) : super.documentHighlight(params);
    }

    @Override
    public CompletableFuture<List<Either<Command, CodeAction>>> codeAction(CodeActionParams params) {
        return isYaml(params.getTextDocument().getUri()) ? answer(List.of()) : super.codeAction(params);
    }

    @Override
    public CompletableFuture<List<? extends CodeLens>> codeLens(CodeLensParams params) {
        return isYaml(params.getTextDocument().getUri()) ? answer(List.of()) : super.codeLens(params);
    }

    @Override
    public CompletableFuture<List<? extends TextEdit>> formatting(DocumentFormattingParams params) {
        return isYaml(params.getTextDocument().getUri()) ? answer(List.of()) : super.formatting(params);
    }

    @Override
    public CompletableFuture<List<? extends TextEdit>> rangeFormatting(DocumentRangeFormattingParams params) {
        return isYaml(params.getTextDocument().getUri()) ? answer(List.of()) : super.rangeFormatting(params);
    }

    @Override
    public CompletableFuture<List<FoldingRange>> foldingRange(FoldingRangeRequestParams params) {
        return isYaml(params.getTextDocument().getUri()) ? answer(List.of()) : super.foldingRange(params);
    }

    @Override
    public CompletableFuture<SemanticTokens> semanticTokensFull(SemanticTokensParams params) {
        return isYaml(params.getTextDocument().getUri()) ? answer(new SemanticTokens(List.of())) : super.semanticTokensFull(params);
    }

    @Override
    public CompletableFuture<Either3<Range, PrepareRenameResult, PrepareRenameDefaultBehavior>> prepareRename(PrepareRenameParams params) {
        return isYaml(params.getTextDocument().getUri()) ? answer(null) : super.prepareRename(params);
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
        if (isYaml(params.getTextDocument().getUri())) {
            return answer(null);
        }
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

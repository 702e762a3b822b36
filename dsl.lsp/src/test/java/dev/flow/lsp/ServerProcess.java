package dev.flow.lsp;

import dev.flow.testing.Processes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.CodeActionCapabilities;
import org.eclipse.lsp4j.CodeActionKindCapabilities;
import org.eclipse.lsp4j.CodeActionLiteralSupportCapabilities;
import org.eclipse.lsp4j.CompletionCapabilities;
import org.eclipse.lsp4j.CompletionItemCapabilities;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DocumentSymbolCapabilities;
import org.eclipse.lsp4j.FoldingRangeCapabilities;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.PublishDiagnosticsCapabilities;
import org.eclipse.lsp4j.RenameCapabilities;
import org.eclipse.lsp4j.TextDocumentClientCapabilities;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageServer;

/**
 * The packaged language server ({@code flow-language-server.jar}) started as a separate process,
 * driven over its standard input and output by lsp4j's client launcher, as an editor would. One
 * per test class: a server start costs about two seconds.
 */
final class ServerProcess implements AutoCloseable {
    final Path workspace;
    final RecordingClient client = new RecordingClient();
    final LanguageServer server;
    final InitializeResult initialized;
    private final Process process;
    private final Map<String, Integer> versions = new HashMap<>();

    private ServerProcess(Path workspace, Process process) throws Exception {
        this.workspace = workspace;
        this.process = process;
        Launcher<LanguageServer> launcher = LSPLauncher.createClientLauncher(client, process.getInputStream(), process.getOutputStream());
        launcher.startListening();
        this.server = launcher.getRemoteProxy();
        this.initialized = server.initialize(initializeParams(workspace)).get(RecordingClient.WAIT.toSeconds(), TimeUnit.SECONDS);
        server.initialized(new InitializedParams());
    }

    /** Starts the server on a workspace holding these files (name to text). */
    static ServerProcess start(Path workspace, Map<String, String> files, String... serverArgs) throws Exception {
        for (var file : files.entrySet()) {
            Path path = workspace.resolve(file.getKey());
            Files.createDirectories(path.getParent());
            Files.writeString(path, file.getValue());
        }
        List<String> command = new ArrayList<>(List.of(java(), "-jar", jar().toString()));
        command.addAll(List.of(serverArgs));
        Process process = new ProcessBuilder(command)
                .redirectError(workspace.resolve("server.err").toFile())
                .start();
        return new ServerProcess(workspace, process);
    }

    /** The packaged server jar, which the build makes in the package phase, before these tests run. */
    static Path jar() {
        Path jar = Path.of(System.getProperty("flow.lsp.jar", "target/flow-language-server.jar")).toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("the language server jar " + jar + " is missing: these tests run after packaging, "
                    + "with 'mvn verify -pl dsl.lsp -am'");
        }
        return jar;
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    String uri(String file) {
        return workspace.resolve(file).toUri().toString();
    }

    /** Opens a file of the workspace in the editor, with its text on disk. */
    String open(String file) throws IOException {
        return open(file, Files.readString(workspace.resolve(file)));
    }

    String open(String file, String text) {
        String uri = uri(file);
        versions.put(uri, 1);
        server.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(uri, "flow", 1, text)));
        return uri;
    }

    /** Replaces the whole text of an open file, as a client with full synchronisation does. */
    void change(String uri, String text) {
        int version = versions.merge(uri, 1, Integer::sum);
        server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(
                new VersionedTextDocumentIdentifier(uri, version), List.of(new TextDocumentContentChangeEvent(text))));
    }

    /** Tells the server a file of the workspace changed on disk, as an editor's file watcher does. */
    void fileChanged(String file) {
        server.getWorkspaceService().didChangeWatchedFiles(new org.eclipse.lsp4j.DidChangeWatchedFilesParams(
                List.of(new org.eclipse.lsp4j.FileEvent(uri(file), org.eclipse.lsp4j.FileChangeType.Changed))));
    }

    /** The server's standard error so far, for failure messages. */
    String log() {
        try {
            return Files.readString(workspace.resolve("server.err"));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    int shutdownAndExit() throws Exception {
        server.shutdown().get(RecordingClient.WAIT.toSeconds(), TimeUnit.SECONDS);
        server.exit();
        return Processes.awaitExit(process, "the server, after shutdown and exit");
    }

    @Override
    public void close() throws Exception {
        if (process.isAlive()) {
            try {
                shutdownAndExit();
            } finally {
                process.destroyForcibly();
            }
        }
    }

    /** What VS Code announces, in the parts the server looks at. */
    static InitializeParams initializeParams(Path workspace) {
        var params = new InitializeParams();
        params.setProcessId((int) ProcessHandle.current().pid());
        params.setWorkspaceFolders(List.of(new WorkspaceFolder(workspace.toUri().toString(), "workspace")));
        var text = new TextDocumentClientCapabilities();
        var symbols = new DocumentSymbolCapabilities();
        symbols.setHierarchicalDocumentSymbolSupport(true);
        text.setDocumentSymbol(symbols);
        text.setFoldingRange(new FoldingRangeCapabilities());
        var rename = new RenameCapabilities();
        rename.setPrepareSupport(true);
        text.setRename(rename);
        var completion = new CompletionCapabilities(new CompletionItemCapabilities(true));
        text.setCompletion(completion);
        var actions = new CodeActionCapabilities(new CodeActionLiteralSupportCapabilities(
                new CodeActionKindCapabilities(List.of("quickfix"))), false);
        text.setCodeAction(actions);
        var publish = new PublishDiagnosticsCapabilities(true);
        publish.setCodeDescriptionSupport(true);
        publish.setDataSupport(true);
        text.setPublishDiagnostics(publish);
        var capabilities = new ClientCapabilities();
        capabilities.setTextDocument(text);
        var workspaceCaps = new org.eclipse.lsp4j.WorkspaceClientCapabilities();
        workspaceCaps.setWorkspaceFolders(true);
        capabilities.setWorkspace(workspaceCaps);
        params.setCapabilities(capabilities);
        return params;
    }
}

package dev.flow.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;

/**
 * Time from a {@code didChange} to its {@code publishDiagnostics} for workflows of 200, 2,000 and
 * 20,000 nodes, against the packaged server, and the server's resident memory after opening them.
 * Run: {@code java -cp bench/target/... dev.flow.bench.LspLatency dsl.lsp/target/flow-language-server.jar [sizes...]}.
 */
public final class LspLatency {
    static final int ROUNDS = 9;

    public static void main(String[] args) throws Exception {
        Path jar = Path.of(args.length > 0 ? args[0] : "dsl.lsp/target/flow-language-server.jar");
        List<Integer> sizes = args.length > 1 ? java.util.Arrays.stream(args).skip(1).map(Integer::parseInt).toList() : List.of(200, 2000, 20000);
        Path dir = Files.createTempDirectory("flow-lsp-bench");
        Process server = new ProcessBuilder("java", "-Xss8m", "-jar", jar.toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        var client = new Client();
        var launcher = LSPLauncher.createClientLauncher(client, server.getInputStream(), server.getOutputStream());
        launcher.startListening();
        LanguageServer ls = launcher.getRemoteProxy();
        var init = new InitializeParams();
        init.setWorkspaceFolders(List.of(new WorkspaceFolder(dir.toUri().toString(), "bench")));
        ls.initialize(init).get(60, TimeUnit.SECONDS);
        ls.initialized(new InitializedParams());
        System.out.printf("%8s %12s %12s %12s%n", "nodes", "median ms", "max ms", "RSS MB");
        for (int n : sizes) {
            String uri = dir.resolve("w" + n + ".flow").toUri().toString();
            String text = workflow(n, 0);
            var first = client.next(uri);
            ls.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(uri, "flow", 1, text)));
            first.get(600, TimeUnit.SECONDS);
            long[] times = new long[ROUNDS];
            for (int r = 0; r < ROUNDS; r++) {
                var published = client.next(uri);
                long start = System.nanoTime();
                ls.getTextDocumentService().didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(uri, r + 2),
                        List.of(new TextDocumentContentChangeEvent(workflow(n, r + 1)))));
                published.get(600, TimeUnit.SECONDS);
                times[r] = (System.nanoTime() - start) / 1_000_000;
            }
            java.util.Arrays.sort(times);
            System.out.printf("%8d %12d %12d %12d%n", n, times[ROUNDS / 2], times[ROUNDS - 1], rssMegabytes(server.pid()));
        }
        ls.shutdown().get(60, TimeUnit.SECONDS);
        ls.exit();
    }

    /** A chain of n tasks with a loop back every 10 nodes; {@code edit} changes one prompt. */
    static String workflow(int n, int edit) {
        var b = new StringBuilder("workflow big {\n    state { attempts: int = 0 }\n");
        for (int i = 0; i < n; i++) {
            b.append("    task t").append(i).append(" { agent claude prompt \"step ").append(i == n / 2 ? edit : i).append("\" }\n");
        }
        b.append("    start -> t0\n");
        for (int i = 0; i + 1 < n; i++) {
            b.append("    t").append(i).append(" -> t").append(i + 1).append('\n');
            if (i % 10 == 9) {
                b.append("    t").append(i).append(" -> t").append(i - 9).append(" loop max 3 when attempts < 3\n");
            }
        }
        b.append("    t").append(n - 1).append(" -> end\n}\n");
        return b.toString();
    }

    static long rssMegabytes(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) / 1024;
                }
            }
        } catch (java.io.IOException | NumberFormatException e) {
            // not Linux: no figure
        }
        return -1;
    }

    static final class Client implements LanguageClient {
        private final java.util.Map<String, CompletableFuture<Void>> waiting = new java.util.concurrent.ConcurrentHashMap<>();

        CompletableFuture<Void> next(String uri) {
            var f = new CompletableFuture<Void>();
            waiting.put(uri, f);
            return f;
        }

        @Override
        public void publishDiagnostics(PublishDiagnosticsParams params) {
            var f = waiting.remove(params.getUri());
            if (f != null) {
                f.complete(null);
            }
        }

        @Override
        public void telemetryEvent(Object object) {}

        @Override
        public void showMessage(MessageParams params) {}

        @Override
        public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams params) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void logMessage(MessageParams params) {}
    }
}

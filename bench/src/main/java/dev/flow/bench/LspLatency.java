package dev.flow.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.RegistrationParams;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.UnregistrationParams;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;

/**
 * Time from a {@code didChange} to its {@code publishDiagnostics} for workflows of 200, 2,000 and
 * 20,000 nodes ({@link FlowGenerator#blocks}: tasks, gates, branches looping back, parallel
 * fan-outs, merges), against the packaged server in its own JVM, and the server's resident memory
 * (RSS) after opening each. Each edit is what an editor sends while the author types: a small
 * incremental change in the middle of the file, which alternately breaks a gate reference
 * ({@code uses tests} becomes {@code uses tsets}, FLOW202) and fixes it; the time runs until the
 * diagnostics that reflect that edit arrive. The first {@link #WARMUP} edits of each size warm the
 * JIT and are not counted.
 *
 * <p>Run: {@code bench/run.sh lsp} (or {@code LspLatency JAR [sizes...]}).
 */
public final class LspLatency {
    static final int WARMUP = Integer.getInteger("warmup", 30);
    static final int ROUNDS = Integer.getInteger("rounds", 20);

    public static void main(String[] args) throws Exception {
        Path jar = Path.of(args.length > 0 ? args[0] : "dsl.lsp/target/flow-language-server.jar");
        List<Integer> sizes = args.length > 1 ? Arrays.stream(args).skip(1).map(Integer::parseInt).toList() : List.of(200, 2000, 20000);
        if (!Files.isRegularFile(jar)) {
            System.err.println("LspLatency: " + jar + " is missing; build it with: mvn -B -q package -DskipTests");
            System.exit(2);
        }
        Path dir = Scratch.dir("flow-lsp-bench");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // FLOW_LSP_JAVA_OPTS: options for the server's JVM, e.g. -XX:StartFlightRecording=filename=lsp.jfr to profile it;
        // unset, the collector the extension and `flow lsp` start it with (one set replaces it: the JVM refuses two).
        var command = new ArrayList<>(List.of(java, "-Xss8m"));
        String options = System.getenv().getOrDefault("FLOW_LSP_JAVA_OPTS", "").strip();
        if (!options.matches(".*-XX:\\+Use\\w*GC.*")) {
            command.add("-XX:+UseSerialGC");
        }
        if (!options.isEmpty()) {
            command.addAll(List.of(options.split("\\s+")));
        }
        command.addAll(List.of("-jar", jar.toString()));
        Process server = new ProcessBuilder(command).redirectError(dir.resolve("server.err").toFile()).start();
        var client = new Client();
        var launcher = LSPLauncher.createClientLauncher(client, server.getInputStream(), server.getOutputStream());
        launcher.startListening();
        LanguageServer ls = launcher.getRemoteProxy();
        int exit = 0;
        try {
            measure(ls, client, server, dir, sizes);
        } catch (Exception e) {
            e.printStackTrace();
            System.err.println("LspLatency: the server's log is " + dir.resolve("server.err"));
            exit = 1;
        } finally {
            server.destroy();
        }
        // lsp4j's listener threads would keep the JVM alive.
        System.exit(exit);
    }

    private static void measure(LanguageServer ls, Client client, Process server, Path dir, List<Integer> sizes) throws Exception {
        var init = new InitializeParams();
        init.setProcessId((int) ProcessHandle.current().pid());
        // As VS Code announces itself: a root, its folder, and workspace folder support.
        init.setRootUri(dir.toUri().toString());
        init.setWorkspaceFolders(List.of(new WorkspaceFolder(dir.toUri().toString(), "bench")));
        var capabilities = new org.eclipse.lsp4j.ClientCapabilities();
        var workspace = new org.eclipse.lsp4j.WorkspaceClientCapabilities();
        workspace.setWorkspaceFolders(true);
        capabilities.setWorkspace(workspace);
        init.setCapabilities(capabilities);
        ls.initialize(init).get(120, TimeUnit.SECONDS);
        ls.initialized(new InitializedParams());
        System.out.printf("Flow language server, didChange -> publishDiagnostics (%d edits after %d warm-up edits), Java %s%n",
                ROUNDS, WARMUP, System.getProperty("java.version"));
        System.out.printf("%8s %10s %10s %10s %10s %12s %10s %10s%n", "nodes", "lines", "open ms", "median ms", "p90 ms", "max ms", "RSS MB", "live MB");
        int version = 1;
        for (int n : sizes) {
            String uri = dir.resolve("generated_" + n + ".flow").toUri().toString();
            String text = FlowGenerator.blocks(n);
            // A gate node in the middle of the file: its reference is what the edits break and fix.
            String gate = "    gate g" + (n / 10 / 2) + " uses ";
            int line = (int) text.substring(0, text.indexOf(gate)).chars().filter(c -> c == '\n').count();
            Range name = new Range(new Position(line, gate.length()), new Position(line, gate.length() + "tests".length()));

            long openStart = System.nanoTime();
            var opened = client.next(uri, d -> true);
            ls.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(uri, "flow", version, text)));
            List<Diagnostic> first = opened.get(600, TimeUnit.SECONDS);
            long openMs = (System.nanoTime() - openStart) / 1_000_000;
            if (first.stream().anyMatch(d -> d.getSeverity() == org.eclipse.lsp4j.DiagnosticSeverity.Error)) {
                throw new IllegalStateException("the generated workflow should be clean: " + first.get(0).getMessage());
            }
            var times = new ArrayList<Long>();
            for (int r = 0; r < WARMUP + ROUNDS; r++) {
                boolean breaks = r % 2 == 0;
                Predicate<List<Diagnostic>> reflects = d -> breaks == d.stream().anyMatch(x -> x.getCode() != null && "FLOW202".equals(x.getCode().getLeft()));
                var published = client.next(uri, reflects);
                long start = System.nanoTime();
                ls.getTextDocumentService().didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(uri, ++version),
                        List.of(new TextDocumentContentChangeEvent(name, breaks ? "tsets" : "tests"))));
                published.get(600, TimeUnit.SECONDS);
                if (r >= WARMUP) {
                    times.add((System.nanoTime() - start) / 1_000_000);
                }
            }
            times.sort(null);
            long rss = rssMegabytes(server.pid());
            System.out.printf("%8d %10d %10d %10d %10d %12d %10d %10d%n", n, text.lines().count(), openMs, times.get(times.size() / 2),
                    times.get((int) Math.ceil(times.size() * 0.9) - 1), times.get(times.size() - 1), rss, liveHeapMegabytes(server.pid()));
        }
        ls.shutdown().get(60, TimeUnit.SECONDS);
        ls.exit();
        server.waitFor(60, TimeUnit.SECONDS);
    }

    /**
     * What the server's heap holds after a full collection ({@code jcmd GC.run}, then the used figure
     * of {@code GC.heap_info}): the memory its open documents need, whatever the heap grew to. -1 when
     * jcmd cannot tell.
     */
    static long liveHeapMegabytes(long pid) {
        try {
            String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
            new ProcessBuilder(jcmd, Long.toString(pid), "GC.run").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start().waitFor();
            Process info = new ProcessBuilder(jcmd, Long.toString(pid), "GC.heap_info").redirectErrorStream(true).start();
            String text = new String(info.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            info.waitFor();
            long usedKb = 0;
            var used = java.util.regex.Pattern.compile("total \\d+K, used (\\d+)K");
            for (String line : text.lines().toList()) {
                var m = used.matcher(line);
                // the heap's own lines (G1's one, or the serial collector's generations), not Metaspace's
                if (m.find() && !line.contains("Metaspace") && !line.contains("class space")) {
                    usedKb += Long.parseLong(m.group(1));
                }
            }
            return usedKb > 0 ? usedKb / 1024 : -1;
        } catch (java.io.IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    static long rssMegabytes(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) / 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux: no figure
        }
        return -1;
    }

    /** The editor's side: hands each file's next diagnostics that satisfy a condition to whoever waits. */
    static final class Client implements LanguageClient {
        private record Waiter(Predicate<List<Diagnostic>> condition, CompletableFuture<List<Diagnostic>> result) {}

        private final Map<String, Waiter> waiting = new ConcurrentHashMap<>();

        CompletableFuture<List<Diagnostic>> next(String uri, Predicate<List<Diagnostic>> condition) {
            var waiter = new Waiter(condition, new CompletableFuture<>());
            waiting.put(uri, waiter);
            return waiter.result();
        }

        @Override
        public void publishDiagnostics(PublishDiagnosticsParams params) {
            var waiter = waiting.get(params.getUri());
            if (waiter != null && waiter.condition().test(params.getDiagnostics()) && waiting.remove(params.getUri(), waiter)) {
                waiter.result().complete(params.getDiagnostics());
            }
        }

        @Override
        public CompletableFuture<Void> registerCapability(RegistrationParams params) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletableFuture<Void> unregisterCapability(UnregistrationParams params) {
            return CompletableFuture.completedFuture(null);
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

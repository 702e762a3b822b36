package dev.flow.lsp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.testing.Processes;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged jar's command line: help, mistakes, a clean exit, and each transport an LSP client
 * asks for the way vscode-languageclient asks (it appends {@code --stdio}, {@code --socket=PORT} or
 * {@code --pipe=NAME}, and {@code --clientProcessId=PID}).
 */
class LauncherIT {

    static Process start(Path dir, String... args) throws Exception {
        var command = new ArrayList<>(List.of(ServerProcess.java(), "-jar", ServerProcess.jar().toString()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).directory(dir.toFile()).start();
    }

    @Test
    void printsItsUsageOnHelp(@TempDir Path dir) throws Exception {
        Process p = start(dir, "--help");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(Processes.awaitExit(p, "the language server")).isZero();
        assertThat(out).contains("Usage: flow-language-server", "--stdio", "--socket=PORT", "--pipe=NAME", "--clientProcessId=PID", "--listen PORT");
    }

    @Test
    void refusesAnUnknownOptionWithTheUsage(@TempDir Path dir) throws Exception {
        Process p = start(dir, "--sokcet", "5007");
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(Processes.awaitExit(p, "the language server")).isEqualTo(2);
        assertThat(err).contains("unknown option '--sokcet'", "Usage:");
    }

    @Test
    void exitsWithZeroAfterShutdownAndExitOverStdio(@TempDir Path dir) throws Exception {
        var server = ServerProcess.start(dir, Map.of("a.flow", Workflows.LIBRARY));
        assertThat(server.initialized.getCapabilities().getHoverProvider().getLeft()).isTrue();
        assertThat(server.shutdownAndExit()).isZero();
        assertThat(server.log()).doesNotContain("Exception");
    }

    @Test
    void startsForAClientThatNamesNoWorkspace(@TempDir Path dir) throws Exception {
        Process p = start(dir);
        try {
            var client = new RecordingClient();
            Launcher<LanguageServer> launcher = LSPLauncher.createClientLauncher(client, p.getInputStream(), p.getOutputStream());
            launcher.startListening();
            var params = new InitializeParams();
            params.setCapabilities(new ClientCapabilities());
            var result = launcher.getRemoteProxy().initialize(params).get(60, TimeUnit.SECONDS);
            assertThat(result.getCapabilities().getHoverProvider().getLeft()).isTrue();
            launcher.getRemoteProxy().shutdown().get(60, TimeUnit.SECONDS);
            launcher.getRemoteProxy().exit();
            assertThat(Processes.awaitExit(p, "the language server")).isZero();
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void listensForDebuggingClientsOnAPort(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("gates.flow"), Workflows.LIBRARY);
        Process p = start(dir, "--listen", "0");
        try {
            var stderr = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
            int port = -1;
            var listening = Pattern.compile("listening on [^:]+:(\\d+)");
            // Reads only up to the line with the port: the next line comes only when a client connects.
            String line;
            while (port < 0 && (line = stderr.readLine()) != null) {
                var m = listening.matcher(line);
                if (m.find()) {
                    port = Integer.parseInt(m.group(1));
                }
            }
            assertThat(port).as("the port the server printed").isPositive();
            var drain = new Thread(() -> {
                try {
                    stderr.transferTo(Writer.nullWriter());
                } catch (IOException e) {
                    // the process ended
                }
            });
            drain.setDaemon(true);
            drain.start();
            try (Socket socket = new Socket("127.0.0.1", port)) {
                var client = new RecordingClient();
                Launcher<LanguageServer> launcher = LSPLauncher.createClientLauncher(client, socket.getInputStream(), socket.getOutputStream());
                launcher.startListening();
                var result = launcher.getRemoteProxy().initialize(ServerProcess.initializeParams(dir)).get(60, TimeUnit.SECONDS);
                assertThat(result.getCapabilities().getCompletionProvider()).isNotNull();
                launcher.getRemoteProxy().shutdown().get(60, TimeUnit.SECONDS);
            }
            assertThat(p.isAlive()).as("a socket server waits for the next client").isTrue();
        } finally {
            p.destroy();
            p.waitFor(60, TimeUnit.SECONDS);
        }
    }

    /** Initializes over these streams, as an editor does, and returns the server's proxy once it answered. */
    static LanguageServer initialize(InputStream in, OutputStream out, Path dir) throws Exception {
        Launcher<LanguageServer> launcher = LSPLauncher.createClientLauncher(new RecordingClient(), in, out);
        launcher.startListening();
        var result = launcher.getRemoteProxy().initialize(ServerProcess.initializeParams(dir)).get(60, TimeUnit.SECONDS);
        assertThat(result.getCapabilities().getHoverProvider().getLeft()).isTrue();
        return launcher.getRemoteProxy();
    }

    /** Initializes, shuts down and exits, then expects the server to end with 0. */
    static void initializeShutDownAndExit(Process p, InputStream in, OutputStream out, Path dir) throws Exception {
        LanguageServer server = initialize(in, out, dir);
        server.shutdown().get(60, TimeUnit.SECONDS);
        server.exit();
        assertThat(Processes.awaitExit(p, "the language server")).isZero();
    }

    @Test
    void servesOverStdioWithTheArgumentsVsCodesClientAppends(@TempDir Path dir) throws Exception {
        Process p = start(dir, "--stdio", "--clientProcessId=" + ProcessHandle.current().pid());
        try {
            initializeShutDownAndExit(p, p.getInputStream(), p.getOutputStream(), dir);
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void connectsToAClientThatListensOnASocket(@TempDir Path dir) throws Exception {
        try (var listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Process p = start(dir, "--socket=" + listener.getLocalPort());
            try (Socket socket = listener.accept()) {
                initializeShutDownAndExit(p, socket.getInputStream(), socket.getOutputStream(), dir);
            } finally {
                p.destroyForcibly();
            }
        }
    }

    @Test
    void connectsToAClientThatListensOnAPipe(@TempDir Path dir) throws Exception {
        Path pipe = dir.resolve("lsp.sock");
        try (var listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            listener.bind(UnixDomainSocketAddress.of(pipe));
            Process p = start(dir, "--pipe=" + pipe);
            try (var channel = listener.accept()) {
                ClientConnection client = ClientConnection.over(channel);
                initializeShutDownAndExit(p, client.input(), client.output(), dir);
            } finally {
                p.destroyForcibly();
            }
        }
    }

    @Test
    void exitsWhenItsClientProcessEnds(@TempDir Path dir) throws Exception {
        Process editor = new ProcessBuilder("sleep", "600").start();
        Process p = start(dir, "--stdio", "--clientProcessId=" + editor.pid());
        try {
            initialize(p.getInputStream(), p.getOutputStream(), dir);
            editor.destroy();
            // Polls: the server notices the editor's end on its own schedule.
            Processes.awaitExit(p, "the language server, after its editor ended");
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(err).contains("the client process " + editor.pid() + " ended");
        } finally {
            editor.destroyForcibly();
            p.destroyForcibly();
        }
    }

    @Test
    void refusesNodeIpcAndSaysWhichTransportsItHas(@TempDir Path dir) throws Exception {
        Process p = start(dir, "--node-ipc", "--clientProcessId=1");
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(Processes.awaitExit(p, "the language server")).isEqualTo(2);
        assertThat(err).contains("--node-ipc is for servers written for Node.js", "--stdio, --socket=PORT or --pipe=NAME");
    }
}

package dev.flow.lsp;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The packaged jar's command line: help, mistakes, stdio, the socket option and a clean exit. */
class LauncherIT {

    static Process start(Path dir, String... args) throws Exception {
        var command = new java.util.ArrayList<>(List.of(ServerProcess.java(), "-jar", ServerProcess.jar().toString()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).directory(dir.toFile()).start();
    }

    @Test
    void printsItsUsageOnHelp(@TempDir Path dir) throws Exception {
        Process p = start(dir, "--help");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        assertThat(out).contains("Usage: flow-language-server", "--socket PORT");
    }

    @Test
    void refusesAnUnknownOptionWithTheUsage(@TempDir Path dir) throws Exception {
        Process p = start(dir, "--sokcet", "5007");
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isEqualTo(2);
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
            var params = new org.eclipse.lsp4j.InitializeParams();
            params.setCapabilities(new org.eclipse.lsp4j.ClientCapabilities());
            var result = launcher.getRemoteProxy().initialize(params).get(60, TimeUnit.SECONDS);
            assertThat(result.getCapabilities().getHoverProvider().getLeft()).isTrue();
            launcher.getRemoteProxy().shutdown().get(60, TimeUnit.SECONDS);
            launcher.getRemoteProxy().exit();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).isZero();
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void servesAClientOnASocket(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("gates.flow"), Workflows.LIBRARY);
        Process p = start(dir, "--socket", "0");
        try {
            var stderr = new java.io.BufferedReader(new java.io.InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
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
                    stderr.transferTo(java.io.Writer.nullWriter());
                } catch (java.io.IOException e) {
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
}

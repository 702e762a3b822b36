package dev.flow.cli;

import dev.flow.studio.Studio;
import dev.flow.studio.StudioAddress;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code flow studio}: a live web page of the database's executions, until stopped. */
@Command(name = "studio", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Serve a web page that shows the database's executions as they run (driven by any flow process):"
                + " each one's graph with its nodes' live status, its events, results, kv, loops and child executions,"
                + " and forms to answer a person's question. Prints the page's URL; Ctrl-C stops.",
                "It listens on 127.0.0.1 unless --host says otherwise; anywhere else every request needs a token"
                        + " (--token, or a new random one), which the printed URL carries.",
                "Exit status: 0 when stopped, 2 usage problems (no database, a port in use)."})
final class StudioCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--port", paramLabel = "N", defaultValue = "7777", description = "The port (default 7777; 0 picks a free one).")
    int port;

    @Option(names = "--host", paramLabel = "H", defaultValue = StudioAddress.LOOPBACK,
            description = "The address to listen on (default 127.0.0.1, this machine only). Any other needs a token.")
    String host;

    @Option(names = "--token", paramLabel = "TOKEN",
            description = "The token every request must carry (default: none on 127.0.0.1, a new random one elsewhere)."
                    + " Shows in ps and the shell's history: prefer --token-file or FLOW_STUDIO_TOKEN.")
    String token;

    @Option(names = "--token-file", paramLabel = "FILE",
            description = "Read the token from FILE (its first line). The environment variable " + TOKEN_VARIABLE + " gives one too.")
    Path tokenFile;

    /** The environment variable that gives the token, out of sight of ps. */
    static final String TOKEN_VARIABLE = "FLOW_STUDIO_TOKEN";

    @Mixin
    DatabaseOptions database;

    @Override
    public Integer call() throws InterruptedException {
        StudioAddress address;
        try {
            address = StudioAddress.of(host, port, token(token, tokenFile, System.getenv(TOKEN_VARIABLE), spec.commandLine().getErr()));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        var out = spec.commandLine().getOut();
        try (var store = database.openExisting()) {
            Studio studio;
            try {
                studio = Studio.start(Engines.create(store), address);
            } catch (IOException e) {
                throw new UserError(e.getMessage(), ExitCode.USAGE);
            }
            var stopped = new CountDownLatch(1);
            Thread hook = new Thread(() -> {
                studio.close();
                stopped.countDown();
            }, "flow-studio-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            out.println("flow studio: " + studio.url() + " (" + store.address() + "); Ctrl-C stops");
            out.flush();
            stopped.await();
            return ExitCode.OK;
        }
    }

    /**
     * The token: from {@code --token} (with a warning: every user sees it in {@code ps}), else the
     * first line of {@code --token-file}, else the environment variable; null when none is given.
     */
    static String token(String given, Path file, String variable, PrintWriter err) {
        if (given != null) {
            err.println("flow studio: warning: --token shows in ps and the shell's history; use --token-file FILE or "
                    + TOKEN_VARIABLE + " instead");
            err.flush();
            return given;
        }
        if (file != null) {
            try {
                String line = Files.readAllLines(file).stream().findFirst().orElse("").trim();
                if (line.isEmpty()) {
                    throw new IllegalArgumentException("the token file " + file + " is empty");
                }
                return line;
            } catch (IOException e) {
                throw new IllegalArgumentException("the token file " + file + " cannot be read: " + e.getMessage());
            }
        }
        return variable == null || variable.isBlank() ? null : variable.trim();
    }
}

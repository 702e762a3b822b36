package dev.flow.cli;

import dev.flow.testing.Poll;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs the command line in this JVM and keeps what it printed. */
record Cli(int exit, String out, String err) {

    static Cli run(String... args) {
        var out = new StringWriter();
        var err = new StringWriter();
        int exit = FlowCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Cli(exit, out.toString(), err.toString());
    }

    /** Starts the command line on a thread of its own: what it prints can be read while it runs. */
    static Live start(String... args) {
        var out = new StringWriter();
        var err = new StringWriter();
        var exit = CompletableFuture.supplyAsync(() -> FlowCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true)));
        return new Live(exit, out, err);
    }

    /** A command line running in this JVM. */
    record Live(CompletableFuture<Integer> exit, StringWriter out, StringWriter err) {
        /** What it printed so far. */
        String outSoFar() {
            return out.toString();
        }

        /** Waits until it printed {@code text}. */
        void awaitOut(String text) {
            Poll.until("'" + text + "' printed by the command", () -> {
                if (exit.isDone() && !out.toString().contains(text)) {
                    throw new AssertionError("the command ended without printing '" + text + "'; it printed:\n" + out + "\nerrors:\n" + err);
                }
                return out.toString().contains(text);
            });
        }

        /** Waits for it to end. */
        Cli finish() throws Exception {
            return new Cli(exit.get(Poll.PATIENCE.toSeconds(), TimeUnit.SECONDS), out.toString(), err.toString());
        }
    }
}

package dev.flow.engine.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs one process to its end: in a sandbox when its spec asks for one ({@link Bubblewrap}; never
 * without one when it does), output straight to files (no copying threads), standard input from a
 * file or nothing, the whole tree killed on timeout or cancellation, and whatever the process left
 * running killed when it ends ({@link ProcessTree}).
 */
public final class ProcessRunner {
    private static final Path DEV_NULL = Path.of("/dev/null");

    private final Containment containment;

    public ProcessRunner(Containment containment) {
        this.containment = containment;
    }

    /** Runs the process; throws when it cannot be started at all. */
    public ProcessResult run(ProcessSpec spec, Cancellation cancellation) throws LaunchException {
        List<String> argv = spec.argv();
        if (argv.isEmpty()) {
            throw new LaunchException("the command is empty");
        }
        Path program = ProgramLocator.locate(argv.get(0), spec.cwd(), spec.env());
        List<String> full = new ArrayList<String>(argv);
        full.set(0, program.toString());
        if (spec.sandbox() != null) {
            var bwrap = Bubblewrap.check(spec.env());
            if (!bwrap.available()) {
                throw new LaunchException(bwrap.problem() + "; or run this step with \"sandbox none\"");
            }
            full = Bubblewrap.wrap(bwrap.program(), spec.sandbox(), spec.cwd(), full);
        }
        var pb = new ProcessBuilder().directory(spec.cwd().toFile());
        pb.environment().clear();
        pb.environment().putAll(spec.env());
        pb.redirectOutput(spec.stdout().toFile());
        pb.redirectError(spec.stderr().toFile());
        if (spec.stdin() != null) {
            pb.redirectInput(spec.stdin().toFile());
        } else if (Files.exists(DEV_NULL)) {
            pb.redirectInput(DEV_NULL.toFile());
        }
        long started = System.nanoTime();
        if (cancellation.isCancelled()) {
            // cancelled between its claim and now: start nothing, rather than kill a process as it is born
            return new ProcessResult(-1, false, true, 0);
        }
        ProcessTree tree;
        try {
            tree = ProcessTree.start(pb, full, containment.cgroupFor(spec.runToken()), spec.runToken());
        } catch (IOException e) {
            throw new LaunchException("cannot start \"" + argv.get(0) + "\": " + e.getMessage());
        }
        Process process = tree.process();
        Runnable kill = tree::kill;
        cancellation.onCancel(kill);
        boolean timedOut = false;
        try {
            long timeoutMillis = spec.timeout() == null ? Long.MAX_VALUE : Math.max(1, spec.timeout().toMillis());
            if (!process.waitFor(timeoutMillis, TimeUnit.MILLISECONDS)) {
                timedOut = true;
                tree.kill();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            tree.kill();
            Thread.currentThread().interrupt();
        } finally {
            cancellation.forget(kill);
            tree.close();
        }
        int code = process.isAlive() ? -1 : process.exitValue();
        if (timedOut || cancellation.isCancelled()) {
            code = -1;
        }
        return new ProcessResult(code, timedOut, cancellation.isCancelled(), (System.nanoTime() - started) / 1_000_000);
    }

    /**
     * Kills whatever a dead worker left running for this run token (see {@code FLOW_RUN_TOKEN}): its
     * job cgroups, found by name, and the processes whose environment carries the token.
     */
    public static int killLeftovers(String token) {
        return ProcessTree.killByToken(token);
    }
}

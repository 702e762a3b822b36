package dev.flow.cli;

import dev.flow.engine.Engine;
import dev.flow.engine.WorkerHandle;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code flow worker [--concurrency N]}: serve every execution in the database until stopped. */
@Command(name = "worker", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Serve every execution in the database, running up to N nodes at once, until stopped with Ctrl-C or SIGTERM."
                + " Several workers (on this machine or sharing the file) can serve one database: no node runs twice, and the nodes of a"
                + " worker that dies go to the others once its leases lapse. Start executions for workers with \"flow run --detach\".",
                "On Ctrl-C or SIGTERM the worker stops taking work, stops what it runs and hands those nodes back (ready again, same attempt),"
                        + " so nothing is lost: another worker or \"flow resume\" runs them.",
                "When the database goes out of reach (a PostgreSQL server restarting) the worker says so, waits and tries again (every quarter second at"
                        + " first, doubling up to every 30 seconds) and says when it is back; it does not exit.",
                "Exit status: 0 or the signal's (130, 143) when stopped, 1 when a worker slot failed, 2 usage problems (an unreadable database)."})
final class WorkerCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = {"-c", "--concurrency"}, paramLabel = "N", defaultValue = "4", description = "How many nodes to run at once (default 4).")
    int concurrency;

    @Mixin
    DriveOptions drive;

    @Option(names = "--progress", paramLabel = "plain|none", defaultValue = "plain",
            description = "plain (default): a line for each node this worker starts and finishes, with its execution; none: quiet.")
    String progress;

    @Option(names = "--color", paramLabel = "auto|always|never", defaultValue = "auto", converter = ColorMode.Converter.class, description = "Colour the output.")
    ColorMode color;

    @Override
    public Integer call() throws InterruptedException {
        if (concurrency < 1 || concurrency > 256) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--concurrency must be between 1 and 256, not " + concurrency);
        }
        if (!progress.equals("plain") && !progress.equals("none")) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--progress must be plain or none, not \"" + progress + "\"");
        }
        var out = spec.commandLine().getOut();
        Ansi ansi = Ansi.choose(color);
        try (var store = drive.database.openOrCreate(); Progress display = Progress.choose(progress, out, ansi, true)) {
            SnapshotWriter snapshots = drive.snapshot.writer();
            Engine engine = Engines.create(store, snapshots == null ? display : snapshots.after(display), drive.roles.commands());
            if (snapshots != null) {
                // every execution this worker works on, each with its children
                snapshots.start(engine, Set.of(), spec.commandLine().getErr());
            }
            WorkerHandle worker = engine.serve(concurrency);
            var stopped = new CountDownLatch(1);
            Thread hook = new Thread(() -> {
                display.say("stopping: work in progress goes back to the database for another worker or \"flow resume\"");
                worker.stop(true);
                worker.awaitStopped();
                display.say("stopped");
                stopped.countDown();
            }, "flow-worker-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            display.say("serving " + store.address() + " with " + concurrency + (concurrency == 1 ? " slot" : " slots")
                    + " as " + worker.owner() + "; Ctrl-C stops");
            display.say("processes: " + dev.flow.engine.exec.Containment.forEnvironment(System.getenv()).describe());
            var outages = new OutageReport(display, store.address(), "this worker");
            while (worker.failure() == null) {
                if (stopped.await(1, TimeUnit.SECONDS)) {
                    return ExitCode.OK;
                }
                outages.update(worker.outages(), worker.outage());
            }
            Runtime.getRuntime().removeShutdownHook(hook);
            worker.stop(true);
            worker.awaitStopped();
            if (worker.failure() instanceof dev.flow.store.StoreException problem && problem.kind() != dev.flow.store.StoreException.Kind.BUG) {
                // the database or its disk (full, read-only, gone), not Flow
                spec.commandLine().getErr().println("flow worker: " + problem.getMessage());
                spec.commandLine().getErr().flush();
                return ExitCode.USAGE;
            }
            spec.commandLine().getErr().println("flow worker: a worker slot stopped on an internal error: " + worker.failure()
                    + " (this is a bug in Flow; its nodes were handed back)");
            spec.commandLine().getErr().flush();
            return ExitCode.FAILED;
        }
    }
}

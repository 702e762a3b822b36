package dev.flow.cli;

import dev.flow.engine.Engine;
import dev.flow.engine.RunResult;
import dev.flow.store.Store;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * One execution driven from the command line ({@code flow run}, {@code flow resume}): an engine on
 * the database whose events feed the progress display, the summary at the end, and Ctrl-C handled
 * cleanly. On SIGINT or SIGTERM the work in progress is stopped and handed back (its nodes ready
 * again, nothing lost), the summary says how to resume, and the process ends with the signal's code.
 */
final class RunSession implements AutoCloseable {
    final Store store;
    final Engine engine;
    private final Progress progress;
    private final Invocation flow;
    private final Ansi ansi;

    private final SnapshotWriter snapshot;

    /** @param snapshot keeps {@code --snapshot FILE}; null when none was asked for */
    RunSession(Store store, DatabaseOptions database, Progress progress, Ansi ansi, Map<String, List<String>> roles,
            SnapshotWriter snapshot) {
        this.store = store;
        this.progress = progress;
        this.snapshot = snapshot;
        this.engine = Engines.create(store, snapshot == null ? progress : snapshot.after(progress), roles);
        this.flow = Invocation.of(database);
        this.ansi = ansi;
    }

    /** Prints a line above the progress display. */
    void say(String text) {
        progress.say(text);
    }

    /** Drives the execution with {@code how} (run or resume), prints the summary, and returns the exit code. */
    int drive(String executionId, Function<String, RunResult> how, PrintWriter out, PrintWriter err) {
        if (snapshot != null) {
            snapshot.start(engine, Set.of(executionId), err);
        }
        var interrupted = new AtomicBoolean();
        var printed = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            interrupted.set(true);
            engine.interrupt();
            try {
                printed.await(10, TimeUnit.SECONDS); // let the summary say how to resume before the JVM ends
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "flow-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        var outages = new OutageReport(progress, store.address(), "the run");
        Thread watch = watchOutages(outages);
        RunResult result;
        try {
            result = how.apply(executionId);
        } finally {
            watch.interrupt();
            removeHook(hook);
        }
        try {
            watch.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        outages.over();
        try {
            progress.close();
            var summary = new RunSummary(flow, ansi);
            var view = engine.queries().status(result.executionId());
            var lines = interrupted.get() ? summary.interrupted(view, System.currentTimeMillis())
                    : summary.lines(result, view, System.currentTimeMillis());
            lines.forEach(out::println);
            out.flush();
            return interrupted.get() ? 130 : result.exitCode();
        } finally {
            printed.countDown();
        }
    }

    /** Says when the database goes out of reach and comes back (a PostgreSQL restart), while the run waits for it. */
    private Thread watchOutages(OutageReport report) {
        Thread t = new Thread(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    report.update(engine.outages(), engine.outage());
                    Thread.sleep(OUTAGE_CHECK_MILLIS);
                }
            } catch (InterruptedException e) {
                // the run returned
            }
        }, "flow-outages");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** How often the outage line is brought up to date: a person reads it, so a second. */
    private static final long OUTAGE_CHECK_MILLIS = 1000;

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook is running and waits for the summary
        }
    }

    @Override
    public void close() {
        progress.close();
        store.close();
    }
}

package dev.flow.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A process a test started and lets run: its output lines as they come (read on threads of their
 * own, so a full pipe never blocks it), the line a test waits for, SIGKILL or SIGTERM, its exit
 * code. Every wait has {@link Poll#PATIENCE} as its bound and fails with what the process printed.
 */
public final class BackgroundProcess implements AutoCloseable {
    private final Process process;
    private final String name;
    private final BlockingQueue<String> fresh = new LinkedBlockingQueue<>();
    private final List<String> lines = Collections.synchronizedList(new ArrayList<>());
    private final StringBuffer err = new StringBuffer();
    private final Thread outReader;
    private final Thread errReader;

    /** Starts reading {@code process}'s output; {@code name} says what it is in failure messages. */
    public BackgroundProcess(Process process, String name) {
        this.process = process;
        this.name = name;
        outReader = daemon(() -> pump(process.getInputStream()), name + "-out");
        // read as it comes, so that a failure's message shows what a process still running has said so far
        errReader = daemon(() -> {
            try (var r = new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8)) {
                char[] chunk = new char[8192];
                for (int n; (n = r.read(chunk)) >= 0; ) {
                    err.append(chunk, 0, n);
                }
            } catch (IOException e) {
                // the process ended
            }
        }, name + "-err");
    }

    private static Thread daemon(Runnable r, String name) {
        var t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    private void pump(InputStream in) {
        try (var r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                lines.add(line);
                fresh.add(line);
            }
        } catch (IOException e) {
            // the process ended
        }
    }

    /** The process itself (its pid, to signal it). */
    public Process process() {
        return process;
    }

    /** Waits for the next line that contains {@code text} and returns it; fails when the process ends or patience runs out first. */
    public String awaitLine(String text) throws InterruptedException {
        String line;
        while ((line = nextLine()) != null) {
            if (line.contains(text)) {
                return line;
            }
        }
        throw new AssertionError(name + " ended without a line with '" + text + "'; output:\n" + output() + "\nerrors:\n" + err);
    }

    /** The next line printed, or null once the process has ended and every line was read. */
    public String nextLine() throws InterruptedException {
        long deadline = System.nanoTime() + Poll.PATIENCE.toNanos();
        while (System.nanoTime() - deadline < 0) {
            String line = fresh.poll(50, TimeUnit.MILLISECONDS);
            if (line != null) {
                return line;
            }
            if (!process.isAlive()) {
                outReader.join(TimeUnit.SECONDS.toMillis(10)); // its last lines may still be in the pipe
                return fresh.poll();
            }
        }
        throw new AssertionError(name + " printed nothing more in " + Poll.PATIENCE.toSeconds() + " s; output:\n" + output() + "\nerrors:\n" + err
                + threadDump());
    }

    /** SIGKILL, as a crash: no shutdown hook, no finally block runs. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    /** SIGTERM, as a service manager stops a process: the shutdown hook runs. */
    public void terminate() {
        // Through the handle: Process.destroy() would also close our ends of its pipes, losing what it prints while it stops.
        process.toHandle().destroy();
    }

    /** Waits for the process to end and returns its exit code, with everything it printed read. */
    public int exitCode() throws InterruptedException {
        if (!process.waitFor(Poll.PATIENCE.toSeconds(), TimeUnit.SECONDS)) {
            String threads = threadDump();
            process.destroyForcibly();
            throw new AssertionError(name + " did not end within " + Poll.PATIENCE.toSeconds() + " s; output:\n" + output() + "\nerrors:\n" + err
                    + threads);
        }
        // The process has ended, but its last lines may still be in the pipes: read them before anyone asks.
        outReader.join(TimeUnit.SECONDS.toMillis(10));
        errReader.join(TimeUnit.SECONDS.toMillis(10));
        return process.exitValue();
    }

    /**
     * What each thread of the process is doing, when it is a JVM ({@code jcmd PID Thread.print}): a
     * process that did not end or went silent says at once where it waits. Empty for any other process,
     * or when the dump itself cannot be had within ten seconds.
     */
    private String threadDump() {
        boolean jvm = process.toHandle().info().command().map(c -> c.endsWith("/java")).orElse(false);
        if (!jvm || !process.isAlive()) {
            return "";
        }
        try {
            Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    Long.toString(process.pid()), "Thread.print").redirectErrorStream(true).start();
            // read on a thread of its own, so that a dump that never comes cannot hold the test
            var dump = new StringBuffer();
            Thread reader = daemon(() -> {
                try {
                    dump.append(new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
                } catch (IOException e) {
                    // it ended
                }
            }, name + "-jcmd");
            if (!jcmd.waitFor(10, TimeUnit.SECONDS)) {
                jcmd.destroyForcibly();
            }
            reader.join(TimeUnit.SECONDS.toMillis(2));
            return "\nits threads:\n" + dump;
        } catch (IOException e) {
            return "\nits threads: jcmd failed: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    /** Every line printed so far. */
    public List<String> lines() {
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    /** Every line printed so far, as one text. */
    public String output() {
        return String.join("\n", lines());
    }

    /** What it wrote to standard error so far. */
    public String stderr() {
        return err.toString();
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}

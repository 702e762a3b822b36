package dev.flow.engine.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A {@link FlowTestMain} in its own JVM: its output lines as they come, its exit code, SIGKILL. */
final class Child implements AutoCloseable {
    final Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> all = Collections.synchronizedList(new ArrayList<>());
    private final StringBuilder err = new StringBuilder();
    private final Thread reader;
    private final Thread errors;

    private Child(Process process) {
        this.process = process;
        reader = new Thread(() -> pump(process.getInputStream(), true), "child-out");
        reader.setDaemon(true);
        reader.start();
        errors = new Thread(() -> pump(process.getErrorStream(), false), "child-err");
        errors.setDaemon(true);
        errors.start();
    }

    /** Runs the graph until the probe point {@code crashAt}, kills the process there (SIGKILL) and returns the execution's id. */
    static String runUntilCrash(Path workDir, Path graph, String db, String crashAt) throws Exception {
        try (var c = start(workDir, "run", graph.toString(), "--db", db, "--crash-at", crashAt)) {
            String id = c.await("execution ", 60).substring("execution ".length());
            org.assertj.core.api.Assertions.assertThat(c.await("CRASHPOINT", 60)).as("reaches %s; stderr: %s", crashAt, c.stderr()).isNotNull();
            c.kill();
            return id;
        }
    }

    /** Resumes the execution in a new process and waits for it to end with exit status 0. */
    static void resumeToTheEnd(Path workDir, String id, String db) throws Exception {
        try (var c = start(workDir, "resume", id, "--db", db)) {
            org.assertj.core.api.Assertions.assertThat(c.exitCode(120)).as("resume; stdout %s stderr %s", c.output(), c.stderr()).isZero();
        }
    }

    static Child start(Path workDir, String... args) throws IOException {
        return start(workDir, Map.of(), args);
    }

    /** A child with {@code env} added to this process's environment. */
    static Child start(Path workDir, Map<String, String> env, String... args) throws IOException {
        var cmd = new ArrayList<String>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-XX:+UseSerialGC");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(FlowTestMain.class.getName());
        cmd.addAll(List.of(args));
        var pb = new ProcessBuilder(cmd).directory(workDir.toFile());
        pb.environment().putAll(env);
        return new Child(pb.start());
    }

    private void pump(InputStream in, boolean out) {
        try (var r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (out) {
                    all.add(line);
                    lines.add(line);
                } else {
                    synchronized (err) {
                        err.append(line).append('\n');
                    }
                }
            }
        } catch (IOException e) {
            // the process died
        }
    }

    /** Waits for a line that starts with {@code prefix}; null if the process ends or time runs out first. */
    String await(String prefix, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            String line = lines.poll(50, TimeUnit.MILLISECONDS);
            if (line != null && line.startsWith(prefix)) {
                return line;
            }
            if (line == null && !process.isAlive() && lines.isEmpty()) {
                return null;
            }
        }
        return null;
    }

    /** SIGKILL, as a crash: no shutdown hook, no finally block runs. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    int exitCode(long seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the child did not end within " + seconds + "s; output: " + all + " errors: " + stderr());
        }
        // The process has ended, but its last lines may still be in the pipes: read them before anyone asks.
        reader.join(TimeUnit.SECONDS.toMillis(10));
        errors.join(TimeUnit.SECONDS.toMillis(10));
        return process.exitValue();
    }

    List<String> output() {
        synchronized (all) {
            return List.copyOf(all);
        }
    }

    String stderr() {
        synchronized (err) {
            return err.toString();
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}

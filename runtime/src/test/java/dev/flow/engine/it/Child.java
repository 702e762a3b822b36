package dev.flow.engine.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.testing.BackgroundProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Starts {@link FlowTestMain} in its own JVM, as a {@link BackgroundProcess}: its lines as they come, SIGKILL, its exit code. */
final class Child {
    private Child() {}

    /** Runs the graph until the probe point {@code crashAt}, kills the process there (SIGKILL) and returns the execution's id. */
    static String runUntilCrash(Path workDir, Path graph, String db, String crashAt) throws Exception {
        try (var c = start(workDir, "run", graph.toString(), "--db", db, "--crash-at", crashAt)) {
            String id = executionOf(c);
            c.awaitLine("CRASHPOINT");
            c.kill();
            return id;
        }
    }

    /** Resumes the execution in a new process and waits for it to end with exit status 0. */
    static void resumeToTheEnd(Path workDir, String id, String db) throws Exception {
        try (var c = start(workDir, "resume", id, "--db", db)) {
            assertThat(c.exitCode()).as("resume; stdout %s stderr %s", c.output(), c.stderr()).isZero();
        }
    }

    /** The execution id the child announces in its first line ({@code execution ID}). */
    static String executionOf(BackgroundProcess c) throws InterruptedException {
        return c.awaitLine("execution ").substring("execution ".length());
    }

    static BackgroundProcess start(Path workDir, String... args) throws IOException {
        return start(workDir, Map.of(), args);
    }

    /** A child with {@code env} added to this process's environment. */
    static BackgroundProcess start(Path workDir, Map<String, String> env, String... args) throws IOException {
        return start(List.of(), workDir, env, args);
    }

    /** A child started through {@code launcher} (such as {@code ip netns exec NS}, to run it on a test host). */
    static BackgroundProcess start(List<String> launcher, Path workDir, Map<String, String> env, String... args) throws IOException {
        var cmd = new ArrayList<String>(launcher);
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-XX:+UseSerialGC");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(FlowTestMain.class.getName());
        cmd.addAll(List.of(args));
        var pb = new ProcessBuilder(cmd).directory(workDir.toFile());
        pb.environment().putAll(env);
        return new BackgroundProcess(pb.start(), "flow " + args[0]);
    }
}

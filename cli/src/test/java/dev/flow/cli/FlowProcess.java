package dev.flow.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Starts the real {@code flow} command as a separate process, on this test's class path, the way
 * the {@code ./flow} script does: processes it starts can call flow again through {@code FLOW_BIN}.
 */
record FlowProcess(int exit, String out, String err) {
    private static Path launcher;

    static FlowProcess run(Path workingDirectory, String... args) throws IOException, InterruptedException {
        return run(workingDirectory, Map.of(), args);
    }

    /** Runs flow with {@code env} put into its environment (a PATH without some program, say). */
    static FlowProcess run(Path workingDirectory, Map<String, String> env, String... args) throws IOException, InterruptedException {
        var pb = builder(workingDirectory, args);
        pb.environment().putAll(env);
        return finish(pb.start(), args);
    }

    /** Like {@link #run}, with standard input read from {@code input}. */
    static FlowProcess runWithInput(Path workingDirectory, Path input, String... args) throws IOException, InterruptedException {
        return finish(builder(workingDirectory, args).redirectInput(input.toFile()).start(), args);
    }

    private static FlowProcess finish(Process p, String... args) throws IOException, InterruptedException {
        // Read both streams fully before waiting, so a full pipe never blocks the child.
        var err = new StringBuilder();
        Thread errors = new Thread(() -> err.append(read(p.getErrorStream())));
        errors.start();
        String out = read(p.getInputStream());
        errors.join();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("flow " + String.join(" ", args) + " did not finish in 60 s");
        }
        return new FlowProcess(p.exitValue(), out, err.toString());
    }

    /** Starts flow in the background: its lines as they come, signals, its exit code. */
    static Running start(Path workingDirectory, String... args) throws IOException {
        return new Running(builder(workingDirectory, args).start());
    }

    private static ProcessBuilder builder(Path workingDirectory, String... args) throws IOException {
        List<String> command = new ArrayList<>(javaCommand());
        command.add("-Dflow.launcher=" + launcher());
        command.add(FlowCli.class.getName());
        command.addAll(List.of(args));
        var pb = new ProcessBuilder(command).directory(workingDirectory.toFile());
        pb.environment().remove("FLOW_DB");
        return pb;
    }

    private static List<String> javaCommand() {
        // A short-lived JVM starts faster with the client compiler and the serial collector.
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-cp", System.getProperty("java.class.path"));
    }

    /** A script like ./flow that runs this class path's flow: what FLOW_BIN points at in these tests. */
    static synchronized Path launcher() throws IOException {
        if (launcher == null) {
            Path dir = Files.createTempDirectory("flow-launcher");
            Path script = dir.resolve("flow");
            var words = new ArrayList<String>(javaCommand());
            words.add("-Dflow.launcher=" + script);
            words.add(FlowCli.class.getName());
            String line = String.join(" ", words.stream().map(Invocation::quote).toList());
            Files.writeString(script, "#!/bin/sh\nexec " + line + " \"$@\"\n");
            script.toFile().setExecutable(true);
            script.toFile().deleteOnExit();
            dir.toFile().deleteOnExit();
            launcher = script;
        }
        return launcher;
    }

    private static String read(InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /** A flow process in the background. */
    static final class Running implements AutoCloseable {
        final Process process;
        private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        private final List<String> all = Collections.synchronizedList(new ArrayList<>());
        private final StringBuffer err = new StringBuffer();
        private final Thread outReader;
        private final Thread errReader;

        Running(Process process) {
            this.process = process;
            outReader = new Thread(() -> {
                try (var r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = r.readLine()) != null) {
                        all.add(line);
                        lines.add(line);
                    }
                } catch (IOException e) {
                    // the process ended
                }
            });
            outReader.setDaemon(true);
            outReader.start();
            errReader = new Thread(() -> err.append(read(process.getErrorStream())));
            errReader.setDaemon(true);
            errReader.start();
        }

        /** Waits for a line that contains {@code text}; fails if the process ends or time runs out first. */
        String await(String text, long seconds) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (System.nanoTime() < deadline) {
                String line = lines.poll(50, TimeUnit.MILLISECONDS);
                if (line != null && line.contains(text)) {
                    return line;
                }
                if (line == null && !process.isAlive() && lines.isEmpty()) {
                    break;
                }
            }
            throw new AssertionError("no line with '" + text + "'; output: " + output() + "\nerrors: " + err);
        }

        /** SIGKILL, as a crash: no shutdown hook runs. */
        void kill() throws InterruptedException {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }

        /** SIGTERM, as a service manager stops a process: the shutdown hook runs. */
        void terminate() {
            // Through the handle: Process.destroy() would also close our ends of its pipes, losing what it prints while it stops.
            process.toHandle().destroy();
        }

        int exitCode(long seconds) throws InterruptedException {
            if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("flow did not end within " + seconds + " s; output: " + output() + "\nerrors: " + err);
            }
            // everything it printed is read once its streams close
            outReader.join(5000);
            errReader.join(5000);
            return process.exitValue();
        }

        String output() {
            synchronized (all) {
                return String.join("\n", all);
            }
        }

        String stderr() {
            return err.toString();
        }

        @Override
        public void close() {
            process.destroyForcibly();
        }
    }
}

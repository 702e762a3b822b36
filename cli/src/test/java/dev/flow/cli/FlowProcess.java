package dev.flow.cli;

import dev.flow.testing.BackgroundProcess;
import dev.flow.testing.Processes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
        int exit = Processes.awaitExit(p, "flow " + String.join(" ", args));
        return new FlowProcess(exit, out, err.toString());
    }

    /** Starts flow in the background: its lines as they come, signals, its exit code. */
    static BackgroundProcess start(Path workingDirectory, String... args) throws IOException {
        return new BackgroundProcess(builder(workingDirectory, args).start(), "flow " + args[0]);
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
            dir.toFile().deleteOnExit(); // first: the JVM deletes in the reverse order, the script before its folder
            Path script = dir.resolve("flow");
            var words = new ArrayList<String>(javaCommand());
            words.add("-Dflow.launcher=" + script);
            words.add(FlowCli.class.getName());
            String line = String.join(" ", words.stream().map(Invocation::quote).toList());
            Files.writeString(script, "#!/bin/sh\nexec " + line + " \"$@\"\n");
            script.toFile().setExecutable(true);
            script.toFile().deleteOnExit();
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
}

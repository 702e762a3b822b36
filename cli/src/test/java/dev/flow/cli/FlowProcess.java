package dev.flow.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Starts the real {@code flow} command as a separate process, on this test's class path. */
record FlowProcess(int exit, String out, String err) {

    static FlowProcess run(Path workingDirectory, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(FlowCli.class.getName());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(workingDirectory.toFile()).start();
        // Read both streams fully before waiting, so a full pipe never blocks the child.
        var out = p.getInputStream().readAllBytes();
        var err = p.getErrorStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("flow " + String.join(" ", args) + " did not finish in 60 s");
        }
        return new FlowProcess(p.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }
}

package dev.flow.dist;

import dev.flow.testing.Processes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** A finished process as a user's shell would have seen it: exit status and both streams. */
record Command(int exit, String out, String err) {

    /**
     * Runs {@code words} in {@code dir} with the environment {@code env} exactly (nothing of the
     * test's own environment leaks in), streams to files so that no full pipe blocks it.
     */
    static Command run(Path dir, Map<String, String> env, List<String> words) throws IOException, InterruptedException {
        Path out = Files.createTempFile("flow-out", ".txt");
        Path err = Files.createTempFile("flow-err", ".txt");
        try {
            var pb = new ProcessBuilder(words).directory(dir.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
            pb.environment().clear();
            pb.environment().putAll(env);
            Process p = pb.start();
            // A bound for a hung process, not a measure of speed: a JVM start on a loaded machine takes seconds.
            int exit = Processes.awaitExit(p, String.join(" ", words), Duration.ofMinutes(3));
            return new Command(exit, Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** The process's output for an assertion message. */
    String transcript() {
        return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
}

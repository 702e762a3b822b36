package dev.flow.engine.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A CLI's version, from {@code PROGRAM --version} and nothing else: no prompt, no model, standard
 * input closed. Asked only of the CLIs Flow knows ({@link PermissionFlags#CLIS}), which all answer
 * that flag; another program might take it for work.
 */
public final class CliVersion {
    private CliVersion() {}

    /** The first line it printed, or why there is none ("did not answer within 30s", "exit 1"). */
    public static String of(Path program, Map<String, String> env, Duration timeout) {
        Path out = null;
        try {
            out = Files.createTempFile("flow-version", ".txt");
            var pb = new ProcessBuilder(List.of(program.toString(), "--version"))
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                    .redirectErrorStream(true)
                    .redirectOutput(out.toFile());
            pb.environment().clear();
            pb.environment().putAll(env);
            Process p = pb.start();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                return "unknown: it did not answer --version within " + Durations.show(timeout);
            }
            String first = Files.readAllLines(out, StandardCharsets.UTF_8).stream().map(String::strip).filter(l -> !l.isEmpty())
                    .findFirst().orElse("");
            if (p.exitValue() != 0) {
                return "unknown: --version exited " + p.exitValue() + (first.isEmpty() ? "" : " (" + Tails.clip(first, 200) + ")");
            }
            return first.isEmpty() ? "unknown: --version printed nothing" : Tails.clip(first, 200);
        } catch (IOException e) {
            return "unknown: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown: interrupted";
        } finally {
            if (out != null) {
                try {
                    Files.deleteIfExists(out);
                } catch (IOException ignored) {
                    // a temporary file left behind is harmless
                }
            }
        }
    }
}

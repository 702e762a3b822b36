package dev.flow.agents;

import dev.flow.testing.Poll;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Processes a test's CLI left running, found by the home folder each test gives its CLI (every
 * process it starts inherits {@code HOME}), so that other tests' and people's processes never count.
 */
final class LeftProcesses {
    private LeftProcesses() {}

    /** The pids and command lines of live processes whose environment has {@code HOME=home}. */
    static List<String> withHome(Path home) {
        byte[] wanted = ("HOME=" + home + "\0").getBytes(StandardCharsets.UTF_8);
        var found = new ArrayList<String>();
        try (var procs = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path proc : procs) {
                try {
                    byte[] env = Files.readAllBytes(proc.resolve("environ"));
                    if (contains(env, wanted) && !Files.readString(proc.resolve("stat")).contains(") Z ")) {
                        found.add(proc.getFileName() + " " + new String(Files.readAllBytes(proc.resolve("cmdline")), StandardCharsets.UTF_8).replace('\0', ' '));
                    }
                } catch (IOException e) {
                    // it ended meanwhile, or is not ours to read
                }
            }
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return found;
    }

    /**
     * Polls until no such process is left; returns what is left when {@code patience} runs out (a
     * kill takes effect within milliseconds; the patience only bounds a broken test).
     */
    static List<String> awaitNone(Path home, Duration patience) {
        try {
            Poll.until("no process with HOME=" + home + " left", patience, () -> withHome(home).isEmpty());
        } catch (AssertionError e) {
            // the caller's assertion names what is left
        }
        return withHome(home);
    }

    private static boolean contains(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i <= hay.length - needle.length; i++) {
            if (i > 0 && hay[i - 1] != 0) {
                continue;
            }
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}

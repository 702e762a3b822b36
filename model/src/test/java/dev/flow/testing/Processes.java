package dev.flow.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * What tests of processes wait for: a process to end, a file a task writes when it got going, a
 * pid that must die.
 * Read from the real process table ({@code /proc}), where a killed orphan lingers as a zombie until
 * init reaps it: a zombie counts as gone.
 */
public final class Processes {
    private Processes() {}

    /** Whether process {@code pid} runs: there, and not a zombie waiting to be reaped. */
    public static boolean alive(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.ISO_8859_1);
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state != 'Z' && state != 'X';
        } catch (IOException e) {
            return !Files.isDirectory(Path.of("/proc")) && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        }
    }

    /** Waits for {@code process} to end and returns its exit code; kills it and fails naming {@code what} when it does not end. */
    public static int awaitExit(Process process, String what) throws InterruptedException {
        return awaitExit(process, what, Poll.PATIENCE);
    }

    /** Like {@link #awaitExit(Process, String)}, with a patience of its own (say why in a comment where it is used). */
    public static int awaitExit(Process process, String what, Duration patience) throws InterruptedException {
        if (!process.waitFor(patience.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(what + " did not end within " + patience.toSeconds() + " s");
        }
        return process.exitValue();
    }

    /** Waits until process {@code pid} is gone (SIGKILL is delivered asynchronously); fails naming {@code what} if it stays. */
    public static void awaitGone(long pid, String what) {
        Poll.until(what + " (pid " + pid + ") to be gone", () -> !alive(pid));
    }

    /** Waits until every file exists, e.g. the markers a task writes once it is running. */
    public static void awaitFiles(Path... files) {
        for (Path f : files) {
            Poll.until(f + " to be written", () -> Files.exists(f));
        }
    }

    /** Waits until {@code file} holds a whole line (it may be written in pieces) and returns its first. */
    public static String awaitLine(Path file) {
        return Poll.value("a whole line in " + file, () -> {
            if (!Files.exists(file)) {
                return null;
            }
            String text = Files.readString(file, StandardCharsets.UTF_8);
            int end = text.indexOf('\n');
            return end < 0 ? null : text.substring(0, end);
        });
    }

    /** Waits until {@code file} has at least {@code n} lines. */
    public static void awaitLines(Path file, int n) {
        Poll.until(file + " to have " + n + " lines", () -> Files.exists(file) && Files.readAllLines(file).size() >= n);
    }

    /** The pid a task wrote to {@code file}, once written whole. */
    public static long awaitPid(Path file) {
        return Long.parseLong(awaitLine(file).strip());
    }
}

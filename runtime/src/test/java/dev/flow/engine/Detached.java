package dev.flow.engine;

import dev.flow.testing.Poll;
import dev.flow.testing.Processes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Grandchildren that escape a process group: a task's shell line that double-forks two
 * {@code sleep 300}, each in a session of its own (setsid) and reparented away from the task's tree
 * at once. One keeps its environment ({@code kept.pid}); the other starts with {@code env -i}, so it
 * carries no {@code FLOW_RUN_TOKEN} either ({@code bare.pid}). Whether they are still there is read
 * from the real process table.
 */
public final class Detached {
    private Detached() {}

    /** Waits until both pids are written (for a second task that must act after the detaching). */
    public static final String WAIT = "while [ ! -e kept.pid ] || [ ! -e bare.pid ]; do sleep 0.05; done";

    /** Starts both, and returns once both have written their pid (to kept.pid and bare.pid in the working directory). */
    public static final String LINE = "S=$(command -v setsid); Z=$(command -v sleep); "
            + "( \"$S\" /bin/sh -c 'echo $$ > kept.pid.tmp; mv kept.pid.tmp kept.pid; exec \"$0\" 300' \"$Z\" </dev/null >/dev/null 2>&1 & ); "
            + "( env -i \"$S\" /bin/sh -c 'echo $$ > bare.pid.tmp; mv bare.pid.tmp bare.pid; exec \"$0\" 300' \"$Z\" </dev/null >/dev/null 2>&1 & ); "
            + WAIT;

    /** The two pids a run of {@link #LINE} in {@code dir} wrote: kept first, then bare. */
    public static Map<String, Long> pids(Path dir) throws IOException {
        return Map.of("kept", pid(dir.resolve("kept.pid")), "bare", pid(dir.resolve("bare.pid")));
    }

    private static long pid(Path file) throws IOException {
        return Long.parseLong(Files.readString(file, StandardCharsets.US_ASCII).strip());
    }

    /** Whether the process is a live {@code sleep} (not gone, not a zombie waiting to be reaped). */
    public static boolean alive(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"), StandardCharsets.ISO_8859_1);
            String state = stat.substring(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
            return !state.equals("Z") && !state.equals("X") && stat.contains("(sleep)");
        } catch (IOException e) {
            return false;
        }
    }

    /** Waits until both pids are written: the task has detached its sleeps. */
    public static void awaitPids(Path dir) {
        Processes.awaitFiles(dir.resolve("kept.pid"), dir.resolve("bare.pid"));
    }

    /**
     * Whether the process is gone, waiting for it: SIGKILL is delivered asynchronously, and a kill
     * that returned may leave a process a moment to die. True, or a failure naming the process that
     * stayed.
     */
    public static boolean gone(long pid) {
        Poll.until("the detached sleep " + pid + " to be gone", () -> !alive(pid));
        return true;
    }

    /** Kills what a test left running (a process the mechanism under test is expected not to catch, or a failed test's). */
    public static void cleanUp(Path... dirs) {
        List<Long> pids = new ArrayList<>();
        for (Path dir : dirs) {
            for (String name : List.of("kept.pid", "bare.pid")) {
                try {
                    pids.add(pid(dir.resolve(name)));
                } catch (IOException | NumberFormatException e) {
                    // not written
                }
            }
        }
        pids.stream().filter(Detached::alive).forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
    }
}

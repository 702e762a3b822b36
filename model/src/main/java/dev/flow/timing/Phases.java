package dev.flow.timing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a short command's CPU goes: with {@code FLOW_PHASES=1} in the environment, each
 * {@link #mark} prints to standard error the CPU time the process has used so far (user + system,
 * from {@code /proc/self/stat}) and since the previous mark, and the wall time since the JVM
 * started. bench/README's start-up breakdown is read from it. Off (the default), a mark costs a
 * test of one constant.
 *
 * <p>CPU time rather than wall time because the machines Flow is measured on are shared: a loaded
 * machine stretches the wall time of every phase, not the work each does.
 */
public final class Phases {
    private static final boolean ON = System.getenv("FLOW_PHASES") != null && !System.getenv("FLOW_PHASES").isEmpty();
    private static final Path STAT = Path.of("/proc/self/stat");
    /** Clock ticks a second of {@code /proc} times: 100 on every Linux Flow runs on (USER_HZ). */
    private static final long TICKS = 100;
    private static long previous;

    private Phases() {}

    /** Whether marks are printed. */
    public static boolean on() {
        return ON;
    }

    /** Prints this phase's end, when {@code FLOW_PHASES} is set. */
    public static synchronized void mark(String phase) {
        if (!ON) {
            return;
        }
        long cpu = cpuMillis();
        long wall = System.currentTimeMillis() - ProcessStart.MILLIS;
        // Put together by hand: String.format would load the locale data, a cost of its own.
        System.err.println("flow: phase " + pad(phase, -28) + " cpu " + pad(Long.toString(cpu), 5) + " ms (+" + pad(Long.toString(cpu - previous), 4)
                + ")  wall " + pad(Long.toString(wall), 5) + " ms");
        System.err.flush();
        previous = cpu;
    }

    /** {@code text} padded with spaces to {@code width} characters: on the left, or on the right when width is negative. */
    private static String pad(String text, int width) {
        String spaces = " ".repeat(Math.max(0, Math.abs(width) - text.length()));
        return width < 0 ? text + spaces : spaces + text;
    }

    /** The process's user and system time in milliseconds, or -1 where there is no {@code /proc}. */
    static long cpuMillis() {
        try {
            String stat = Files.readString(STAT);
            // The fields after the command's name, which is in parentheses and may hold spaces.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 1000 / TICKS;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** When the JVM started, read once (and only when marks are on). */
    private static final class ProcessStart {
        static final long MILLIS = ProcessHandle.current().info().startInstant().map(java.time.Instant::toEpochMilli)
                .orElse(System.currentTimeMillis());
    }
}

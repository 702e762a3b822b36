package dev.flow.testing;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * Waits for a state a test expects, by looking again every few milliseconds, instead of sleeping
 * for a time it hopes is long enough. The deadline is generous (a minute unless told): it bounds a
 * broken test, it is never an expected duration, so a loaded machine makes a test slower, not red.
 *
 * <pre>{@code
 * Poll.until("the task wrote its pid", () -> Files.exists(dir.resolve("slow.pid")));
 * long pid = Poll.value("a pid in slow.pid", () -> readPid(dir));
 * }</pre>
 */
public final class Poll {
    /** How long a poll waits unless told: a bound for a broken test on a busy machine. */
    public static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final long INTERVAL_MILLIS = 20;

    private Poll() {}

    /** Returns once {@code condition} holds; fails naming {@code what} when it still does not after {@link #PATIENCE}. */
    public static void until(String what, Callable<Boolean> condition) {
        until(what, PATIENCE, condition);
    }

    /** Returns once {@code condition} holds; fails naming {@code what} when it still does not after {@code patience}. */
    public static void until(String what, Duration patience, Callable<Boolean> condition) {
        look(what, patience, () -> Boolean.TRUE.equals(condition.call()) ? Optional.of(Boolean.TRUE) : Optional.empty());
    }

    /** The first value {@code read} gives that is not null: read again until there is one. */
    public static <T> T value(String what, Callable<T> read) {
        return value(what, PATIENCE, read);
    }

    /** Like {@link #value(String, Callable)}, with a patience of its own (say why in a comment where it is used). */
    public static <T> T value(String what, Duration patience, Callable<T> read) {
        return look(what, patience, () -> Optional.ofNullable(read.call()));
    }

    private static <T> T look(String what, Duration patience, Callable<Optional<T>> read) {
        long deadline = System.nanoTime() + patience.toNanos();
        Exception last = null;
        while (true) {
            try {
                Optional<T> v = read.call();
                if (v.isPresent()) {
                    return v.get();
                }
                last = null;
            } catch (Exception e) {
                last = e; // a file half written, a process not there yet: look again
            }
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("waited " + patience.toSeconds() + " s for " + what + ", in vain"
                        + (last == null ? "" : "; the last look failed with " + last), last);
            }
            try {
                Thread.sleep(INTERVAL_MILLIS); // the poll's interval, not a wait for something
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + what, e);
            }
        }
    }
}

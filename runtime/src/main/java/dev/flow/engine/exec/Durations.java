package dev.flow.engine.exec;

import java.time.Duration;

/** Durations as the language writes them: {@code 250ms}, {@code 10s}, {@code 5m}, {@code 2h}. */
public final class Durations {
    private Durations() {}

    public static String show(Duration d) {
        if (d == null) {
            return "no limit";
        }
        long ms = d.toMillis();
        if (ms % 3_600_000 == 0 && ms > 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms % 60_000 == 0 && ms > 0) {
            return ms / 60_000 + "m";
        }
        if (ms % 1000 == 0) {
            return ms / 1000 + "s";
        }
        return ms + "ms";
    }
}

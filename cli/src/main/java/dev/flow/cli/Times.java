package dev.flow.cli;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** How the run verbs write moments and lengths of time: local clock times, short durations. */
final class Times {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");
    private static final DateTimeFormatter CLOCK_MILLIS = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");
    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private Times() {}

    /** {@code 14:03:27}, in the local time zone. */
    static String clock(long epochMillis) {
        return CLOCK.format(Instant.ofEpochMilli(epochMillis).atZone(ZoneId.systemDefault()));
    }

    /** {@code 14:03:27.120}, in the local time zone. */
    static String clockMillis(long epochMillis) {
        return CLOCK_MILLIS.format(Instant.ofEpochMilli(epochMillis).atZone(ZoneId.systemDefault()));
    }

    /** {@code 2025-06-01 14:03:27}, in the local time zone; empty for null. */
    static String dateTime(Long epochMillis) {
        return epochMillis == null ? "" : DATE_TIME.format(Instant.ofEpochMilli(epochMillis).atZone(ZoneId.systemDefault()));
    }

    /** ISO-8601 in UTC, for JSON; null for null. */
    static String iso(Long epochMillis) {
        return epochMillis == null ? null : Instant.ofEpochMilli(epochMillis).toString();
    }

    /** {@code 45ms}, {@code 12.3s}, {@code 3m04s}, {@code 2h05m}. */
    static String duration(long millis) {
        long ms = Math.max(0, millis);
        if (ms < 1000) {
            return ms + "ms";
        }
        if (ms < 60_000) {
            return String.format(Locale.ROOT, "%.1fs", ms / 1000.0);
        }
        long s = ms / 1000;
        if (s < 3600) {
            return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        }
        return String.format(Locale.ROOT, "%dh%02dm", s / 3600, (s % 3600) / 60);
    }

    /** The duration between two moments, or empty when either is missing. */
    static String between(Long from, Long to) {
        return from == null || to == null ? "" : duration(to - from);
    }
}

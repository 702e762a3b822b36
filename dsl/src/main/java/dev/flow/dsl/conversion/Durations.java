package dev.flow.dsl.conversion;

import java.time.Duration;

/** Durations as the language writes them: {@code 250ms}, {@code 10s}, {@code 5m}, {@code 2h}, {@code 1d}. */
public final class Durations {
    private Durations() {}

    /** The duration a written one stands for, or null when it does not fit in a {@link Duration}. */
    public static Duration parse(String text) {
        String t = text.replaceAll("\\s+", "");
        boolean negative = t.startsWith("-");
        if (negative) {
            t = t.substring(1);
        }
        int unitAt = 0;
        while (unitAt < t.length() && Character.isDigit(t.charAt(unitAt))) {
            unitAt++;
        }
        if (unitAt == 0 || unitAt == t.length()) {
            return null;
        }
        try {
            long amount = Long.parseLong(t.substring(0, unitAt));
            Duration d = switch (t.substring(unitAt)) {
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                case "h" -> Duration.ofHours(amount);
                case "d" -> Duration.ofDays(amount);
                default -> null;
            };
            return d == null || !negative ? d : d.negated();
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    /**
     * The shortest way to write a duration: the largest unit that divides it exactly ({@code 90s},
     * {@code 5m}, {@code 1d}); throws for parts of a millisecond, which the language cannot write.
     */
    public static String format(Duration duration) {
        if (duration.getNano() % 1_000_000 != 0) {
            throw new IllegalArgumentException(duration + " has parts of a millisecond, which the Flow language cannot write");
        }
        String sign = duration.isNegative() ? "-" : "";
        Duration d = duration.abs();
        long millis = d.toMillis();
        if (millis % 1000 != 0) {
            return sign + millis + "ms";
        }
        long seconds = d.getSeconds();
        if (seconds != 0 && seconds % 86_400 == 0) {
            return sign + seconds / 86_400 + "d";
        }
        if (seconds != 0 && seconds % 3600 == 0) {
            return sign + seconds / 3600 + "h";
        }
        if (seconds != 0 && seconds % 60 == 0) {
            return sign + seconds / 60 + "m";
        }
        return sign + seconds + "s";
    }
}

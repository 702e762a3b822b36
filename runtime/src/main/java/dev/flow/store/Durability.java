package dev.flow.store;

import java.util.Locale;

/**
 * How hard a commit works to survive a crash, as SQLite's {@code synchronous} setting in WAL mode.
 * Both survive the Flow process being killed; they differ when the machine loses power.
 */
public enum Durability {
    /**
     * {@code synchronous=NORMAL}: a commit is durable against a crash of the process; after a
     * power loss the last commits before it may be lost (never corrupted). The default.
     */
    NORMAL,
    /** {@code synchronous=FULL}: every commit is flushed to disk before it returns; survives power loss. */
    FULL;

    public String keyword() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code normal} or {@code full}, in any case. */
    public static Durability parse(String text) {
        for (Durability d : values()) {
            if (d.keyword().equalsIgnoreCase(text.strip())) {
                return d;
            }
        }
        throw new IllegalArgumentException("unknown durability \"" + text + "\": use normal or full");
    }
}

package dev.flow.model;

import java.util.Locale;

/** How many incoming branches a node waits for before it runs. */
public enum WaitMode {
    /** Every incoming branch that was not skipped. */
    ALL,
    /** The first incoming branch; later ones are ignored. */
    ANY,
    /** Like {@link #ANY}, and the other running branches are cancelled (parallel nodes only). */
    FIRST;

    public String keyword() {
        return name().toLowerCase(Locale.ROOT);
    }
}

package dev.flow.model;

import java.util.Locale;

/** How a merge combines the results of the branches it joins. */
public enum MergeStrategy {
    /** Every field of every input; a later branch overwrites an earlier one on the same field. */
    UNION,
    /** Only the fields every input has. */
    INTERSECTION,
    /** The result of the first branch to complete. */
    FIRST;

    public String keyword() {
        return name().toLowerCase(Locale.ROOT);
    }
}

package dev.flow.model;

import java.util.Objects;

/**
 * A point where the run pauses for a person before or after a node, when {@code condition} holds.
 * The person answers {@code proceed}, {@code stop}, or (when not required) {@code skip}.
 *
 * @param condition null means always
 */
public record Interrupt(Timing timing, NameRef node, Expr condition, String prompt, boolean required, SourceRef source) {
    public Interrupt {
        Objects.requireNonNull(timing, "timing");
        Objects.requireNonNull(node, "node");
        source = source == null ? SourceRef.NONE : source;
    }

    public enum Timing {
        BEFORE,
        AFTER
    }
}

package dev.flow.store;

import java.util.Locale;

/** Where one node of an execution stands. A node without a row is pending. */
public enum NodeStatus {
    PENDING,
    READY,
    RUNNING,
    /** Waiting for a person, for an interrupt's answer, or for a child execution. */
    WAITING,
    COMPLETED,
    FAILED,
    SKIPPED;

    public String keyword() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether the node's outgoing edges are decided (taken or not) in its current iteration. */
    public boolean isDecided() {
        return this == COMPLETED || this == FAILED || this == SKIPPED;
    }

    public static NodeStatus parse(String keyword) {
        return valueOf(keyword.toUpperCase(Locale.ROOT));
    }
}

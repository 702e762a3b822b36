package dev.flow.store;

import java.util.Locale;

/** Where an execution stands. The last four are final. */
public enum ExecutionStatus {
    /** Nodes are ready, running, or about to be. */
    RUNNING,
    /** Nothing can run until a person answers (or a deadline passes). */
    WAITING,
    COMPLETED,
    FAILED,
    /** Stopped by a run-wide limit or an exhausted loop with no limit route. */
    LIMIT_REACHED,
    /** Stopped by a person at an interrupt. */
    CANCELLED;

    public String keyword() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean isFinal() {
        return this != RUNNING && this != WAITING;
    }

    public static ExecutionStatus parse(String keyword) {
        return valueOf(keyword.toUpperCase(Locale.ROOT));
    }
}

package dev.flow.engine;

import dev.flow.store.ExecutionStatus;
import java.util.Locale;

/** How a call that drove an execution ended, with the exit code {@code flow} gives it. */
public enum RunOutcome {
    COMPLETED(0),
    FAILED(1),
    /** Stopped by a person at an interrupt. */
    CANCELLED(1),
    /** Waiting for a person: answer with {@code flow answer}, then {@code flow resume}. */
    PAUSED(3),
    /** Stopped by a limit (executions, time, cost, or a loop with no limit route). */
    LIMIT_REACHED(4);

    /** Exit code for usage and input errors ({@link dev.flow.engine.config.UsageException}). */
    public static final int USAGE_EXIT_CODE = 2;

    private final int exitCode;

    RunOutcome(int exitCode) {
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }

    /** The outcome of a final status. */
    public static RunOutcome of(ExecutionStatus status) {
        return switch (status) {
            case COMPLETED -> COMPLETED;
            case FAILED -> FAILED;
            case CANCELLED -> CANCELLED;
            case LIMIT_REACHED -> LIMIT_REACHED;
            case RUNNING, WAITING -> PAUSED;
        };
    }

    public String keyword() {
        return name().toLowerCase(Locale.ROOT);
    }
}

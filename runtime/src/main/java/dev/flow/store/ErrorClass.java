package dev.flow.store;

import java.util.Locale;

/**
 * Why an attempt of a node failed, as far as deciding what to do next goes (seed 002's error
 * classes). Recorded with every failed attempt.
 */
public enum ErrorClass {
    /**
     * Might go away when tried again unchanged: a timeout, a process killed by a signal, a rate
     * limit or an overloaded service, a process that exits non-zero without saying why. Retried
     * as the node's retry policy allows.
     */
    TRANSIENT,
    /**
     * The work was done but its answer cannot be accepted: no JSON answer where one is needed, a
     * malformed one, an undeclared output, state of the wrong type, an answer too large, a gate
     * that fails after the task. Retried with feedback: the next prompt says what was wrong.
     */
    VALIDATION,
    /**
     * Trying again cannot help: a missing program, an agent without a command, an agent's own
     * error report, a condition or handler that cannot be evaluated. Never retried.
     */
    LOGIC;

    public String keyword() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The class for a stored keyword; null for null. */
    public static ErrorClass parse(String keyword) {
        return keyword == null ? null : valueOf(keyword.toUpperCase(Locale.ROOT));
    }
}

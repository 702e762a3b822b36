package dev.flow.model;

import java.util.Locale;

/**
 * Where a task (or a gate node) does its work. {@link #WORKTREE} runs it in a git worktree of its
 * own, made from the target repository's current commit; the task's gates run there too, and its
 * changes reach the target only once they pass. Every task of a workflow with {@code isolate
 * worktree} is isolated unless it says {@code isolate none}.
 */
public enum Isolation {
    /** In the workflow's own folder, on the files as they are (the default). */
    NONE,
    /** In a fresh git worktree; changes applied to the target after the gates pass. */
    WORKTREE;

    /** The output an isolated task produces when its changes conflict with the target's. */
    public static final String CONFLICT_OUTPUT = "conflict";

    public String keyword() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Null reads as {@link #NONE}. */
    static Isolation orNone(Isolation isolation) {
        return isolation == null ? NONE : isolation;
    }
}

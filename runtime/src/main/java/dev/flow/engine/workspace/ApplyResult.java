package dev.flow.engine.workspace;

import java.util.List;

/** What applying a step's commit to the target did. */
public sealed interface ApplyResult {

    /** The changes are on the target's checked-out branch as {@code commit}. */
    record Applied(String commit) implements ApplyResult {}

    /** The changes conflict with what the target holds now; the target was not touched. */
    record Conflict(List<String> files) implements ApplyResult {
        public Conflict {
            files = List.copyOf(files);
        }
    }

    /** The target already holds exactly these changes: nothing to apply. */
    record AlreadyThere() implements ApplyResult {}

    /** The target has uncommitted changes in files the step changes; they were left alone, and nothing was applied. */
    record Blocked(List<String> files) implements ApplyResult {
        public Blocked {
            files = List.copyOf(files);
        }
    }
}

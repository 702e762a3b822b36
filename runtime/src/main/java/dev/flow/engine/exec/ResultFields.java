package dev.flow.engine.exec;

import java.util.List;

/** Names of the fields of a run's result, where more than one part of the engine reads them. */
public final class ResultFields {
    private ResultFields() {}

    /**
     * The fields that record how a run went rather than what it produced: its output streams' tails,
     * its transcript file and what the agent did by it. Kept for {@code flow status} and the studio;
     * left out of what later nodes' prompts and an escalation read of it.
     */
    public static final List<String> RECORD_ONLY = List.of("stdout", "stderr", "transcript", "activity");
}

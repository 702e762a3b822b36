package dev.flow.engine;

import java.util.List;

/**
 * Where an execution stands after {@link Engine#run} or {@link Engine#resume} returned.
 *
 * @param report why it stopped: "reached end", the failed node and its error, the limit, the interrupt
 * @param questions what it waits on, when paused
 */
public record RunResult(String executionId, RunOutcome outcome, String report, List<Question> questions) {
    public RunResult {
        questions = List.copyOf(questions);
    }

    public int exitCode() {
        return outcome.exitCode();
    }
}

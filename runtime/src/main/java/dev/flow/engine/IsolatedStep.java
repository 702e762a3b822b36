package dev.flow.engine;

import dev.flow.store.NodeStatus;
import java.util.List;

/**
 * Where an isolated step worked and what became of its changes, as {@code flow status} shows it.
 *
 * @param worktree the step's worktree folder (removed once the step is over)
 * @param baseCommit the run's base, or for an isolated gate the commit it checked; null before it is known
 * @param stepCommit the commit of the step's changes; null when it changed nothing (or has not yet)
 * @param appliedCommit the commit its changes became on the target's branch; null when not applied
 * @param conflictFiles the files its changes conflicted in; empty unless its output is {@code conflict}
 */
public record IsolatedStep(
        String nodeId,
        int iteration,
        int attempt,
        NodeStatus status,
        String worktree,
        String baseCommit,
        String stepCommit,
        String appliedCommit,
        List<String> conflictFiles) {

    public IsolatedStep {
        conflictFiles = List.copyOf(conflictFiles);
    }
}

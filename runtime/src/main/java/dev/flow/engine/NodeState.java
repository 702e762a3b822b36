package dev.flow.engine;

import dev.flow.store.NodeStatus;

/**
 * One node of an execution as {@code flow status} lists it, pending nodes included.
 *
 * @param iteration the loop pass the node is in: a loop that starts a new pass moves its body (and
 *     the nodes after it that were skipped) to the next one, whether they run in it or not
 * @param passes how many loop passes the node ran in (started at least once); what a person
 *     counts as the times a node ran
 */
public record NodeState(
        String nodeId, String kind, NodeStatus status, int iteration, int attempt, String output, String error, Long startedAt, Long finishedAt,
        String childExecution, int passes) {}

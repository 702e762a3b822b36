package dev.flow.engine;

import dev.flow.store.NodeStatus;

/** One node of an execution as {@code flow status} lists it, pending nodes included. */
public record NodeState(
        String nodeId, String kind, NodeStatus status, int iteration, int attempt, String output, String error, Long startedAt, Long finishedAt,
        String childExecution) {}

package dev.flow.engine;

import dev.flow.store.ExecutionStatus;

/**
 * A recorded answer.
 *
 * @param executionId the execution whose node was answered (a child's, when the node is in a subgraph)
 * @param status the execution's status right after the answer was applied
 */
public record AnswerResult(String executionId, String nodeId, String answer, ExecutionStatus status) {}

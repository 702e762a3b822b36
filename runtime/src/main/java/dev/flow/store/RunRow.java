package dev.flow.store;

/** One finished run of a node that a later run replaced (an earlier loop iteration, a failed attempt). */
public record RunRow(
        String executionId,
        String nodeId,
        int iteration,
        int attempt,
        NodeStatus status,
        String output,
        String resultJson,
        String error,
        Long startedAt,
        Long finishedAt) {

    public static RunRow of(NodeRow n) {
        return new RunRow(n.executionId(), n.nodeId(), n.iteration(), n.attempt(), n.status(), n.output(), n.resultJson(), n.error(),
                n.startedAt(), n.finishedAt());
    }
}

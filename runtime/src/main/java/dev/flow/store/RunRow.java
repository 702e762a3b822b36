package dev.flow.store;

/**
 * One finished run of a node that a later run replaced (an earlier loop iteration, a failed attempt).
 *
 * @param errorClass how it failed; null unless it failed
 * @param cost what its agent reported spending; null when it reported nothing
 * @param enteredSeq the execution's event number when the node was entered for this run (see {@link NodeRow})
 */
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
        Long finishedAt,
        ErrorClass errorClass,
        Double cost,
        Long enteredSeq) {

    public static RunRow of(NodeRow n) {
        return new RunRow(n.executionId(), n.nodeId(), n.iteration(), n.attempt(), n.status(), n.output(), n.resultJson(), n.error(),
                n.startedAt(), n.finishedAt(), n.errorClass(), n.cost(), n.enteredSeq());
    }
}

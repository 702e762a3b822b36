package dev.flow.store;

/**
 * The current state of one node in one execution. Earlier runs of the node (previous loop
 * iterations, failed attempts) are in {@link RunTable}.
 *
 * @param iteration how many times the node has been entered, from 1 (a loop edge adds one)
 * @param attempt the attempt within this iteration, from 1 (a retry adds one)
 * @param output the output name of the latest result; kept across a loop reset so that later nodes
 *     can still read it
 * @param taken the ordinals (in {@code edgesFrom} order) of the outgoing edges this node took, as
 *     {@code "0,2"}; null when the node has not decided yet
 * @param resultJson the latest result's fields as a JSON object, or an artifact reference for a
 *     large one; null when the result carries only its output
 * @param inputJson the values its incoming edges' data mappings handed it
 * @param leaseOwner the worker running it; null unless running
 * @param leaseExpires when the lease lapses (epoch ms) unless renewed
 * @param readyAt when it became ready (claims go oldest first)
 * @param notBefore not to be claimed before this time (retry backoff, open circuit)
 * @param childId the child execution of a subgraph node
 * @param errorClass how the latest failed attempt failed; null unless {@code error} is set by a failure
 * @param cost what the latest attempt's agent reported spending; null when it reported nothing
 * @param sessionId the conversation the node's agent last reported, kept across loop passes and
 *     retries so that a task with {@code session continue} can resume it
 * @param enteredSeq the execution's latest event number when the node was last entered (became
 *     ready, or started waiting): the events numbered up to it came before the entry, and so did the
 *     state writes numbered below it (a write is numbered by the latest event when it is made, and
 *     the completion event of the node that made it follows before anything it leads to is
 *     entered). A fork starts there. Null until the node is entered in its current pass
 */
public record NodeRow(
        String executionId,
        String nodeId,
        NodeStatus status,
        int iteration,
        int attempt,
        String output,
        String taken,
        String resultJson,
        String inputJson,
        String error,
        String leaseOwner,
        Long leaseExpires,
        Long readyAt,
        Long notBefore,
        Long startedAt,
        Long finishedAt,
        String childId,
        ErrorClass errorClass,
        Double cost,
        String sessionId,
        Long enteredSeq) {

    public NodeRow {
        java.util.Objects.requireNonNull(executionId, "executionId");
        java.util.Objects.requireNonNull(nodeId, "nodeId");
        java.util.Objects.requireNonNull(status, "status");
    }

    /** A node that has not been reached yet. */
    public static NodeRow pending(String executionId, String nodeId) {
        return new NodeRow(executionId, nodeId, NodeStatus.PENDING, 1, 1, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null);
    }

    /** A copy for building the next state; use the {@code with} methods on it. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Mutable copy of a row, so that a transition names only the fields it changes. */
    public static final class Builder {
        public String executionId;
        public String nodeId;
        public NodeStatus status;
        public int iteration;
        public int attempt;
        public String output;
        public String taken;
        public String resultJson;
        public String inputJson;
        public String error;
        public String leaseOwner;
        public Long leaseExpires;
        public Long readyAt;
        public Long notBefore;
        public Long startedAt;
        public Long finishedAt;
        public String childId;
        public ErrorClass errorClass;
        public Double cost;
        public String sessionId;
        public Long enteredSeq;

        Builder(NodeRow r) {
            executionId = r.executionId;
            nodeId = r.nodeId;
            status = r.status;
            iteration = r.iteration;
            attempt = r.attempt;
            output = r.output;
            taken = r.taken;
            resultJson = r.resultJson;
            inputJson = r.inputJson;
            error = r.error;
            leaseOwner = r.leaseOwner;
            leaseExpires = r.leaseExpires;
            readyAt = r.readyAt;
            notBefore = r.notBefore;
            startedAt = r.startedAt;
            finishedAt = r.finishedAt;
            childId = r.childId;
            errorClass = r.errorClass;
            cost = r.cost;
            sessionId = r.sessionId;
            enteredSeq = r.enteredSeq;
        }

        public NodeRow build() {
            return new NodeRow(executionId, nodeId, status, iteration, attempt, output, taken, resultJson, inputJson, error, leaseOwner,
                    leaseExpires, readyAt, notBefore, startedAt, finishedAt, childId, errorClass, cost, sessionId, enteredSeq);
        }
    }
}

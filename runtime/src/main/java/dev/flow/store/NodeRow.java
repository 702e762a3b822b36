package dev.flow.store;

import java.util.Objects;

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
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(status, "status");
    }

    /** A node that has not been reached yet. */
    public static NodeRow pending(String executionId, String nodeId) {
        return builder().executionId(executionId).nodeId(nodeId).status(NodeStatus.PENDING).iteration(1).attempt(1).build();
    }

    /**
     * Whether this row, read now, is still the attempt a worker took as {@code claimed}: the same
     * node, running, in the same pass and attempt, under the same lease owner. A worker's result, a
     * hand-back and a check before an irreversible act all ask this before they act on their claim.
     */
    public boolean isHeldAs(NodeRow claimed) {
        return status == NodeStatus.RUNNING && executionId.equals(claimed.executionId) && nodeId.equals(claimed.nodeId)
                && iteration == claimed.iteration && attempt == claimed.attempt && Objects.equals(leaseOwner, claimed.leaseOwner);
    }

    /** A builder whose components all start empty (null, or 0); {@link Builder#build()} requires an execution, a node and a status. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this row, for the next state: a transition names only the components it changes. */
    public Builder toBuilder() {
        return new Builder()
                .executionId(executionId)
                .nodeId(nodeId)
                .status(status)
                .iteration(iteration)
                .attempt(attempt)
                .output(output)
                .taken(taken)
                .resultJson(resultJson)
                .inputJson(inputJson)
                .error(error)
                .leaseOwner(leaseOwner)
                .leaseExpires(leaseExpires)
                .readyAt(readyAt)
                .notBefore(notBefore)
                .startedAt(startedAt)
                .finishedAt(finishedAt)
                .childId(childId)
                .errorClass(errorClass)
                .cost(cost)
                .sessionId(sessionId)
                .enteredSeq(enteredSeq);
    }

    /** Builds a {@link NodeRow}; each setter is documented on the component of the same name. */
    public static final class Builder {
        private String executionId;
        private String nodeId;
        private NodeStatus status;
        private int iteration;
        private int attempt;
        private String output;
        private String taken;
        private String resultJson;
        private String inputJson;
        private String error;
        private String leaseOwner;
        private Long leaseExpires;
        private Long readyAt;
        private Long notBefore;
        private Long startedAt;
        private Long finishedAt;
        private String childId;
        private ErrorClass errorClass;
        private Double cost;
        private String sessionId;
        private Long enteredSeq;

        private Builder() {}

        public Builder executionId(String executionId) {
            this.executionId = executionId;
            return this;
        }

        public Builder nodeId(String nodeId) {
            this.nodeId = nodeId;
            return this;
        }

        public Builder status(NodeStatus status) {
            this.status = status;
            return this;
        }

        public Builder iteration(int iteration) {
            this.iteration = iteration;
            return this;
        }

        public Builder attempt(int attempt) {
            this.attempt = attempt;
            return this;
        }

        public Builder output(String output) {
            this.output = output;
            return this;
        }

        public Builder taken(String taken) {
            this.taken = taken;
            return this;
        }

        public Builder resultJson(String resultJson) {
            this.resultJson = resultJson;
            return this;
        }

        public Builder inputJson(String inputJson) {
            this.inputJson = inputJson;
            return this;
        }

        public Builder error(String error) {
            this.error = error;
            return this;
        }

        public Builder leaseOwner(String leaseOwner) {
            this.leaseOwner = leaseOwner;
            return this;
        }

        public Builder leaseExpires(Long leaseExpires) {
            this.leaseExpires = leaseExpires;
            return this;
        }

        public Builder readyAt(Long readyAt) {
            this.readyAt = readyAt;
            return this;
        }

        public Builder notBefore(Long notBefore) {
            this.notBefore = notBefore;
            return this;
        }

        public Builder startedAt(Long startedAt) {
            this.startedAt = startedAt;
            return this;
        }

        public Builder finishedAt(Long finishedAt) {
            this.finishedAt = finishedAt;
            return this;
        }

        public Builder childId(String childId) {
            this.childId = childId;
            return this;
        }

        public Builder errorClass(ErrorClass errorClass) {
            this.errorClass = errorClass;
            return this;
        }

        public Builder cost(Double cost) {
            this.cost = cost;
            return this;
        }

        public Builder sessionId(String sessionId) {
            this.sessionId = sessionId;
            return this;
        }

        public Builder enteredSeq(Long enteredSeq) {
            this.enteredSeq = enteredSeq;
            return this;
        }

        public NodeRow build() {
            return new NodeRow(executionId, nodeId, status, iteration, attempt, output, taken, resultJson, inputJson, error, leaseOwner,
                    leaseExpires, readyAt, notBefore, startedAt, finishedAt, childId, errorClass, cost, sessionId, enteredSeq);
        }
    }
}

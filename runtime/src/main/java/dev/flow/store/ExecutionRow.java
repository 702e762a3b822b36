package dev.flow.store;

import java.util.Objects;

/**
 * One execution of a workflow: a run started by {@code flow run}, or a child run of a subgraph node.
 *
 * @param graphHash the stored compiled graph ({@link WorkflowTable})
 * @param workflowId which workflow of that graph this execution runs (the main one or a subworkflow)
 * @param rootId the execution at the top of this one's tree (itself for a top-level run)
 * @param parentId the execution whose subgraph node started this one; null at the top
 * @param stopping a final status the execution takes once nothing runs any more; null while it goes on
 * @param report why it stopped, for people: which limit, which node failed, which edge ran out
 * @param inputsJson the typed inputs, as a JSON object
 * @param baseDir the folder commands run in (the workflow file's folder)
 * @param running nodes running now (kept with every transition, so max parallel costs no query)
 * @param active nodes ready or running now
 * @param waiting nodes waiting for a person or a child execution
 * @param workCount work nodes started so far (the {@code max executions} limit counts these)
 * @param eventSeq the sequence number of the execution's latest event
 * @param cost cost reported by agents so far
 * @param version bumped by every update; updates are guarded by it
 */
public record ExecutionRow(
        String id,
        String graphHash,
        String workflowId,
        String rootId,
        String parentId,
        String parentNode,
        int parentIteration,
        ExecutionStatus status,
        ExecutionStatus stopping,
        String report,
        String inputsJson,
        String baseDir,
        int running,
        int active,
        int waiting,
        long workCount,
        long eventSeq,
        double cost,
        long createdAt,
        Long finishedAt,
        long version) {

    public ExecutionRow {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(status, "status");
    }

    public ExecutionRow withStatus(ExecutionStatus s) {
        return toBuilder().status(s).build();
    }

    public ExecutionRow withStopping(ExecutionStatus s, String why) {
        return toBuilder().stopping(s).report(why).build();
    }

    public ExecutionRow finished(ExecutionStatus s, String why, long at) {
        return toBuilder().status(s).stopping(null).report(why).finishedAt(at).build();
    }

    public boolean isTop() {
        return parentId == null;
    }

    /** A builder whose components all start empty (null, or 0); {@link Builder#build()} requires an id and a status. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this row, for the next state: a change names only the components it changes. */
    public Builder toBuilder() {
        return new Builder()
                .id(id)
                .graphHash(graphHash)
                .workflowId(workflowId)
                .rootId(rootId)
                .parentId(parentId)
                .parentNode(parentNode)
                .parentIteration(parentIteration)
                .status(status)
                .stopping(stopping)
                .report(report)
                .inputsJson(inputsJson)
                .baseDir(baseDir)
                .running(running)
                .active(active)
                .waiting(waiting)
                .workCount(workCount)
                .eventSeq(eventSeq)
                .cost(cost)
                .createdAt(createdAt)
                .finishedAt(finishedAt)
                .version(version);
    }

    /** Builds an {@link ExecutionRow}; each setter is documented on the component of the same name. */
    public static final class Builder {
        private String id;
        private String graphHash;
        private String workflowId;
        private String rootId;
        private String parentId;
        private String parentNode;
        private int parentIteration;
        private ExecutionStatus status;
        private ExecutionStatus stopping;
        private String report;
        private String inputsJson;
        private String baseDir;
        private int running;
        private int active;
        private int waiting;
        private long workCount;
        private long eventSeq;
        private double cost;
        private long createdAt;
        private Long finishedAt;
        private long version;

        private Builder() {}

        public Builder id(String id) {
            this.id = id;
            return this;
        }

        public Builder graphHash(String graphHash) {
            this.graphHash = graphHash;
            return this;
        }

        public Builder workflowId(String workflowId) {
            this.workflowId = workflowId;
            return this;
        }

        public Builder rootId(String rootId) {
            this.rootId = rootId;
            return this;
        }

        public Builder parentId(String parentId) {
            this.parentId = parentId;
            return this;
        }

        public Builder parentNode(String parentNode) {
            this.parentNode = parentNode;
            return this;
        }

        public Builder parentIteration(int parentIteration) {
            this.parentIteration = parentIteration;
            return this;
        }

        public Builder status(ExecutionStatus status) {
            this.status = status;
            return this;
        }

        public Builder stopping(ExecutionStatus stopping) {
            this.stopping = stopping;
            return this;
        }

        public Builder report(String report) {
            this.report = report;
            return this;
        }

        public Builder inputsJson(String inputsJson) {
            this.inputsJson = inputsJson;
            return this;
        }

        public Builder baseDir(String baseDir) {
            this.baseDir = baseDir;
            return this;
        }

        public Builder running(int running) {
            this.running = running;
            return this;
        }

        public Builder active(int active) {
            this.active = active;
            return this;
        }

        public Builder waiting(int waiting) {
            this.waiting = waiting;
            return this;
        }

        public Builder workCount(long workCount) {
            this.workCount = workCount;
            return this;
        }

        public Builder eventSeq(long eventSeq) {
            this.eventSeq = eventSeq;
            return this;
        }

        public Builder cost(double cost) {
            this.cost = cost;
            return this;
        }

        public Builder createdAt(long createdAt) {
            this.createdAt = createdAt;
            return this;
        }

        public Builder finishedAt(Long finishedAt) {
            this.finishedAt = finishedAt;
            return this;
        }

        public Builder version(long version) {
            this.version = version;
            return this;
        }

        public ExecutionRow build() {
            return new ExecutionRow(id, graphHash, workflowId, rootId, parentId, parentNode, parentIteration, status, stopping, report, inputsJson,
                    baseDir, running, active, waiting, workCount, eventSeq, cost, createdAt, finishedAt, version);
        }
    }
}

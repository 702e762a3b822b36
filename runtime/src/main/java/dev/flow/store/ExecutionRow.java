package dev.flow.store;

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
        java.util.Objects.requireNonNull(id, "id");
        java.util.Objects.requireNonNull(status, "status");
    }

    public ExecutionRow withStatus(ExecutionStatus s) {
        return new ExecutionRow(id, graphHash, workflowId, rootId, parentId, parentNode, parentIteration, s, stopping, report,
                inputsJson, baseDir, running, active, waiting, workCount, eventSeq, cost, createdAt, finishedAt, version);
    }

    public ExecutionRow withStopping(ExecutionStatus s, String why) {
        return new ExecutionRow(id, graphHash, workflowId, rootId, parentId, parentNode, parentIteration, status, s, why,
                inputsJson, baseDir, running, active, waiting, workCount, eventSeq, cost, createdAt, finishedAt, version);
    }

    public ExecutionRow finished(ExecutionStatus s, String why, long at) {
        return new ExecutionRow(id, graphHash, workflowId, rootId, parentId, parentNode, parentIteration, s, null, why,
                inputsJson, baseDir, running, active, waiting, workCount, eventSeq, cost, createdAt, at, version);
    }

    public boolean isTop() {
        return parentId == null;
    }
}

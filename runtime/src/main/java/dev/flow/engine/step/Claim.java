package dev.flow.engine.step;

import dev.flow.engine.exec.Job;
import dev.flow.model.Edge;
import dev.flow.store.NodeRow;
import java.util.List;
import java.util.Map;

/**
 * A node a worker holds: the job to run and the row its result is guarded against.
 *
 * @param resultReads the rows its result's transaction reads, as the graph stood at the claim: its own
 *     and its successors' (the next node of a chain, the merge a branch reaches)
 * @param joins the successors that wait for all of several edges, each with the edges it waits for
 *     (the graph's, at the claim): where the result's transaction looks for one still open
 */
public record Claim(Job job, NodeRow row, List<String> resultReads, Map<String, List<Edge>> joins) {
    public String key() {
        return keyOf(row);
    }

    /** How a worker names a node it runs: {@code execution/node}. */
    public static String keyOf(NodeRow row) {
        return row.executionId() + "/" + row.nodeId();
    }
}

package dev.flow.store;

import java.util.List;
import java.util.Objects;

/**
 * One version of an execution's graph. Version 0 is the graph the execution started with; each
 * later one is what a planner's answer (or an automatic escalation) added to the one before, stored
 * under its hash like any graph ({@link WorkflowTable}).
 *
 * @param grownBy the node whose answer (or whose failure, for an automatic escalation node) grew the
 *     graph; null for version 0
 * @param iteration the loop pass of that node's run; 0 for version 0
 * @param attempt the attempt of that node's run; 0 for version 0
 * @param addedNodes the ids of the nodes this version added, in the order they were added
 * @param addedEdges the ids of the edges this version added
 */
public record GraphVersionRow(
        String executionId,
        int version,
        String graphHash,
        String grownBy,
        int iteration,
        int attempt,
        List<String> addedNodes,
        List<String> addedEdges,
        long createdAt) {

    public GraphVersionRow {
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(graphHash, "graphHash");
        addedNodes = addedNodes == null ? List.of() : List.copyOf(addedNodes);
        addedEdges = addedEdges == null ? List.of() : List.copyOf(addedEdges);
    }
}

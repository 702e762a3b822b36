package dev.flow.store;

import java.util.List;

/** Finished runs of nodes that later runs replaced: the history behind each node's current row. */
public interface RunTable {
    void insert(RunRow row);

    /** The runs of one node, oldest first. */
    List<RunRow> of(String executionId, String nodeId);

    /** Every run of an execution, in node id then iteration order. */
    List<RunRow> all(String executionId);
}

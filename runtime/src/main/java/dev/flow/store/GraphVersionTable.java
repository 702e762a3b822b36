package dev.flow.store;

import java.util.List;
import java.util.Optional;

/**
 * The versions of each execution's graph (graphs that agents grow at run time). An execution that
 * never grew has none: its graph is the one its row names. The row's graph is always the latest
 * version's.
 */
public interface GraphVersionTable {
    /**
     * Records a version. One run of a node (execution, node, iteration, attempt) grows a graph at most
     * once: a second insert for it is refused, as a bug.
     */
    void insert(GraphVersionRow row);

    /** The versions of an execution, oldest first; empty when its graph never grew. */
    List<GraphVersionRow> all(String executionId);
}

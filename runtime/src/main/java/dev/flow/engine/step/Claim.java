package dev.flow.engine.step;

import dev.flow.engine.exec.Job;
import dev.flow.store.NodeRow;

/** A node a worker holds: the job to run and the row its result is guarded against. */
public record Claim(Job job, NodeRow row) {
    public String key() {
        return keyOf(row);
    }

    /** How a worker names a node it runs: {@code execution/node}. */
    public static String keyOf(NodeRow row) {
        return row.executionId() + "/" + row.nodeId();
    }
}

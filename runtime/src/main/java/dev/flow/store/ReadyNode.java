package dev.flow.store;

/**
 * A ready node as a claim finds it ({@link NodeTable#claimable}): which node, and its place in the
 * order claims take them (its ready time, then its execution and node). A claim reads the row of
 * the one it goes on to take with {@link NodeTable#get}.
 */
public record ReadyNode(String executionId, String nodeId, Long readyAt) {
    public static ReadyNode of(NodeRow row) {
        return new ReadyNode(row.executionId(), row.nodeId(), row.readyAt());
    }
}

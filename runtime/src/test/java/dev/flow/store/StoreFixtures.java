package dev.flow.store;

/** Rows the stores' own tests start from, the same on SQLite and PostgreSQL. */
public final class StoreFixtures {
    private StoreFixtures() {}

    /** A running execution {@code id} of the graph {@code h}. */
    public static ExecutionRow execution(String id) {
        return ExecutionRow.builder().id(id).graphHash("h").workflowId("w").rootId(id).status(ExecutionStatus.RUNNING).inputsJson("{}").baseDir("/tmp")
                .createdAt(1).build();
    }

    /** Stores the graph {@code h}, the run {@code e1} and its node {@code a}, ready; returns the node's row. */
    public static NodeRow readyNode(Store store) {
        return store.write(tx -> {
            tx.workflows().putIfAbsent("h", "{}", "w", 1);
            tx.executions().insert(execution("e1"));
            var b = NodeRow.pending("e1", "a").toBuilder();
            b.status(NodeStatus.READY);
            NodeRow r = b.build();
            tx.nodes().insert(r);
            return r;
        });
    }

    /** {@code ready} as worker {@code owner} holds it after claiming it. */
    public static NodeRow takenBy(NodeRow ready, String owner) {
        var b = ready.toBuilder();
        b.status(NodeStatus.RUNNING);
        b.leaseOwner(owner);
        return b.build();
    }
}

package dev.flow.store.sql;

/** What the SQL of the tables does differently on each database Flow stores its runs in. */
public enum Dialect {
    SQLITE("", ""),
    /**
     * Claims lock the node rows they read and their executions' rows, skipping what another
     * transaction holds: a worker never waits on another's claim, nor on an execution another
     * worker is changing, and takes a node of another execution instead. A write transaction
     * locks each execution it reads: a second transaction on the same execution waits there, at
     * its start, and then reads what the first committed ({@code READ COMMITTED}).
     */
    POSTGRESQL(" FOR UPDATE OF n, e SKIP LOCKED", " FOR UPDATE");

    private final String claimLock;
    private final String rowLock;

    Dialect(String claimLock, String rowLock) {
        this.claimLock = claimLock;
        this.rowLock = rowLock;
    }

    /** The locking clause of a write transaction's read of a row it will change. */
    String rowLock() {
        return rowLock;
    }

    /** The locking clause of the query that finds nodes to claim. */
    String claimLock() {
        return claimLock;
    }
}

package dev.flow.store.sql;

/** What the SQL of the tables does differently on each database Flow stores its runs in. */
public enum Dialect {
    SQLITE("", "", "CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)"),
    /**
     * Claims lock the node rows they read and their executions' rows, skipping what another
     * transaction holds: a worker never waits on another's claim, nor on an execution another
     * worker is changing, and takes a node of another execution instead. A write transaction
     * locks each execution it reads: a second transaction on the same execution waits there, at
     * its start, and then reads what the first committed ({@code READ COMMITTED}).
     */
    POSTGRESQL(" FOR UPDATE OF n, e SKIP LOCKED", " FOR UPDATE", "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)");

    private final String claimLock;
    private final String rowLock;
    private final String now;

    Dialect(String claimLock, String rowLock, String now) {
        this.claimLock = claimLock;
        this.rowLock = rowLock;
        this.now = now;
    }

    /** The database's clock now in epoch milliseconds, as an expression (the wall clock, not the transaction's start). */
    String now() {
        return now;
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

package dev.flow.store.sql;

/** What the SQL of the tables does differently on each database Flow stores its runs in. */
public enum Dialect {
    SQLITE(""),
    /** Claims lock the node rows they read, skipping rows another worker is claiming: workers never wait on each other's claims. */
    POSTGRESQL(" FOR UPDATE OF n SKIP LOCKED");

    private final String claimLock;

    Dialect(String claimLock) {
        this.claimLock = claimLock;
    }

    /** The locking clause of the query that finds nodes to claim. */
    String claimLock() {
        return claimLock;
    }
}

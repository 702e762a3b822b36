package dev.flow.store;

import java.nio.file.Path;

/**
 * The runtime's database. Work runs in transactions on the calling thread's own connection, and
 * each {@link #write} behaves as if no other transaction ran meanwhile: SQLite takes the write lock
 * at once ({@code BEGIN IMMEDIATE}); PostgreSQL runs it again from the start when a concurrent
 * transaction changed what it touched. {@link #read} sees one consistent snapshot. A transaction
 * that throws is rolled back; one that finds the database busy past the busy timeout, or loses a
 * race, is retried. A {@code Work} may therefore run more than once: it keeps its effects in the
 * transaction.
 */
public interface Store extends AutoCloseable {

    /** Runs {@code work} in one write transaction and commits it. */
    <T> T write(Work<T> work);

    /**
     * Runs {@code work} in one write transaction whose statements each see the latest committed
     * rows, for changes that do not depend on what was read before them (a heartbeat renewing its
     * leases). The same as {@link #write} where writes are serialized anyway (SQLite); on a server
     * it never fails for a concurrent change, where {@link #write} would be run again.
     */
    default <T> T writeLatest(Work<T> work) {
        return write(work);
    }

    /** Runs {@code work} in one read transaction. */
    <T> T read(Work<T> work);

    /**
     * What {@code --db} names: the database file, or a server's URL (without any password). Steps'
     * processes get it as {@code FLOW_DB}, so that {@code flow kv} inside them reaches this store.
     */
    String address();

    /**
     * This machine's folder for what stays local whatever the database: the worktrees of isolated
     * steps. The database file's folder for SQLite.
     */
    Path localDir();

    /** The folder for large outputs, logs and prompts; their SHA-256 sums are kept in the database. */
    Path artifactsDir();

    StoreOptions options();

    /** Closes every connection this store opened, on every thread. */
    @Override
    void close();

    /** A unit of work inside a transaction. */
    @FunctionalInterface
    interface Work<T> {
        T run(Tx tx);
    }
}

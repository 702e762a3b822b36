package dev.flow.store;

import java.nio.file.Path;

/**
 * The runtime's database. Work runs in transactions on the calling thread's own connection, and
 * each {@link #write} behaves as if no other transaction ran meanwhile: SQLite takes the write lock
 * at once ({@code BEGIN IMMEDIATE}); PostgreSQL locks the row of each execution it changes before it
 * reads that execution's nodes, and runs it again from the start when it loses a race all the same. {@link #read} sees one consistent snapshot. A transaction
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
     * leases). The same as {@link #write} on both stores today (PostgreSQL's write transactions read
     * the latest committed rows too); kept apart for a store where they would differ.
     */
    default <T> T writeLatest(Work<T> work) {
        return write(work);
    }

    /**
     * Calls {@code wake} whenever a transaction of any process commits work it announced ({@link
     * Tx#announceWork}), until the handle is closed; null where the store cannot tell (SQLite), and
     * workers poll. A wake may come when there is nothing left to take (another worker was first), and
     * one may be missed while the server is out of reach: it spares polls, it does not replace them.
     */
    default WorkListener listenForWork(Runnable wake) {
        return null;
    }

    /**
     * Makes this thread's calls to the database give up, as out of reach, when the server has not
     * answered within {@code limit} (a cable pulled mid-call otherwise holds the thread until TCP gives
     * up, many minutes later): for a worker's heartbeat, whose renewal is worthless once the lease has
     * run out. Nothing where the database is a local file.
     */
    default void limitThisThread(java.time.Duration limit) {}

    /**
     * Whether workers on other machines may share this store (a server's database): then a worker that
     * loses it for longer than a lease stops its work itself, since no process on its machine will. An
     * SQLite file is shared only on its own machine, where whoever takes a lapsed lease over kills what
     * its worker left running.
     */
    default boolean sharedAcrossMachines() {
        return false;
    }

    /**
     * Whether write transactions run one at a time (SQLite's single writer): a write transaction that
     * has begun then never waits on another's locks, whatever rows it reads. On a server a transaction
     * reads the rows it may change under row locks, and waits for their holders unless told to skip.
     */
    default boolean writesSerially() {
        return false;
    }

    /** What {@link #listenForWork} returns: whether it hears the server now, and how to stop it. */
    interface WorkListener extends AutoCloseable {
        /** Whether its connection is up, so that announcements reach it. */
        boolean listening();

        @Override
        void close();
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

package dev.flow.store;

/** The tables, as seen from inside one transaction. */
public interface Tx {
    WorkflowTable workflows();

    ExecutionTable executions();

    NodeTable nodes();

    RunTable runs();

    LoopCounterTable loops();

    StateTable state();

    RequestTable requests();

    KvTable kv();

    EventTable events();

    GraphVersionTable graphVersions();

    ForkTable forks();

    /**
     * The database's clock now, in epoch milliseconds, read with its own time function (PostgreSQL's
     * {@code clock_timestamp()}, SQLite's {@code julianday('now')}): the one clock that every worker
     * sharing the database agrees on, whatever its machine's clock says.
     */
    long databaseMillis();

    /**
     * Says, when this transaction commits, that it made work ready that its own worker does not take,
     * so that idle workers elsewhere look now rather than at their next poll (PostgreSQL's
     * {@code NOTIFY}, heard through {@link Store#listenForWork}). Nothing where workers poll (SQLite).
     */
    default void announceWork() {}
}

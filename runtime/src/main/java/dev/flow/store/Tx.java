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
}

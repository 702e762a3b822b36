package dev.flow.store;

import java.util.List;
import java.util.Map;

/** The state variables of each execution, as JSON values. */
public interface StateTable {
    Map<String, String> all(String executionId);

    void put(String executionId, String name, String valueJson);

    /**
     * Records a write in the variable's history, numbered by the execution's event sequence at the
     * write (a later write with the same number replaces it).
     */
    void remember(String executionId, String name, long seq, String valueJson);

    /** Each variable's value as its history had it before event {@code seq}: the last write numbered below it. */
    Map<String, String> before(String executionId, long seq);

    /** Every write the history keeps, in the order of their numbers (then names): what the studio shows as the state's history. */
    List<StateWrite> history(String executionId);

    /**
     * One kept write of a state variable.
     *
     * @param seq the execution's event sequence at the write: a node's reported state is written just
     *     before its {@code node_completed} event, its {@code on} handlers' at that event
     */
    record StateWrite(String name, long seq, String valueJson) {}
}

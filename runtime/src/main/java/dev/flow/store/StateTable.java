package dev.flow.store;

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
}

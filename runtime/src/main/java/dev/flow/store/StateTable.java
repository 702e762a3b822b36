package dev.flow.store;

import java.util.Map;

/** The state variables of each execution, as JSON values. */
public interface StateTable {
    Map<String, String> all(String executionId);

    void put(String executionId, String name, String valueJson);
}

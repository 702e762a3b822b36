package dev.flow.store;

import java.util.Map;

/** How many times each loop edge has been taken in an execution. */
public interface LoopCounterTable {
    int get(String executionId, String edgeId);

    /** Adds one and returns the new count. */
    int increment(String executionId, String edgeId);

    Map<String, Integer> all(String executionId);

    /** Sets a counter (a fork starts with the counters its source had). */
    void set(String executionId, String edgeId, int count);
}

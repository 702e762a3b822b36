package dev.flow.store.sql;

import dev.flow.store.ExecutionRow;
import dev.flow.store.NodeRow;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The execution and node rows one connection knows to be current (see {@link SqlSession#cache}): a
 * node that is known to have no row is cached too. Bounded: past {@link #MAX} entries it starts over.
 */
final class RowCache {
    static final int MAX = 20_000;

    private final Map<String, ExecutionRow> executions = new HashMap<>();
    private final Map<Key, Optional<NodeRow>> nodes = new HashMap<>();

    /** Two strings whose hash codes are cached: cheaper than concatenating them for every lookup. */
    private record Key(String executionId, String nodeId) {}

    static Key key(String executionId, String nodeId) {
        return new Key(executionId, nodeId);
    }

    void clear() {
        executions.clear();
        nodes.clear();
    }

    ExecutionRow execution(String id) {
        return executions.get(id);
    }

    void execution(ExecutionRow row) {
        if (executions.size() >= MAX) {
            executions.clear();
        }
        executions.put(row.id(), row);
    }

    void forgetExecution(String id) {
        executions.remove(id);
    }

    /** Null when unknown; empty when known to have no row. */
    Optional<NodeRow> node(String executionId, String nodeId) {
        return nodes.get(key(executionId, nodeId));
    }

    void node(String executionId, String nodeId, Optional<NodeRow> row) {
        if (nodes.size() >= MAX) {
            nodes.clear();
        }
        nodes.put(key(executionId, nodeId), row);
    }

    void forgetNode(String executionId, String nodeId) {
        nodes.remove(key(executionId, nodeId));
    }

    void forgetNodes() {
        nodes.clear();
    }
}

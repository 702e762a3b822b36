package dev.flow.store.sql;

import dev.flow.store.ExecutionRow;
import dev.flow.store.NodeRow;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The execution and node rows one connection knows to be current (see {@link SqlSession#cache}): a
 * node that is known to have no row is cached too. Bounded: past {@link #MAX} entries it starts over.
 *
 * <p>For the executions this connection created, it also knows which nodes have rows at all, so
 * that looking for a node not yet reached (a chain's next node, every step) needs no query: an
 * execution is new when inserted, and every node row is inserted through its connection's cache
 * ({@link #inserting}). What another connection commits clears it all ({@link #clear}).
 */
final class RowCache {
    static final int MAX = 20_000;
    /** Execution and node ids kept for {@link #rowsOf}, over all executions; past it they start over. */
    static final int ROW_IDS_MAX = 1_000_000;

    private final Map<String, ExecutionRow> executions = new HashMap<>();
    private final Map<Key, Optional<NodeRow>> nodes = new HashMap<>();
    /** For the executions this connection created: the ids of their nodes that have rows. */
    private final Map<String, Set<String>> rowsOf = new HashMap<>();
    private int rowIds;

    /** Two strings whose hash codes are cached: cheaper than concatenating them for every lookup. */
    private record Key(String executionId, String nodeId) {}

    static Key key(String executionId, String nodeId) {
        return new Key(executionId, nodeId);
    }

    void clear() {
        executions.clear();
        nodes.clear();
        rowsOf.clear();
        rowIds = 0;
    }

    /** An execution this connection has just inserted: none of its nodes has a row yet. */
    void created(String executionId) {
        rowsOf.put(executionId, new HashSet<>());
        counted();
    }

    /**
     * A node row about to be inserted. Noted before the insert is sent: if the insert then fails, the
     * node is only looked up in the database.
     */
    void inserting(String executionId, String nodeId) {
        Set<String> ids = rowsOf.get(executionId);
        if (ids != null && ids.add(nodeId)) {
            counted();
        }
    }

    /** One more execution or node id kept: past the bound, they start over (a long-lived worker's runs). */
    private void counted() {
        if (++rowIds > ROW_IDS_MAX) {
            rowsOf.clear();
            rowIds = 0;
        }
    }

    /** Whether the node is known to have no row: its execution was created here and no row was inserted for it. */
    boolean knownAbsent(String executionId, String nodeId) {
        Set<String> ids = rowsOf.get(executionId);
        return ids != null && !ids.contains(nodeId);
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

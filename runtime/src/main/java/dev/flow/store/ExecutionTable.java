package dev.flow.store;

import java.util.List;
import java.util.Optional;

/** Executions: one row per run and per child run. */
public interface ExecutionTable {
    void insert(ExecutionRow row);

    Optional<ExecutionRow> get(String id);

    /**
     * Writes {@code next} over the row if its version is still {@code next.version()}; the stored
     * version becomes one more. False when another transaction changed it first.
     */
    boolean update(ExecutionRow next);

    /**
     * Writes {@code next} over the row, whose version nothing else may have changed (the transaction
     * holds it). On a server the write may go with the transaction's other writes; a version that
     * moved on all the same fails the transaction, as a bug ({@link Guard#exactlyOne}), there or here.
     */
    void replace(ExecutionRow next);

    /** Executions that are not final, oldest first. */
    List<ExecutionRow> unfinished();

    /** Every execution, newest first, at most {@code limit}. */
    List<ExecutionRow> recent(int limit);

    /**
     * The executions {@code filter} wants, newest first (by creation time, then id, both
     * descending), at most {@code limit}, starting after {@code after} (null for the first page).
     */
    List<ExecutionRow> find(ExecutionFilter filter, ExecutionFilter.Cursor after, int limit);

    /** The ids of every execution, for suggesting the one a mistyped id meant. */
    List<String> ids();

    /** The children of an execution (its subgraph runs), oldest first. */
    List<ExecutionRow> children(String parentId);
}

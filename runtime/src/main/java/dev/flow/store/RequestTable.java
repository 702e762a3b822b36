package dev.flow.store;

import java.util.List;
import java.util.Optional;

/** Questions for people. */
public interface RequestTable {
    /** Inserts a pending request; returns its id. */
    long insert(RequestRow row);

    Optional<RequestRow> get(long id);

    /** The pending request of a node, if any. */
    Optional<RequestRow> pendingFor(String executionId, String nodeId);

    /** The request of a node in an iteration of a kind, answered or not. */
    Optional<RequestRow> find(String executionId, String nodeId, int iteration, String kind);

    /** Pending requests of the tree of {@code rootId} (or everywhere when null). */
    List<RequestRow> pending(String rootId);

    /** Every request of an execution, oldest first. */
    List<RequestRow> all(String executionId);

    /**
     * Moves a pending request to {@code status} with its answer. False when it was no longer
     * pending (answered by someone else, expired, cancelled).
     */
    boolean resolve(long id, String status, String answer, String note, long at);
}

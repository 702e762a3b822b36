package dev.flow.store;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The current state of each node of each execution (absent means pending). */
public interface NodeTable {
    Optional<NodeRow> get(String executionId, String nodeId);

    /**
     * The rows of several nodes of one execution, read together (one query on a server): by node id,
     * absent for a node that has no row.
     */
    Map<String, NodeRow> getAll(String executionId, List<String> nodeIds);

    void insert(NodeRow row);

    /**
     * Writes {@code next} over the row if it still has the status, iteration, attempt and lease
     * owner of {@code expected}. False when the row moved on (another worker, a reset loop).
     */
    boolean update(NodeRow expected, NodeRow next);

    /**
     * Writes {@code next} over the row, which nothing else may have changed since it was read as
     * {@code expected} (the transaction holds its execution). On a server the write may go with the
     * transaction's other writes; a row that moved on all the same fails the transaction, as a bug
     * ({@link Guard#exactlyOne}), there or here.
     */
    void replace(NodeRow expected, NodeRow next);

    /** Every node row of an execution, by node id. */
    List<NodeRow> all(String executionId);

    /**
     * Ready nodes whose backoff has passed, oldest first, in executions that are running and not
     * stopping; only in the tree of {@code rootId}, or everywhere when it is null. In a writing
     * transaction on a server they are locked, and their rows kept for {@link #get} to return at no
     * further round trip.
     */
    List<ReadyNode> claimable(String rootId, long now, int limit);

    /** {@link #claimable(String, long, int)}, from the first ready node after {@code after} in that order (from the oldest when null). */
    List<ReadyNode> claimable(String rootId, long now, int limit, ReadyNode after);

    /** The earliest {@code notBefore} of a ready node in the tree (or anywhere), if any. */
    Optional<Long> nextNotBefore(String rootId);

    /**
     * Says that {@link #getAll} of these rows comes next but one: a server sends that read in the same
     * request as the statement before it (which may wait on a row lock: the read runs after it). A
     * hint only: the read is used if it is the very next one asked, with nothing sent in between;
     * otherwise it is made again. SQLite, with no round trips to save, ignores it.
     */
    void readAhead(String executionId, List<String> nodeIds);

    /** Running nodes whose lease lapsed before {@code now}. */
    List<NodeRow> expiredLeases(long now);

    /** The distinct owners of running nodes' leases. */
    List<String> leaseOwners();

    /** Running nodes held by one owner. */
    List<NodeRow> heldBy(String owner);

    /** Renews every lease of {@code owner} to {@code expires}; returns how many. */
    int renewLeases(String owner, long expires);

    /** How many nodes of the tree (or anywhere) are ready or running. */
    int countActive(String rootId);
}

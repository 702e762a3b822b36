package dev.flow.engine.broker;

import java.util.List;
import java.util.Optional;

/**
 * The key-value store of one execution as one caller may use it: what the broker serves a step,
 * and what {@code flow kv} uses whether it reaches the store through the database or the broker.
 * Implementations throw a {@link RuntimeException} whose message says why for a request they refuse
 * (a write outside the caller's scopes, an unknown node, a malformed key).
 */
public interface KvAccess {
    /**
     * A stored value.
     *
     * @param scope a node id, or {@code run}
     * @param value its whole text (read from its artifact file when it is large)
     * @param bytes its size in UTF-8
     * @param writer who wrote it: a node id, or {@code person}
     * @param at when, in milliseconds since the epoch
     */
    record Value(String scope, String key, String value, long bytes, String writer, long at) {}

    /** The execution this access is to. */
    String executionId();

    /** A key's latest value; empty when it has none. */
    Optional<Value> get(String scope, String key);

    /** A key's kept values, newest first. */
    List<Value> history(String scope, String key);

    /** The keys of a scope that start with {@code prefix} (all when empty), each with its latest value. */
    List<Value> list(String scope, String prefix);

    /** Stores a value, keeping the earlier ones. */
    void put(String scope, String key, String value);

    /** Gives the access of a step (its execution and node) to the store. */
    @FunctionalInterface
    interface Factory {
        KvAccess forStep(String executionId, String nodeId);
    }
}

package dev.flow.store;

import java.util.List;
import java.util.Optional;

/** The key-value store: the latest value of each key, and its history. */
public interface KvTable {
    /** How many earlier values of a key are kept besides the latest. */
    int HISTORY_KEPT = 5;

    Optional<KvEntry> get(String executionId, String scope, String key);

    /** Stores the value as the latest and adds it to the history, dropping the oldest beyond {@link #HISTORY_KEPT}. */
    void put(KvEntry entry);

    /** The latest values of a scope whose keys start with {@code prefix}, by key. */
    List<KvEntry> list(String executionId, String scope, String prefix);

    /** Every key's latest value in an execution, every scope, by scope then key: one read for a page that shows them all. */
    List<KvEntry> all(String executionId);

    /** The kept values of one key, newest first (the latest included). */
    List<KvEntry> history(String executionId, String scope, String key);

    /** Every kept value of the execution, of every scope and key, oldest first: what the studio shows as the store's history. */
    List<KvEntry> written(String executionId);
}

package dev.flow.store;

import java.util.Optional;

/** Compiled graphs, stored once each under the SHA-256 of their JSON. */
public interface WorkflowTable {
    /** Stores the graph unless a graph with this hash is already there. */
    void putIfAbsent(String hash, String graphJson, String mainId, long at);

    Optional<String> graphJson(String hash);
}

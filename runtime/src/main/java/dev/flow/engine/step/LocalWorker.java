package dev.flow.engine.step;

import java.util.Set;

/**
 * A worker of this process as the transitions see it ({@link EngineCore#register}): known by its
 * lease owner, and told after each commit which of the work it runs that commit cancelled, so that
 * the work stops at once rather than at its next heartbeat.
 */
public interface LocalWorker {
    /** The lease owner it claims under. */
    String owner();

    /** Kills the work of these nodes ({@code execution/node}) that runs here. */
    void cancelLocally(Set<String> keys);
}

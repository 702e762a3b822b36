package dev.flow.engine.config;

import dev.flow.engine.exec.ActivitySink;
import dev.flow.store.EventRow;

/**
 * Hears the engine's events once they are committed, and what a running agent is doing now (from
 * its event stream, never stored): progress for {@code flow run}.
 */
@FunctionalInterface
public interface EngineListener extends ActivitySink {
    EngineListener NONE = e -> {};

    void onEvent(EventRow event);

    @Override
    default void activity(String executionId, String nodeId, String what) {}
}

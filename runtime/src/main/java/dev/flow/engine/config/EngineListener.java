package dev.flow.engine.config;

import dev.flow.store.EventRow;

/** Hears the engine's events once they are committed: progress for {@code flow run}. */
@FunctionalInterface
public interface EngineListener {
    EngineListener NONE = e -> {};

    void onEvent(EventRow event);
}

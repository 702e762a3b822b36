package dev.flow.cli;

import dev.flow.engine.Engine;
import dev.flow.engine.EngineListener;
import dev.flow.engine.EngineOptions;
import dev.flow.store.Store;

/** Engines as the command line builds them: processes they start can call flow again ({@code FLOW_BIN}). */
final class Engines {
    private Engines() {}

    static Engine create(Store store, EngineListener listener) {
        return new Engine(store, EngineOptions.builder().cliPath(Invocation.launcher()).listener(listener).build());
    }

    static Engine create(Store store) {
        return create(store, EngineListener.NONE);
    }
}

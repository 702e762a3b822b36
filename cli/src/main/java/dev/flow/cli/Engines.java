package dev.flow.cli;

import dev.flow.engine.Engine;
import dev.flow.engine.config.EngineListener;
import dev.flow.engine.config.EngineOptions;
import dev.flow.store.Store;
import java.util.List;
import java.util.Map;

/** Engines as the command line builds them: processes they start can call flow again ({@code FLOW_BIN}). */
final class Engines {
    private Engines() {}

    static Engine create(Store store, EngineListener listener) {
        return create(store, listener, Map.of());
    }

    /** An engine whose role agents include {@code roles} ({@code --role ROLE=COMMAND}). */
    static Engine create(Store store, EngineListener listener, Map<String, List<String>> roles) {
        return new Engine(store, EngineOptions.builder().cliPath(Invocation.launcher()).listener(listener).roleCommands(roles).build());
    }

    static Engine create(Store store) {
        return create(store, EngineListener.NONE);
    }
}

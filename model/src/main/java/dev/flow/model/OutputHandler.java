package dev.flow.model;

import java.util.List;
import java.util.Objects;

/** State updates applied, in the same transaction as the node's result, when the node produces {@code output}. */
public record OutputHandler(NameRef output, List<StateUpdate> updates, SourceRef source) {
    public OutputHandler {
        Objects.requireNonNull(output, "output");
        updates = Models.list(updates);
        source = source == null ? SourceRef.NONE : source;
    }
}

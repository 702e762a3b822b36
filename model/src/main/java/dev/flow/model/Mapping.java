package dev.flow.model;

import java.util.Objects;

/** {@code key = value}: a data mapping on an edge, or a subgraph's input or output mapping. */
public record Mapping(String key, Expr value, SourceRef source) {
    public Mapping {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        source = source == null ? SourceRef.NONE : source;
    }
}

package dev.flow.model;

/** {@code key = value}: a data mapping on an edge, or a subgraph's input or output mapping. */
public record Mapping(String key, Expr value, SourceRef source) {
    public Mapping {
        java.util.Objects.requireNonNull(key, "key");
        java.util.Objects.requireNonNull(value, "value");
        source = source == null ? SourceRef.NONE : source;
    }
}

package dev.flow.model;

import java.util.Objects;

/** One of the outputs a node declares it can produce; edges and handlers select on these names. */
public record OutputDecl(String name, String description, SourceRef source) {
    public OutputDecl {
        Objects.requireNonNull(name, "name");
        source = source == null ? SourceRef.NONE : source;
    }

    public static OutputDecl of(String name) {
        return new OutputDecl(name, null, SourceRef.NONE);
    }
}

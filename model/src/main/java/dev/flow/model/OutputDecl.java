package dev.flow.model;

/** One of the outputs a node declares it can produce; edges and handlers select on these names. */
public record OutputDecl(String name, String description, SourceRef source) {
    public OutputDecl {
        java.util.Objects.requireNonNull(name, "name");
        source = source == null ? SourceRef.NONE : source;
    }

    public static OutputDecl of(String name) {
        return new OutputDecl(name, null, SourceRef.NONE);
    }
}

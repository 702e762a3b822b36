package dev.flow.model;

import java.util.Objects;

/**
 * A reference by name to another element (a node, gate, agent, output, variable or workflow), with
 * the position of the name itself so that an unknown name is reported exactly where it was written.
 * Whether the name resolves is the checker's business, not the front end's.
 */
public record NameRef(String name, SourceRef source) {

    public NameRef {
        Objects.requireNonNull(name, "name");
        source = source == null ? SourceRef.NONE : source;
    }

    public static NameRef of(String name) {
        return new NameRef(name, SourceRef.NONE);
    }

    @Override
    public String toString() {
        return name;
    }
}

package dev.flow.yaml.read;

import dev.flow.model.NameRef;
import dev.flow.model.SourceRef;
import java.util.Objects;

/** A value read from YAML with the place it was written. */
public record Located<T>(T value, SourceRef source) {

    public Located {
        Objects.requireNonNull(value, "value");
    }

    /** This name as a reference to another element. */
    public NameRef toNameRef() {
        return new NameRef(String.valueOf(value), source);
    }
}

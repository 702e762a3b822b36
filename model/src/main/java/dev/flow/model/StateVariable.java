package dev.flow.model;

import java.util.Objects;

/**
 * A typed, workflow-wide variable that nodes update through {@link OutputHandler}s and that
 * conditions read.
 *
 * @param initial the value at the start of a run; {@code null} means the type's zero value
 *     ({@code false}, {@code 0}, {@code ""}, {@code []}, the first enum value)
 */
public record StateVariable(String name, Type type, Value initial, String description, SourceRef source) {
    public StateVariable {
        Objects.requireNonNull(name, "name");
        type = type == null ? Type.ANY : type;
        source = source == null ? SourceRef.NONE : source;
    }
}

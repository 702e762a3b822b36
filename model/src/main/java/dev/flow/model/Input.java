package dev.flow.model;

import java.util.Objects;

/**
 * A typed value the caller supplies when a run starts ({@code flow run --input name=value}).
 *
 * @param defaultValue used when the caller gives none; {@code null} makes the input required
 * @param description shown in hovers and {@code flow run --help}; may be null
 */
public record Input(String name, Type type, Value defaultValue, String description, SourceRef source) {
    public Input {
        Objects.requireNonNull(name, "name");
        type = type == null ? Type.STRING : type;
        source = source == null ? SourceRef.NONE : source;
    }

    public boolean required() {
        return defaultValue == null;
    }
}

package dev.flow.model;

import java.util.Objects;

/**
 * An update of a state variable: {@code set x = expr} or {@code append x += expr} (lists). In
 * {@code value}, the name {@code output} is the result of the node being handled.
 */
public record StateUpdate(NameRef variable, Op op, Expr value, SourceRef source) {
    public StateUpdate {
        Objects.requireNonNull(variable, "variable");
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(value, "value");
        source = source == null ? SourceRef.NONE : source;
    }

    public enum Op {
        SET,
        APPEND
    }
}

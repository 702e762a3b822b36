package dev.flow.yaml.condition;

import dev.flow.model.SourceRef;

/**
 * Where each character of a condition's text was written, so that every part of the parsed
 * expression, and every error, points at the exact place in the file. A condition written on one
 * line at a known position uses {@link #inLine}; one read from a YAML scalar uses the reader's map,
 * which knows about quotes, escapes and folded lines.
 */
@FunctionalInterface
public interface PositionMap {

    /** The range in the file of the characters {@code [start, end)} of the condition's text. */
    SourceRef range(int start, int end);

    /** A condition whose text starts at this position and has no line breaks or escapes. */
    static PositionMap inLine(String file, int offset, int line, int column) {
        return (start, end) -> SourceRef.of(file, offset + start, Math.max(0, end - start), line, column + start);
    }
}

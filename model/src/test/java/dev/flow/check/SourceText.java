package dev.flow.check;

import dev.flow.model.SourceRef;

/**
 * The text a test workflow would have been written as, one declaration a line, built as the test
 * declares things. Every element gets the range of its own text, so a test can say where a
 * diagnostic points by quoting: {@code assertThat(flow.text(d.source())).isEqualTo("anlyze")}.
 */
final class SourceText {
    private final String file;
    private final StringBuilder text = new StringBuilder();
    private int line;
    private int lineStart;

    SourceText(String file) {
        this.file = file;
    }

    String file() {
        return file;
    }

    /** Starts a new line. */
    SourceText newLine() {
        if (line > 0) {
            text.append('\n');
        }
        line++;
        lineStart = text.length();
        return this;
    }

    /** Appends text that nothing points at. */
    SourceText append(String raw) {
        text.append(raw);
        return this;
    }

    /** Appends {@code piece} and returns its range. */
    SourceRef put(String piece) {
        int offset = text.length();
        text.append(piece);
        return SourceRef.of(file, offset, piece.length(), line, offset - lineStart + 1);
    }

    /** The range from {@code start} to the end of what has been written since. */
    SourceRef since(SourceRef start) {
        int length = text.length() - start.offset();
        return SourceRef.of(file, start.offset(), length, start.line(), start.column());
    }

    /** Where the next character goes, as an empty range. */
    SourceRef here() {
        return SourceRef.of(file, text.length(), 0, line, text.length() - lineStart + 1);
    }

    /** The text a range covers. */
    String at(SourceRef ref) {
        if (!ref.file().equals(file) || ref.isUnknown()) {
            return "<" + ref + ">";
        }
        return text.substring(ref.offset(), ref.offset() + ref.length());
    }

    /** The whole line a range starts on. */
    String lineOf(SourceRef ref) {
        String all = text.toString();
        int start = all.lastIndexOf('\n', Math.max(0, ref.offset() - 1)) + 1;
        int end = all.indexOf('\n', ref.offset());
        return all.substring(start, end < 0 ? all.length() : end);
    }

    @Override
    public String toString() {
        return text.toString();
    }
}

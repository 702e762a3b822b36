package dev.flow.model;

/**
 * Where an element was written: the file and the character range of its text. Lines and columns
 * are 1-based, offsets 0-based; {@code endLine}/{@code endColumn} name the position just after the
 * last character, so a one-character token at 3:7 ends at 3:8.
 *
 * @param file the path or URI of the source as the user named it; empty when unknown
 * @param offset character offset of the first character
 * @param length number of characters
 * @param line line of the first character
 * @param column column of the first character
 * @param endLine line of the position after the last character
 * @param endColumn column of the position after the last character
 */
public record SourceRef(String file, int offset, int length, int line, int column, int endLine, int endColumn) {

    /** A position for elements that have no text of their own (built-ins, implied nodes). */
    public static final SourceRef NONE = new SourceRef("", 0, 0, 0, 0, 0, 0);

    public SourceRef {
        file = file == null ? "" : file;
    }

    /** A range on one line. */
    public static SourceRef of(String file, int offset, int length, int line, int column) {
        return new SourceRef(file, offset, length, line, column, line, column + length);
    }

    /** True for {@link #NONE} and other positions that point at no text. */
    public boolean isUnknown() {
        return line <= 0;
    }

    /** The same range in another file (used when a library is read under another name). */
    public SourceRef inFile(String otherFile) {
        return new SourceRef(otherFile, offset, length, line, column, endLine, endColumn);
    }

    @Override
    public String toString() {
        return file + ":" + line + ":" + column;
    }
}

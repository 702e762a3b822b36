package dev.flow.lsp;

import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;

/** A text with the cursor marked as {@code <|>}, as the tests write it, and the text without the mark. */
record Cursor(String text, Position position) {
    static final String MARK = "<|>";

    static Cursor in(String marked) {
        int at = marked.indexOf(MARK);
        if (at < 0) {
            throw new IllegalArgumentException("no " + MARK + " in the text");
        }
        return new Cursor(marked.substring(0, at) + marked.substring(at + MARK.length()), position(marked, at));
    }

    static Position position(String text, int offset) {
        int line = 0;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new Position(line, offset - lineStart);
    }

    /** The range of the first occurrence of {@code word} after {@code after} (both in the text). */
    static Range rangeOf(String text, String word, String after) {
        int from = after.isEmpty() ? 0 : text.indexOf(after);
        int at = text.indexOf(word, from);
        if (from < 0 || at < 0) {
            throw new IllegalArgumentException("'" + word + "' after '" + after + "' is not in the text");
        }
        return new Range(position(text, at), position(text, at + word.length()));
    }

    /** The text a range covers. */
    static String textAt(String text, Range range) {
        return text.substring(offset(text, range.getStart()), offset(text, range.getEnd()));
    }

    static int offset(String text, Position position) {
        int offset = 0;
        for (int line = 0; line < position.getLine(); line++) {
            offset = text.indexOf('\n', offset) + 1;
        }
        return offset + position.getCharacter();
    }
}

package dev.flow.lsp.workspace;

import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.util.ITextRegion;

/**
 * A document that reads positions as the protocol says: a character past the end of its line
 * means the end of the line, a line past the end of the document means its end, and a range may
 * come with its end first. Editors send such positions while the server still has an older text;
 * Xtext's document throws on them, and every request at them failed with an internal error.
 */
final class LenientDocument extends Document {

    LenientDocument(Document document) {
        super(document.getVersion(), document.getContents(), document.isPrintSourceOnError());
    }

    @Override
    public int getOffSet(Position position) {
        return super.getOffSet(clamp(position));
    }

    @Override
    public Position getPosition(int offset) {
        return super.getPosition(Math.max(0, Math.min(offset, getContents().length())));
    }

    @Override
    public ITextRegion getTextRegion(Range range) {
        return super.getTextRegion(ordered(range));
    }

    @Override
    public String getSubstring(Range range) {
        return super.getSubstring(ordered(range));
    }

    /** The range with both ends inside the document and the earlier one first. */
    Range ordered(Range range) {
        Position start = clamp(range.getStart());
        Position end = clamp(range.getEnd());
        boolean reversed = start.getLine() > end.getLine() || start.getLine() == end.getLine() && start.getCharacter() > end.getCharacter();
        return reversed ? new Range(end, start) : new Range(start, end);
    }

    /** The nearest position inside the document. */
    Position clamp(Position position) {
        String text = getContents();
        int line = Math.max(0, position.getLine());
        int lineStart = 0;
        for (int l = 0; l < line; l++) {
            int next = text.indexOf('\n', lineStart);
            if (next < 0) {
                return super.getPosition(text.length()); // past the last line: the end of the document
            }
            lineStart = next + 1;
        }
        int lineEnd = text.indexOf('\n', lineStart);
        if (lineEnd < 0) {
            lineEnd = text.length();
        } else if (lineEnd > lineStart && text.charAt(lineEnd - 1) == '\r') {
            lineEnd--;
        }
        return new Position(line, Math.max(0, Math.min(position.getCharacter(), lineEnd - lineStart)));
    }
}

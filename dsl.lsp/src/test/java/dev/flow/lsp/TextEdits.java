package dev.flow.lsp;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.eclipse.lsp4j.TextEdit;

/** Applies a server's text edits to a text, as an editor does: from the last to the first. */
final class TextEdits {
    private TextEdits() {}

    static String apply(String text, List<? extends TextEdit> edits) {
        var sorted = new ArrayList<TextEdit>(edits);
        sorted.sort(Comparator.comparingInt((TextEdit e) -> Cursor.offset(text, e.getRange().getStart())).reversed());
        var result = new StringBuilder(text);
        for (TextEdit edit : sorted) {
            result.replace(Cursor.offset(text, edit.getRange().getStart()), Cursor.offset(text, edit.getRange().getEnd()), edit.getNewText());
        }
        return result.toString();
    }
}

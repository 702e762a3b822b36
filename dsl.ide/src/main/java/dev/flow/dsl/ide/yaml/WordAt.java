package dev.flow.dsl.ide.yaml;

import java.util.Optional;
import org.eclipse.lsp4j.Range;
import org.eclipse.xtext.ide.server.Document;

/**
 * The name under the cursor in YAML text: letters, digits, {@code _} and {@code -}, with the name
 * before a dot when it is a field ({@code review.clean}: the field {@code clean} of {@code review}).
 *
 * @param owner the node before the dot, or null for a name on its own
 * @param start the offset of the name's first character
 */
record WordAt(String owner, String name, int start) {

    static Optional<WordAt> of(String text, int offset) {
        int start = offset - nameEndingAt(text, offset).length();
        int end = offset;
        while (end < text.length() && isNameChar(text.charAt(end))) {
            end++;
        }
        if (start == end) {
            return Optional.empty();
        }
        return Optional.of(new WordAt(ownerBefore(text, start).orElse(null), text.substring(start, end), start));
    }

    /** The node whose fields are being typed: the name before {@code NODE.} and what follows it up to {@code offset}. */
    static Optional<String> ownerBefore(String text, int offset) {
        int start = offset - nameEndingAt(text, offset).length();
        if (start == 0 || text.charAt(start - 1) != '.') {
            return Optional.empty();
        }
        String owner = nameEndingAt(text, start - 1);
        return owner.isEmpty() ? Optional.empty() : Optional.of(owner);
    }

    /** The editor's range of the name. */
    Range range(String text) {
        var document = new Document(0, text);
        return new Range(document.getPosition(start), document.getPosition(start + name.length()));
    }

    private static String nameEndingAt(String text, int end) {
        int start = end;
        while (start > 0 && isNameChar(text.charAt(start - 1))) {
            start--;
        }
        return text.substring(start, end);
    }

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-';
    }
}

package dev.flow.yaml.read;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds the comments of a YAML text: a {@code #} at the start of a line or after a blank, outside
 * every scalar, up to the end of its line. Scanning the text beside the parser (rather than through
 * SnakeYAML's comment events) keeps comments whatever the structure they sit in.
 */
final class CommentScanner {
    private CommentScanner() {}

    static List<YamlComment> scan(TextPositions positions, ScalarRanges scalars) {
        String text = positions.text();
        var comments = new ArrayList<YamlComment>();
        int lineStart = 0;
        while (lineStart < text.length()) {
            int lineEnd = lineEnd(text, lineStart);
            int hash = commentStart(text, lineStart, lineEnd, scalars);
            if (hash >= 0) {
                String body = text.substring(hash + 1, lineEnd);
                String clean = (body.startsWith(" ") ? body.substring(1) : body).stripTrailing();
                boolean ownLine = text.substring(lineStart, hash).isBlank();
                comments.add(new YamlComment(clean, ownLine, positions.range(hash, lineEnd)));
            }
            lineStart = nextLine(text, lineEnd);
        }
        return comments;
    }

    private static int commentStart(String text, int from, int to, ScalarRanges scalars) {
        for (int i = from; i < to; i++) {
            if (text.charAt(i) != '#') {
                continue;
            }
            boolean afterBlank = i == from || text.charAt(i - 1) == ' ' || text.charAt(i - 1) == '\t';
            if (afterBlank && !scalars.contains(i)) {
                return i;
            }
        }
        return -1;
    }

    private static int lineEnd(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                return i;
            }
        }
        return text.length();
    }

    private static int nextLine(String text, int lineEnd) {
        if (lineEnd < text.length() && text.charAt(lineEnd) == '\r' && lineEnd + 1 < text.length() && text.charAt(lineEnd + 1) == '\n') {
            return lineEnd + 2;
        }
        return lineEnd + 1;
    }
}

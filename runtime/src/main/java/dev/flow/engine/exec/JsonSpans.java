package dev.flow.engine.exec;

import java.util.Arrays;

/**
 * Where the JSON objects in an agent's chatter may be: the maximal balanced {@code {...}} spans of
 * a text, found in one pass. Braces inside JSON strings do not count; a string starts only where
 * JSON allows one (after {@code {}, {@code [}, {@code ,} or {@code :}), so a lone quote in prose
 * does not swallow what follows, and it ends at its closing quote or at the end of its line (JSON
 * strings hold no raw line break). Brackets must nest within a span as they do in JSON: a
 * {@code '}'} that closes a {@code '{'} across an open {@code '['} ends no span. An opening brace
 * that never closes does not hide the balanced spans after it. Every character is looked at once,
 * every opener is pushed and popped once, and every span is recorded once and dropped at most once,
 * so the whole scan is O(n), however the braces are arranged.
 */
final class JsonSpans {
    private int[] starts = new int[8];
    private int[] ends = new int[8];
    private int count;

    private JsonSpans() {}

    /** The maximal balanced spans of {@code text}, in order. */
    static JsonSpans of(String text) {
        var spans = new JsonSpans();
        spans.scan(text);
        return spans;
    }

    /** How many spans there are. */
    int size() {
        return count;
    }

    /** The text of span {@code i} (0 is the first). */
    String text(String source, int i) {
        return source.substring(starts[i], ends[i] + 1);
    }

    private void scan(String text) {
        int[] open = new int[16]; // positions of the open '{' and '[', innermost last
        int depth = 0;
        boolean inString = false;
        char last = ' ';
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                    last = '"';
                } else if (c == '\n') {
                    inString = false;
                    last = '\n';
                }
                continue;
            }
            switch (c) {
                case '"' -> inString = last == '{' || last == '[' || last == ',' || last == ':';
                case '{', '[' -> {
                    if (depth == open.length) {
                        open = Arrays.copyOf(open, depth * 2);
                    }
                    open[depth++] = i;
                }
                case ']' -> {
                    if (depth > 0 && text.charAt(open[depth - 1]) == '[') {
                        depth--;
                    }
                }
                case '}' -> {
                    boolean nested = true;
                    while (depth > 0 && text.charAt(open[depth - 1]) == '[') {
                        depth--;
                        nested = false;
                    }
                    if (depth > 0) {
                        int start = open[--depth];
                        if (nested) {
                            add(start, i);
                        }
                    }
                }
                default -> {}
            }
            if (!Character.isWhitespace(c)) {
                last = c;
            }
        }
    }

    /** Records a span, dropping the spans it contains (they were recorded before it, last). */
    private void add(int start, int end) {
        while (count > 0 && starts[count - 1] > start) {
            count--;
        }
        if (count == starts.length) {
            starts = Arrays.copyOf(starts, count * 2);
            ends = Arrays.copyOf(ends, count * 2);
        }
        starts[count] = start;
        ends[count] = end;
        count++;
    }
}

package dev.flow.yaml.read;

import dev.flow.model.SourceRef;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Turns positions in a text into {@link SourceRef}s. Offsets and columns count UTF-16 units, as
 * Java strings and LSP clients do; lines break at {@code \n}, {@code \r\n} and {@code \r}. SnakeYAML
 * counts code points, so its indices go through {@link #charOffset(int)} first.
 */
public final class TextPositions {
    private final String file;
    private final String text;
    private final int[] lineStarts;
    /** Code point indices of the characters outside the BMP, each of which takes two chars. */
    private final int[] astralCodePoints;

    public TextPositions(String file, String text) {
        this.file = file;
        this.text = text;
        this.lineStarts = lineStarts(text);
        this.astralCodePoints = astralCodePoints(text);
    }

    public String file() {
        return file;
    }

    public String text() {
        return text;
    }

    /** The char offset of the code point at {@code codePointIndex}. */
    public int charOffset(int codePointIndex) {
        if (astralCodePoints.length == 0) {
            return clamp(codePointIndex);
        }
        int before = Arrays.binarySearch(astralCodePoints, codePointIndex);
        int count = before >= 0 ? before : -before - 1;
        return clamp(codePointIndex + count);
    }

    /** The range of chars {@code [start, end)}. */
    public SourceRef range(int start, int end) {
        start = clamp(start);
        end = Math.max(start, clamp(end));
        int line = lineOf(start);
        int endLine = lineOf(end);
        return new SourceRef(file, start, end - start, line + 1, start - lineStarts[line] + 1,
                endLine + 1, end - lineStarts[endLine] + 1);
    }

    private int lineOf(int offset) {
        int found = Arrays.binarySearch(lineStarts, offset);
        return found >= 0 ? found : -found - 2;
    }

    private int clamp(int offset) {
        return Math.max(0, Math.min(text.length(), offset));
    }

    private static int[] lineStarts(String text) {
        var starts = new ArrayList<Integer>();
        starts.add(0);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'))) {
                starts.add(i + 1);
            }
        }
        return toArray(starts);
    }

    private static int[] astralCodePoints(String text) {
        List<Integer> found = new ArrayList<>();
        int codePoint = 0;
        for (int i = 0; i < text.length(); codePoint++) {
            if (Character.isHighSurrogate(text.charAt(i)) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                found.add(codePoint);
                i += 2;
            } else {
                i++;
            }
        }
        return toArray(found);
    }

    private static int[] toArray(List<Integer> values) {
        int[] out = new int[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = values.get(i);
        }
        return out;
    }
}

package dev.flow.dsl.compiler;

import java.util.Arrays;

/** Lines and columns of offsets in one text: 1-based, columns counted in characters. */
public final class LineMap {

    private final int[] lineStarts;
    private final int length;

    private LineMap(int[] lineStarts, int length) {
        this.lineStarts = lineStarts;
        this.length = length;
    }

    public static LineMap of(CharSequence text) {
        int[] starts = new int[16];
        int count = 1;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                if (count == starts.length) {
                    starts = Arrays.copyOf(starts, count * 2);
                }
                starts[count++] = i + 1;
            }
        }
        return new LineMap(Arrays.copyOf(starts, count), text.length());
    }

    /** A 1-based line and column. */
    public record Position(int line, int column) {}

    public Position position(int offset) {
        int at = Math.max(0, Math.min(offset, length));
        int index = Arrays.binarySearch(lineStarts, at);
        int line = index >= 0 ? index : -index - 2;
        return new Position(line + 1, at - lineStarts[line] + 1);
    }
}

package dev.flow.yaml.read;

import dev.flow.model.SourceRef;
import dev.flow.yaml.condition.PositionMap;

/**
 * Maps each character of a scalar's value back to the text it was written as. Exact for plain and
 * quoted scalars on one line, escapes included; for block and multi-line scalars each character is
 * matched to the next place in the text where it occurs (a folded line break to the break or
 * indentation it came from), which is exact unless an escape sequence produced a character that
 * also occurs shortly after it.
 */
public final class ScalarPositions implements PositionMap {
    /** How far ahead a character is looked for: past the indentation of a block scalar's line. */
    private static final int WINDOW = 256;

    private final YScalar scalar;
    private final TextPositions positions;
    /** Computed on first use: a parse that fails at once needs only the start. */
    private int[] offsets;
    private int contentEnd;

    ScalarPositions(YScalar scalar, TextPositions positions) {
        this.scalar = scalar;
        this.positions = positions;
    }

    private void align() {
        String text = positions.text();
        int start = scalar.source().offset();
        int end = Math.min(text.length(), start + scalar.source().length());
        String value = scalar.text();
        offsets = new int[value.length()];
        int cursor = start + contentStart(text, start, end, scalar.style());
        for (int i = 0; i < value.length(); i++) {
            int found = find(text, cursor, end, value.charAt(i));
            if (found >= 0) {
                offsets[i] = found;
                cursor = found + 1;
            } else {
                offsets[i] = Math.min(cursor, Math.max(start, end - 1));
                cursor = Math.min(cursor + 1, end);
            }
        }
        contentEnd = offsets.length == 0 ? cursor : offsets[offsets.length - 1] + 1;
    }

    @Override
    public SourceRef range(int start, int end) {
        if (offsets == null) {
            align();
        }
        int from = Math.max(0, Math.min(offsets.length, start));
        int to = Math.max(from, Math.min(offsets.length, end));
        int a = from < offsets.length ? offsets[from] : contentEnd;
        int b = to > from ? offsets[to - 1] + 1 : a;
        return positions.range(a, b);
    }

    private static int contentStart(String text, int start, int end, YScalar.Style style) {
        if (style.isQuoted()) {
            return 1;
        }
        if (style == YScalar.Style.LITERAL || style == YScalar.Style.FOLDED) {
            int newline = text.indexOf('\n', start);
            return newline < 0 || newline >= end ? 0 : newline + 1 - start;
        }
        return 0;
    }

    private static int find(String text, int from, int end, char wanted) {
        boolean blank = wanted == ' ' || wanted == '\n' || wanted == '\t';
        int limit = Math.min(end, from + WINDOW);
        for (int q = from; q < limit; q++) {
            char c = text.charAt(q);
            if (c == wanted || (blank && (c == ' ' || c == '\n' || c == '\t' || c == '\r'))) {
                return q;
            }
        }
        return -1;
    }
}

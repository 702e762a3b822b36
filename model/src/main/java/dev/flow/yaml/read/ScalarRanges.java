package dev.flow.yaml.read;

import java.util.Arrays;

/** The char ranges of the scalars of a text, in text order: where a {@code #} is text, not a comment. */
final class ScalarRanges {
    private int[] starts = new int[64];
    private int[] ends = new int[64];
    private int size;

    void add(int start, int end) {
        if (size == starts.length) {
            starts = Arrays.copyOf(starts, size * 2);
            ends = Arrays.copyOf(ends, size * 2);
        }
        starts[size] = start;
        ends[size] = end;
        size++;
    }

    /** Whether {@code offset} lies inside one of the scalars. */
    boolean contains(int offset) {
        int found = Arrays.binarySearch(starts, 0, size, offset);
        int index = found >= 0 ? found : -found - 2;
        return index >= 0 && offset >= starts[index] && offset < ends[index];
    }
}

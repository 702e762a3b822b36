package dev.flow.yaml.read;

import dev.flow.model.SourceRef;

/** One {@code key: value} pair of a mapping. Keys are always scalars; their text is the key. */
public record YEntry(YScalar key, YNode value) {

    public String name() {
        return key.text();
    }

    /** From the key to the end of the value (an aliased value elsewhere in the text: the key alone). */
    public SourceRef span() {
        SourceRef k = key.source();
        SourceRef v = value.source();
        int end = v.offset() + v.length();
        if (end <= k.offset()) {
            return k;
        }
        return new SourceRef(k.file(), k.offset(), end - k.offset(), k.line(), k.column(), v.endLine(), v.endColumn());
    }
}

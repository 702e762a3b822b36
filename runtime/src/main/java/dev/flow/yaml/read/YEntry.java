package dev.flow.yaml.read;

/** One {@code key: value} pair of a mapping. Keys are always scalars; their text is the key. */
public record YEntry(YScalar key, YNode value) {

    public String name() {
        return key.text();
    }
}

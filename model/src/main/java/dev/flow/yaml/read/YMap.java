package dev.flow.yaml.read;

import dev.flow.model.SourceRef;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A mapping, its entries in the order written. Keys are unique: the reader reports a repeated key
 * and keeps its first occurrence.
 */
public record YMap(List<YEntry> entries, SourceRef source, long expandedSize) implements YNode {

    public YMap {
        entries = List.copyOf(entries);
    }

    @Override
    public String description() {
        return "a mapping";
    }

    public Optional<YEntry> entry(String key) {
        for (YEntry e : entries) {
            if (e.name().equals(key)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    public Optional<YNode> get(String key) {
        return entry(key).map(YEntry::value);
    }

    public boolean has(String key) {
        return entry(key).isPresent();
    }

    /** The keys in the order written. */
    public List<String> keys() {
        return entries.stream().map(YEntry::name).toList();
    }

    /** The entries by key, in the order written. */
    public Map<String, YEntry> byKey() {
        var out = new LinkedHashMap<String, YEntry>();
        entries.forEach(e -> out.putIfAbsent(e.name(), e));
        return out;
    }
}

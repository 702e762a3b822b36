package dev.flow.yaml.read;

import dev.flow.model.SourceRef;
import java.util.List;

/** A sequence ({@code - a} items or {@code [a, b]}). */
public record YSeq(List<YNode> items, SourceRef source, long expandedSize) implements YNode {

    public YSeq {
        items = List.copyOf(items);
    }

    @Override
    public String description() {
        return "a list";
    }
}

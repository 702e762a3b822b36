package dev.flow.model;

import java.util.List;
import java.util.Objects;

/**
 * A transition from one node to another.
 *
 * @param id unique within the workflow; front ends that have no edge ids derive one from the ends
 * @param condition taken only when this holds for the source's result; null means always
 * @param loop non-null for an edge that closes a loop, with its iteration limit
 * @param onLimitReached taken (instead of the exhausted loop edge) when a loop edge leaving the same
 *     source has used its limit
 * @param dataMapping values handed to the target as its input, by key
 */
public record Edge(
        String id,
        NameRef from,
        NameRef to,
        Expr condition,
        LoopControl loop,
        boolean onLimitReached,
        List<Mapping> dataMapping,
        SourceRef source) {

    public Edge {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        dataMapping = Models.list(dataMapping);
        source = source == null ? SourceRef.NONE : source;
    }

    public boolean isLoop() {
        return loop != null;
    }
}

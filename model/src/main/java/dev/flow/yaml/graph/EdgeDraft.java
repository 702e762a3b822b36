package dev.flow.yaml.graph;

import dev.flow.model.Edge;
import dev.flow.model.Expr;
import dev.flow.model.LoopControl;
import dev.flow.model.Mapping;
import dev.flow.model.NameRef;
import dev.flow.model.SourceRef;
import java.util.List;

/**
 * An edge before its id is settled: {@code id} is null for edges their author did not name (and
 * for the edges a dialect implies), which get ids from {@link EdgeAssembly}.
 */
public record EdgeDraft(
        String id, NameRef from, NameRef to, Expr condition, LoopControl loop, boolean onLimitReached, List<Mapping> dataMapping, SourceRef source) {

    public EdgeDraft {
        dataMapping = dataMapping == null ? List.of() : List.copyOf(dataMapping);
    }

    /** An unnamed edge with only a condition. */
    public static EdgeDraft of(NameRef from, NameRef to, Expr condition, SourceRef source) {
        return new EdgeDraft(null, from, to, condition, null, false, List.of(), source);
    }

    public EdgeDraft withLoop(LoopControl control) {
        return new EdgeDraft(id, from, to, condition, control, onLimitReached, dataMapping, source);
    }

    public EdgeDraft withCondition(Expr expr) {
        return new EdgeDraft(id, from, to, expr, loop, onLimitReached, dataMapping, source);
    }

    Edge toEdge(String settledId) {
        return new Edge(settledId, from, to, condition, loop, onLimitReached, dataMapping, source);
    }
}

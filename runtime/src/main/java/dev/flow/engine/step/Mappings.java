package dev.flow.engine.step;

import dev.flow.engine.eval.EvalException;
import dev.flow.engine.eval.Evaluator;
import dev.flow.model.Edge;
import dev.flow.model.Mapping;
import dev.flow.store.NodeRow;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The values edges hand to their targets ({@code with { key = expr }}): evaluated over the source's
 * result, with {@code output} the source's output. A node entered through several edges gets the
 * union, later edges winning on the same key.
 */
final class Mappings {
    private Mappings() {}

    static Map<String, Object> evaluate(Step step, RunContext ctx, List<Edge> taken) {
        var out = new LinkedHashMap<String, Object>();
        for (Edge e : taken) {
            if (!e.dataMapping().isEmpty()) {
                out.putAll(evaluate(step, ctx, e, step.node(ctx, e.from().name())));
            }
        }
        return out;
    }

    static Map<String, Object> evaluate(Step step, RunContext ctx, Edge e, NodeRow source) {
        var out = new LinkedHashMap<String, Object>();
        if (e.dataMapping().isEmpty()) {
            return out;
        }
        var evaluator = new Evaluator(new RunScope(step, ctx, source.nodeId(), source.output(), null));
        for (Mapping m : e.dataMapping()) {
            try {
                out.put(m.key(), evaluator.eval(m.value()));
            } catch (EvalException ex) {
                step.event(ctx, "warning", e.to().name(), Json.object("message",
                        "edge \"" + e.id() + "\" cannot hand over \"" + m.key() + "\": " + ex.getMessage()));
            }
        }
        return out;
    }
}

package dev.flow.engine.step;

import dev.flow.engine.eval.NodeView;
import dev.flow.engine.eval.Scope;
import dev.flow.model.Edge;
import dev.flow.model.Node;
import dev.flow.model.NodeKind;
import dev.flow.store.NodeRow;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What expressions see inside a transaction: the execution's state and inputs, the latest result of
 * every node (as rows of this transaction), and the node being handled with its output.
 */
final class RunScope implements Scope {
    private final Step step;
    private final RunContext ctx;
    private final String nodeId;
    private final String output;
    private final Map<String, Object> mapped;
    private final boolean everyOutput;

    RunScope(Step step, RunContext ctx, String nodeId, String output, Map<String, Object> mapped) {
        this(step, ctx, nodeId, output, mapped, false);
    }

    private RunScope(Step step, RunContext ctx, String nodeId, String output, Map<String, Object> mapped, boolean everyOutput) {
        this.step = step;
        this.ctx = ctx;
        this.nodeId = nodeId;
        this.output = output;
        this.mapped = mapped == null ? Map.of() : mapped;
        this.everyOutput = everyOutput;
    }

    /** For completion conditions: {@code any(...)} and {@code all(...)} test the outputs every node produced. */
    static RunScope completion(Step step, RunContext ctx) {
        return new RunScope(step, ctx, null, null, null, true);
    }

    private static Object box(Object v) {
        return v == null ? NULL : v;
    }

    @Override
    public Optional<Object> state(String name) {
        return ctx.hasVariable(name) ? Optional.of(box(ctx.state().get(name))) : Optional.empty();
    }

    @Override
    public Optional<Object> input(String name) {
        if (ctx.inputs.containsKey(name)) {
            return Optional.of(box(ctx.inputs.get(name)));
        }
        return ctx.graph.workflow().input(name).map(i -> NULL);
    }

    @Override
    public Optional<Object> mapped(String name) {
        return mapped.containsKey(name) ? Optional.of(box(mapped.get(name))) : Optional.empty();
    }

    @Override
    public Optional<NodeView> node(String id) {
        if (!ctx.graph.hasNode(id)) {
            return Optional.empty();
        }
        Node node = ctx.graph.node(id);
        NodeRow row = step.node(ctx, id);
        if (row.output() == null) {
            return Optional.of(new NodeView(node.effectiveOutputs(), null, Map.of()));
        }
        Map<String, Object> result = step.core.results.decode(row.resultJson());
        if (node.kind() != NodeKind.GATE) {
            result.put("output", row.output());
        }
        result.putIfAbsent("summary", "");
        String text = TextResult.of(node, row.output(), result);
        if (text != null) {
            result.putIfAbsent(dev.flow.model.ResultFields.TEXT, text);
        }
        return Optional.of(new NodeView(node.effectiveOutputs(), row.output(), result));
    }

    @Override
    public String currentOutput() {
        return output;
    }

    @Override
    public Set<String> producedOutputs() {
        var out = new LinkedHashSet<String>();
        if (everyOutput) {
            step.flushNodes();
            for (NodeRow r : step.tx.nodes().all(ctx.id())) {
                NodeRow current = step.node(ctx, r.nodeId());
                if (current.output() != null) {
                    out.add(current.output());
                }
            }
            return out;
        }
        if (output != null) {
            out.add(output);
        }
        if (nodeId != null && ctx.graph.node(nodeId).kind() == NodeKind.MERGE) {
            for (Edge e : ctx.graph.joinIncoming(nodeId)) {
                if (Decision.of(step, ctx, e) == Decision.TAKEN) {
                    String o = step.node(ctx, e.from().name()).output();
                    if (o != null) {
                        out.add(o);
                    }
                }
            }
        }
        return out;
    }
}

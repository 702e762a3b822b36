package dev.flow.engine.step;

import dev.flow.engine.eval.EvalException;
import dev.flow.engine.eval.Evaluator;
import dev.flow.engine.eval.Values;
import dev.flow.model.Input;
import dev.flow.model.Mapping;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.Workflow;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Subgraph nodes: each entry starts a child execution of the called workflow, in the same
 * transaction, with its inputs mapped from the parent; the node waits until the child ends, and
 * then completes with the child's mapped outputs (every state variable of the child when it maps
 * none), or fails with the child's report.
 */
final class Subgraphs {
    private Subgraphs() {}

    static void start(Step step, RunContext ctx, Node node, NodeRow row) {
        var spec = (NodeSpec.Subgraph) node.spec();
        Workflow called = ctx.graph.flowGraph().workflow(spec.workflow().name()).orElse(null);
        if (called == null) {
            step.completion.fail(ctx, row, "subgraph \"" + node.id() + "\" calls workflow \"" + spec.workflow().name()
                    + "\", which the compiled graph does not contain", false, Map.of());
            return;
        }
        var inputs = new LinkedHashMap<String, Object>();
        var evaluator = new Evaluator(new RunScope(step, ctx, node.id(), null, Json.readMap(row.inputJson())));
        try {
            for (Mapping m : spec.inputs()) {
                Input declared = called.input(m.key()).orElse(null);
                Object v = evaluator.eval(m.value());
                inputs.put(m.key(), declared == null ? v : Values.coerce(v, declared.type()));
            }
        } catch (EvalException ex) {
            step.completion.fail(ctx, row, "subgraph \"" + node.id() + "\" cannot map its inputs: " + ex.getMessage(), false, Map.of());
            return;
        }
        for (Input in : called.inputs()) {
            if (!inputs.containsKey(in.name())) {
                if (in.defaultValue() == null) {
                    step.completion.fail(ctx, row, "subgraph \"" + node.id() + "\" does not give workflow \"" + called.id() + "\" its input \""
                            + in.name() + "\"", false, Map.of());
                    return;
                }
                inputs.put(in.name(), Values.normalize(in.defaultValue().toJava()));
            }
        }
        String childId = ctx.id() + "." + node.id() + "." + row.iteration() + (row.attempt() > 1 ? "-" + row.attempt() : "");
        var b = row.toBuilder();
        b.status(NodeStatus.WAITING);
        b.childId(childId);
        b.startedAt(step.now);
        step.put(ctx, b.build());
        step.event(ctx, "node_waiting", node.id(), Json.object("child", childId));
        Forks.ChildFork fork = step.childForks.remove(ctx.id() + "/" + node.id());
        if (fork != null) {
            Forks.fork(step, childId, fork.source(), fork.path(), inputs, Map.of(),
                    new Forks.Parent(ctx.loaded().rootId(), ctx.id(), node.id(), row.iteration()));
            return;
        }
        Starter.create(step, childId, ctx.loaded().graphHash(), called, ctx.loaded().rootId(), ctx.id(), node.id(), row.iteration(), inputs,
                ctx.loaded().baseDir());
    }

    /** The parent node's result: the child's mapped outputs, or all its state. */
    static Map<String, Object> mapOutputs(Step step, RunContext child, Node node) {
        var spec = (NodeSpec.Subgraph) node.spec();
        var result = new LinkedHashMap<String, Object>();
        if (spec.outputs().isEmpty()) {
            result.putAll(child.state());
            return result;
        }
        var evaluator = new Evaluator(new RunScope(step, child, null, null, null));
        for (Mapping m : spec.outputs()) {
            try {
                result.put(m.key(), evaluator.eval(m.value()));
            } catch (EvalException ex) {
                step.event(child, "warning", null, Json.object("message", "output \"" + m.key() + "\" of the subgraph cannot be mapped: "
                        + ex.getMessage()));
            }
        }
        return result;
    }

    /** A mapped {@code output} that names one of the node's outputs picks it; else the first. */
    static String outputOf(Node node, Map<String, Object> result) {
        if (result.get("output") instanceof String s && node.effectiveOutputs().contains(s)) {
            return s;
        }
        return node.effectiveOutputs().get(0);
    }
}

package dev.flow.engine.step;

import dev.flow.engine.eval.EvalException;
import dev.flow.engine.eval.Evaluator;
import dev.flow.model.Edge;
import dev.flow.model.MergeStrategy;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A node's inputs have arrived: control nodes (start, end, branch, parallel, merge, checkpoint) run
 * right here, in the same transaction, at no cost of their own; human and subgraph nodes start
 * waiting; tasks and gates become ready for a worker to claim. An interrupt before the node asks a
 * person first.
 */
final class Entering {
    private final Step step;

    Entering(Step step) {
        this.step = step;
    }

    void enter(RunContext ctx, String nodeId, Map<String, Object> input) {
        if (!ctx.isLive()) {
            return;
        }
        NodeRow row = step.node(ctx, nodeId);
        if (row.status() != NodeStatus.PENDING) {
            return;
        }
        Node node = ctx.graph.node(nodeId);
        var b = row.toBuilder();
        if (input != null && !input.isEmpty()) {
            b.inputJson(Json.write(input));
        }
        b.readyAt(step.now);
        // State written before this event number is what the node saw: every state write is followed by
        // the node_completed event of the node that made it before anything it leads to is entered.
        b.enteredSeq(ctx.eventSeq);
        NodeRow entered = b.build();
        switch (step.humans.interruptBefore(ctx, entered)) {
            case WAIT -> {
                return;
            }
            case SKIP -> {
                step.readiness.skip(ctx, entered);
                return;
            }
            case PROCEED -> {}
        }
        run(ctx, node, entered);
    }

    private void run(RunContext ctx, Node node, NodeRow row) {
        String first = node.effectiveOutputs().isEmpty() ? "done" : node.effectiveOutputs().get(0);
        node.spec().accept(new NodeSpec.Visitor<Void>() {
            @Override
            public Void task(NodeSpec.Task task) {
                ready(ctx, row);
                return null;
            }

            @Override
            public Void gate(NodeSpec.Gate gate) {
                ready(ctx, row);
                return null;
            }

            @Override
            public Void branch(NodeSpec.Branch branch) {
                Entering.this.branch(ctx, node, row);
                return null;
            }

            @Override
            public Void parallel(NodeSpec.Parallel parallel) {
                control(ctx, row, first, Map.of());
                return null;
            }

            @Override
            public Void merge(NodeSpec.Merge merge) {
                if (merge.agent() != null) {
                    ready(ctx, row);
                } else {
                    control(ctx, row, first, merged(ctx, node));
                }
                return null;
            }

            @Override
            public Void subgraph(NodeSpec.Subgraph subgraph) {
                if (startWork(ctx)) {
                    Subgraphs.start(step, ctx, node, row);
                }
                return null;
            }

            @Override
            public Void human(NodeSpec.Human human) {
                if (startWork(ctx)) {
                    step.humans.askHuman(ctx, node, row);
                }
                return null;
            }

            @Override
            public Void checkpoint(NodeSpec.Checkpoint checkpoint) {
                step.event(ctx, "checkpoint", node.id(), Json.object("state", ctx.state().isEmpty() ? null : ctx.state()));
                control(ctx, row, first, Map.of("summary", "checkpoint \"" + node.id() + "\""));
                return null;
            }

            @Override
            public Void start(NodeSpec.Start start) {
                control(ctx, row, first, Map.of());
                return null;
            }

            @Override
            public Void end(NodeSpec.End end) {
                control(ctx, row, "done", Map.of());
                step.lifecycle.stop(ctx, ExecutionStatus.COMPLETED, "reached end");
                return null;
            }

            @Override
            public Void unknown(NodeSpec.Unknown unknown) {
                // the checker refuses such a graph; a run that meets one anyway fails it rather than wait forever
                step.completion.fail(ctx, row, "node \"" + node.id() + "\" has a type Flow does not know", false, Map.of());
                return null;
            }
        });
    }

    private void control(RunContext ctx, NodeRow row, String output, Map<String, Object> result) {
        step.completion.complete(ctx, row, output, result, 0, Map.of());
    }

    private void ready(RunContext ctx, NodeRow row) {
        var b = row.toBuilder();
        b.status(NodeStatus.READY);
        step.put(ctx, b.build());
        step.tags.add("ready");
        step.readied++;
    }

    /** Counts a human or subgraph node as work; false (and the run stopping) when a limit is reached. */
    private boolean startWork(RunContext ctx) {
        String limit = LimitGuard.workExceeded(ctx, step.now);
        if (limit != null) {
            step.lifecycle.stop(ctx, ExecutionStatus.LIMIT_REACHED, limit);
            return false;
        }
        ctx.workCount++;
        ctx.changed = true;
        return true;
    }

    private void branch(RunContext ctx, Node node, NodeRow row) {
        var spec = (NodeSpec.Branch) node.spec();
        boolean holds;
        try {
            holds = spec.condition() == null
                    || new Evaluator(new RunScope(step, ctx, node.id(), null, Json.readMap(row.inputJson()))).test(spec.condition());
        } catch (EvalException ex) {
            step.completion.fail(ctx, row, "the condition of branch \"" + node.id() + "\" cannot be evaluated: " + ex.getMessage(), false,
                    Map.of());
            return;
        }
        List<String> outputs = node.effectiveOutputs();
        String output = holds ? outputs.get(0) : outputs.get(Math.min(1, outputs.size() - 1));
        var result = new LinkedHashMap<String, Object>();
        result.put("branch_outcome", holds ? "on_true" : "on_false");
        result.put("condition_result", holds);
        result.put("iterations", (long) row.iteration());
        control(ctx, row, output, result);
    }

    /** The results of the branches a merge joined, combined by its strategy, in the order they finished. */
    private Map<String, Object> merged(RunContext ctx, Node node) {
        var spec = (NodeSpec.Merge) node.spec();
        // by node: two taken edges from one node bring its result once (a set, not a list's search: a merge of
        // 10,000 branches compared rows 50 million times)
        var byNode = new LinkedHashMap<String, NodeRow>();
        for (Edge e : ctx.graph.joinIncoming(node.id())) {
            if (Decision.of(step, ctx, e) == Decision.TAKEN) {
                byNode.computeIfAbsent(e.from().name(), from -> step.node(ctx, from));
            }
        }
        var sources = new ArrayList<>(byNode.values());
        sources.sort(Comparator.comparing(r -> r.finishedAt() == null ? Long.MAX_VALUE : r.finishedAt()));
        var results = new ArrayList<Map<String, Object>>();
        for (NodeRow s : sources) {
            var r = step.core.results.decode(s.resultJson());
            r.putIfAbsent("output", s.output());
            results.add(r);
        }
        var out = MergeResults.combine(spec.strategy(), results);
        out.put("summary", "merged " + sources.size() + " branch" + (sources.size() == 1 ? "" : "es") + " ("
                + spec.strategy().keyword() + ")");
        out.put("joined", sources.stream().map(NodeRow::nodeId).toList());
        out.remove("output");
        return out;
    }
}

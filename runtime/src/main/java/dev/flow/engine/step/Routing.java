package dev.flow.engine.step;

import dev.flow.engine.eval.EvalException;
import dev.flow.engine.eval.Evaluator;
import dev.flow.model.Edge;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeKind;
import dev.flow.model.NodeSpec;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.NodeRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Chooses the edges a completed node takes. Every edge whose condition holds is taken (no condition
 * means always). A loop edge {@code loop max N} is taken while the body has run fewer than N times
 * (the first pass is iteration 1, so the edge itself is taken at most N - 1 times);
 * once the limit is spent, the node's {@code on limit} edges are taken instead, and when it has none
 * the run stops with status {@code limit_reached}. A failure output (a gate's {@code failed}, a
 * task's {@code fail}) that no edge takes fails the node.
 *
 * <p>Taking a loop edge re-runs the loop body ({@link LoopReset}); the node's other taken edges
 * still fire, while its edges that were not taken stay undecided until its last pass, so that
 * nodes after the loop are not skipped while it goes round.
 */
final class Routing {
    private final Step step;

    Routing(Step step) {
        this.step = step;
    }

    void decide(RunContext ctx, NodeRow row) {
        Node node = ctx.graph.node(row.nodeId());
        String output = row.output();
        List<Edge> edges = ctx.graph.outgoing(node.id());
        var evaluator = new Evaluator(new RunScope(step, ctx, node.id(), output, null));
        var taken = new ArrayList<Edge>();
        var loops = new ArrayList<Edge>();
        var spent = new ArrayList<Edge>();
        Set<String> branches = parallelBranches(node);
        // A conflict is handled only by an edge that asks for it: an edge with no condition is the
        // way on for the change that was applied, so taking it would end a lost change as a success.
        boolean conflict = node.isIsolatedTask() && dev.flow.model.Isolation.CONFLICT_OUTPUT.equals(output);
        try {
            for (Edge e : edges) {
                if (e.onLimitReached() || (branches != null && !branches.contains(e.to().name())) || (conflict && e.condition() == null)
                        || !holds(evaluator, e)) {
                    continue;
                }
                if (e.isLoop()) {
                    // The first pass through the body is iteration 1: 'loop max N' runs the body at most N times.
                    if (passes(ctx, e) < limit(ctx, e)) {
                        loops.add(e);
                    } else {
                        spent.add(e);
                    }
                } else if (ctx.graph.isReentry(e)) {
                    loops.add(e);
                } else {
                    taken.add(e);
                }
            }
            if (!spent.isEmpty()) {
                for (Edge e : edges) {
                    if (e.onLimitReached() && holds(evaluator, e)) {
                        taken.add(e);
                    }
                }
            }
        } catch (EvalException ex) {
            step.completion.fail(ctx, row, ex.getMessage(), false, Map.of());
            return;
        }
        if (!spent.isEmpty()) {
            Edge first = spent.get(0);
            step.event(ctx, "loop_limit", node.id(), Json.object("edge", first.id(), "limit", limit(ctx, first)));
            if (taken.stream().noneMatch(Edge::onLimitReached) && loops.isEmpty()) {
                Node supervisor = ctx.graph.roundOf(first);
                step.lifecycle.stop(ctx, ExecutionStatus.LIMIT_REACHED, supervisor != null
                        ? "supervisor \"" + supervisor.id() + "\" used its " + limit(ctx, first) + " rounds (max rounds) and has no \"on limit\" route to take instead"
                        : "loop edge \"" + first.id() + "\" reached its limit of " + first.loop().maxIterations() + " iterations and node \""
                                + node.id() + "\" has no \"on limit\" edge to take instead");
                markTaken(ctx, row, List.of());
                return;
            }
            if (node.kind() == NodeKind.BRANCH) {
                row = withBranchOutcome(ctx, row);
            }
        }
        if (taken.isEmpty() && loops.isEmpty() && RunGraph.isFailureOutput(node, output)) {
            var result = step.core.results.decode(row.resultJson());
            step.completion.fail(ctx, row, unhandledFailure(node, output, result), false, result);
            return;
        }
        if (loops.isEmpty()) {
            NodeRow decided = markTaken(ctx, row, taken);
            for (Edge e : edges) {
                step.later(() -> step.readiness.arrive(ctx, e.to().name()));
            }
            return;
        }
        for (Edge loop : loops) {
            if (loop.isLoop()) {
                int pass = passes(ctx, loop) + 1;
                step.tx.loops().increment(ctx.id(), loop.id());
                step.event(ctx, "loop", node.id(), Json.object("edge", loop.id(), "iteration", pass, "limit", limit(ctx, loop)));
            } else {
                step.event(ctx, "loop", node.id(), Json.object("edge", loop.id()));
            }
            step.tags.add("loop-reset");
            step.loops.reset(ctx, loop);
        }
        // The node itself was reset with its body; its taken edges still fire (see the class comment).
        NodeRow carried = markTaken(ctx, step.node(ctx, node.id()), taken);
        for (Edge e : taken) {
            step.later(() -> step.readiness.arrive(ctx, e.to().name()));
        }
        for (Edge loop : loops) {
            step.later(() -> step.entering.enter(ctx, loop.to().name(), Mappings.evaluate(step, ctx, loop, carried)));
        }
    }

    /**
     * How many passes the loop of {@code e} has run: 1 plus the times its edge was taken; for a loop
     * edge back to a supervisor, 1 plus the times any of its loop edges was taken, so that its
     * rounds count together whichever participant reported back.
     */
    private int passes(RunContext ctx, Edge e) {
        Node supervisor = ctx.graph.roundOf(e);
        if (supervisor == null) {
            return 1 + step.tx.loops().get(ctx.id(), e.id());
        }
        int taken = 0;
        for (Edge round : ctx.graph.rounds(supervisor.id())) {
            taken += step.tx.loops().get(ctx.id(), round.id());
        }
        return 1 + taken;
    }

    /** The most passes the loop of {@code e} may run: its limit, or the supervisor's max rounds. */
    private static int limit(RunContext ctx, Edge e) {
        Node supervisor = ctx.graph.roundOf(e);
        Integer rounds = supervisor == null ? null : dev.flow.lowering.SupervisionWiring.of(supervisor).orElseThrow().maxRounds();
        return rounds != null ? rounds : e.loop().maxIterations();
    }

    private static String unhandledFailure(Node node, String output, Map<String, Object> result) {
        if (node.isIsolatedTask() && dev.flow.model.Isolation.CONFLICT_OUTPUT.equals(output)) {
            return "changes of \"" + node.id() + "\" conflict with the target: " + (result.get("conflict_files") instanceof List<?> files
                    ? String.join(", ", files.stream().map(String::valueOf).toList()) : "see its result")
                    + "; nothing was applied (route \"" + node.id() + " -> NODE when conflict\" to handle it)";
        }
        String what = node.kind() == NodeKind.GATE ? "gate" : "task";
        return what + " \"" + node.id() + "\" produced \"" + output + "\" and no edge handles it";
    }

    /** A node that failed or was skipped takes none of its edges; its successors may now be skipped. */
    void decideNone(RunContext ctx, NodeRow row) {
        for (Edge e : ctx.graph.outgoing(row.nodeId())) {
            step.later(() -> step.readiness.arrive(ctx, e.to().name()));
        }
    }

    private static boolean holds(Evaluator evaluator, Edge e) {
        try {
            return e.condition() == null || evaluator.test(e.condition());
        } catch (EvalException ex) {
            throw new EvalException("the condition of edge \"" + e.id() + "\" cannot be evaluated: " + ex.getMessage());
        }
    }

    private static Set<String> parallelBranches(Node node) {
        if (node.spec() instanceof NodeSpec.Parallel p && !p.branches().isEmpty()) {
            return p.branches().stream().map(NameRef::name).collect(Collectors.toSet());
        }
        return null;
    }

    private NodeRow markTaken(RunContext ctx, NodeRow row, List<Edge> taken) {
        var b = row.toBuilder();
        b.taken(taken.stream().map(e -> Integer.toString(ctx.graph.ordinal(e))).collect(Collectors.joining(",")));
        NodeRow next = b.build();
        step.put(ctx, next);
        return next;
    }

    private NodeRow withBranchOutcome(RunContext ctx, NodeRow row) {
        var result = step.core.results.decode(row.resultJson());
        result.put("branch_outcome", "max_iterations_reached");
        var b = row.toBuilder();
        b.resultJson(step.core.results.encode(result, () -> step.core.runDir(ctx.id(), row.nodeId(), row.iteration(), row.attempt())));
        NodeRow next = b.build();
        step.put(ctx, next);
        return next;
    }
}

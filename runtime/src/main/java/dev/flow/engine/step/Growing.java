package dev.flow.engine.step;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.growth.Grower;
import dev.flow.growth.GrowthCheck;
import dev.flow.growth.Proposal;
import dev.flow.growth.Proposals;
import dev.flow.model.FlowGraph;
import dev.flow.model.Growth;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.Provenance;
import dev.flow.model.Workflow;
import dev.flow.store.GraphVersionRow;
import dev.flow.store.NodeRow;
import java.util.List;
import java.util.Map;

/**
 * A planner's answer grows the run's graph, in the transaction that completes the planner: the nodes
 * it proposes are read ({@link Proposals}), counted against the limits, joined to the graph
 * ({@link Grower}) and checked by the checker ({@link GrowthCheck}); only a graph without errors is
 * stored (once, by hash), recorded as the execution's next version, and run from then on. Anything
 * else refuses the answer as a validation failure whose message the planner's next prompt carries.
 */
final class Growing {
    private final Step step;

    Growing(Step step) {
        this.step = step;
    }

    /** A grown graph ready to store, or why the answer is refused (exactly one is null), or nothing to do (both null). */
    record Prepared(Grower.Grown grown, int version, String refusal) {
        static final Prepared NOTHING = new Prepared(null, 0, null);
    }

    /**
     * What the answer would add, checked, with nothing stored yet.
     *
     * @param answer the answer's JSON text when it proposes nodes; null when it proposes none
     * @param handles the failed node this node handles as an escalation; null for none
     */
    Prepared prepare(RunContext ctx, NodeRow row, String answer, String handles) {
        if (answer == null) {
            return Prepared.NOTHING;
        }
        Node node = ctx.graph.node(row.nodeId());
        if (!ctx.graph.isPlanner(node.id())) {
            step.event(ctx, "warning", node.id(), Json.object("message", "the answer of \"" + node.id() + "\" proposes nodes to add, but \""
                    + node.id() + "\" is no planner; they were ignored (write \"planner\" in the task to let it grow the graph)"));
            return Prepared.NOTHING;
        }
        Workflow workflow = ctx.graph.workflow();
        Proposal proposal = Proposals.read(answer, workflow, node);
        if (!proposal.readable()) {
            return refused("the nodes it proposes cannot be read:\n- " + String.join("\n- ", proposal.problems()));
        }
        if (proposal.nodes().isEmpty()) {
            return proposal.edges().isEmpty() ? Prepared.NOTHING : refused("it proposes edges but no node to add; edges join the nodes an answer adds");
        }
        String limit = overLimit(workflow, node, proposal.nodes().size());
        if (limit != null) {
            return refused(limit);
        }
        List<GraphVersionRow> versions = step.tx.graphVersions().all(ctx.id());
        int version = versions.isEmpty() ? 1 : versions.get(versions.size() - 1).version() + 1;
        FlowGraph before = ctx.graph.flowGraph();
        Grower.Grown grown = Grower.grow(before, workflow.id(), node.id(), proposal, version, handles);
        List<Diagnostic> errors = GrowthCheck.newErrors(before, grown.graph());
        if (!errors.isEmpty()) {
            return refused("the checker found " + (errors.size() == 1 ? "an error" : errors.size() + " errors") + " in the graph it would make:"
                    + GrowthCheck.describe(errors));
        }
        List<String> policy = dev.flow.growth.GrowthPolicy.violations(workflow, node.id(), grown.graph().workflow(workflow.id()).orElseThrow(),
                grown.addedNodes());
        if (!policy.isEmpty()) {
            return refused("what it adds breaks the growth policy:\n- " + String.join("\n- ", policy));
        }
        Map<String, List<String>> unplayed = step.core.roles.unplayed(grown.graph());
        unplayed.values().forEach(tasks -> tasks.retainAll(grown.addedNodes()));
        unplayed.values().removeIf(List::isEmpty);
        if (!unplayed.isEmpty()) {
            return refused("a node it adds needs a role no agent plays here: " + dev.flow.engine.exec.RoleAgents.missing(unplayed)
                    + "; name an agent of the workflow instead");
        }
        return new Prepared(grown, version, null);
    }

    private static Prepared refused(String why) {
        return new Prepared(null, 0, why);
    }

    /** Why adding {@code adding} nodes passes a limit; null when it does not. */
    private static String overLimit(Workflow workflow, Node planner, int adding) {
        Growth own = planner.spec() instanceof NodeSpec.Task t ? t.steering().planner() : null;
        int perAnswer = Growth.perAnswer(own, workflow);
        if (adding > perAnswer) {
            return "it adds " + adding + " nodes and \"" + planner.id() + "\" may add at most " + perAnswer + " in one answer"
                    + " (\"grows max " + perAnswer + " nodes\"); add the most important ones, or fewer and larger ones";
        }
        int byAll = 0;
        int byThis = 0;
        for (Node n : workflow.nodes()) {
            if (Provenance.grownBy(n).isPresent() && Provenance.joins(n).isEmpty() && Provenance.escalates(n).isEmpty()) {
                byAll++;
                byThis += Provenance.grownBy(n).get().equals(planner.id()) ? 1 : 0;
            }
        }
        if (own != null && own.maxTotal() != null && byThis + adding > own.maxTotal()) {
            return "it adds " + adding + " nodes, and \"" + planner.id() + "\" has added " + byThis + " of the " + own.maxTotal()
                    + " it may add in all (\"max " + own.maxTotal() + " in all\"); add at most " + Math.max(0, own.maxTotal() - byThis);
        }
        int total = Growth.total(workflow);
        if (byAll + adding > total) {
            return "it adds " + adding + " nodes, and the run's planners have added " + byAll + " of the " + total
                    + " a run of \"" + workflow.id() + "\" may add in all; add at most " + Math.max(0, total - byAll);
        }
        return null;
    }

    /**
     * Stores the grown graph and makes it the execution's: the graph under its hash, version 0 (the
     * graph the run started with) when this is the first growth, this version, the execution's row,
     * and a {@code graph_grown} event. A join node that had already run waits again, for the new nodes.
     *
     * @param by the node that grew the graph (the planner, or the failed node an automatic escalation node handles)
     */
    void apply(RunContext ctx, NodeRow by, Prepared prepared) {
        Grower.Grown grown = prepared.grown();
        GraphCache.Stored stored = GraphCache.serialize(grown.graph());
        step.core.graphs.remember(stored.hash(), grown.graph());
        step.tx.workflows().putIfAbsent(stored.hash(), stored.json(), grown.graph().main().id(), step.now);
        if (prepared.version() == 1) {
            step.tx.graphVersions().insert(new GraphVersionRow(ctx.id(), 0, ctx.graphHash(), null, 0, 0, List.of(), List.of(),
                    ctx.loaded().createdAt()));
        }
        step.tx.graphVersions().insert(new GraphVersionRow(ctx.id(), prepared.version(), stored.hash(), by.nodeId(), by.iteration(),
                by.attempt(), grown.addedNodes(), grown.addedEdges(), step.now));
        ctx.regraph(stored.hash(), step.core.graphs.runGraph(step.tx, stored.hash(), ctx.loaded().workflowId()));
        step.event(ctx, "graph_grown", by.nodeId(), Json.object("version", prepared.version(), "nodes", grown.addedNodes(), "edges",
                grown.addedEdges()));
        step.tags.add("grown");
        if (grown.join() != null) {
            NodeRow join = step.node(ctx, grown.join());
            if (join.status().isDecided()) {
                step.loops.renew(ctx, grown.join());
            }
        }
    }
}

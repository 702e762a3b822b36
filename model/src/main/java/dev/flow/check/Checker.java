package dev.flow.check;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.FlowGraph;
import dev.flow.model.GateDef;
import dev.flow.model.Workflow;
import java.util.List;

/**
 * The one checker every front end shares: all semantic checks of {@code docs/diagnostics.md} run
 * here, on the graph model, so the language, both YAML dialects and compiled graphs report the same
 * problems with the same codes.
 *
 * <p>Every workflow of the graph is checked (the main one and those its subgraphs run), and every
 * problem is reported, not just the first. The work is near-linear in the size of the graph: each
 * workflow is indexed once, and the control-flow rules run on strongly connected components and
 * breadth-first searches, never on enumerations of paths or cycles.
 */
public final class Checker {
    private Checker() {}

    /** Every problem in the graph, sorted by {@link Diagnostic#ORDER}. */
    public static List<Diagnostic> check(FlowGraph graph) {
        var out = new Report();
        for (Workflow workflow : graph.all()) {
            var index = new WorkflowIndex(workflow, graph);
            for (Rules.WorkflowRule rule : Rules.WORKFLOW) {
                rule.check(index, out);
            }
        }
        for (Rules.GraphRule rule : Rules.GRAPH) {
            rule.check(graph, out);
        }
        return out.sorted();
    }

    /**
     * The problems of gate definitions on their own, as a {@code gates.yaml} registry holds them
     * before any workflow uses it: the rules that read definitions (empty commands, timeouts, unknown
     * {@code depends_on}, duplicates), run as they run for a workflow's gates, so a registry checked
     * alone reports what a workflow using it would report in it.
     */
    public static List<Diagnostic> checkGateDefinitions(List<GateDef> gates) {
        var holder = new Workflow("gates", null, null, null, null, null, gates, null, null, null, null, null, null, null, null);
        var index = new WorkflowIndex(holder, FlowGraph.of(holder));
        var out = new Report();
        for (Rules.WorkflowRule rule : Rules.GATE_DEFINITIONS) {
            rule.check(index, out);
        }
        return out.sorted();
    }
}

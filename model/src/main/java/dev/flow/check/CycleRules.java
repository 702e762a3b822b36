package dev.flow.check;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.Edge;
import dev.flow.model.FlowGraph;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.SourceRef;
import dev.flow.model.Workflow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * FLOW306, FLOW307, FLOW311, FLOW313: every cycle is bounded by a loop edge, loop edges close
 * cycles, limit routes leave loops, and workflows do not run themselves through subgraphs.
 *
 * <p>A graph is free of uncontrolled cycles exactly when it is acyclic without its loop edges, so
 * the strongly connected components of that graph ({@link FlowAnalysis}) are the whole answer, in
 * O(nodes + edges): one diagnostic per cyclic component, naming the shortest cycle through its
 * earliest node ({@link CycleFinder}). Workflows that run each other are the same question on the
 * graph of subgraph calls.
 */
final class CycleRules {
    private CycleRules() {}

    /** How many edges of a cycle are listed as related locations; a long cycle's message abbreviates it too. */
    static final int MAX_RELATED = 50;

    /** Earlier in the text first; elements without a position last. */
    static final Comparator<SourceRef> TEXT_ORDER = Comparator.comparing(SourceRef::isUnknown)
            .thenComparing(SourceRef::file)
            .thenComparingInt(SourceRef::offset)
            .thenComparingInt(SourceRef::line)
            .thenComparingInt(SourceRef::column);

    /** FLOW306: cycles with no loop edge, one diagnostic per strongly connected component. */
    static void uncontrolledCycles(WorkflowIndex w, Report out) {
        List<Edge> edges = w.workflow().edges();
        for (Set<Integer> component : w.flow().uncontrolledCycles()) {
            int first = earliest(component, v -> w.sourceOf(w.id(v)), Comparator.naturalOrder());
            List<Edge> cycle = CycleFinder.shortestCycle(w.flow().graph(), w.flow().withoutLoops(), component, first).stream()
                    .map(edges::get).toList();
            if (cycle.isEmpty()) {
                continue; // cannot happen for a non-trivial component; never fail the whole check over it
            }
            var names = new ArrayList<String>();
            names.add(w.id(first));
            cycle.forEach(e -> names.add(e.to().name()));
            Edge closing = cycle.get(cycle.size() - 1);
            var related = cycle.subList(0, Math.min(cycle.size() - 1, MAX_RELATED)).stream()
                    .map(e -> new Diagnostic.Related(e.source(), "part of the cycle: " + WorkflowIndex.name(e)))
                    .toList();
            Diagnostic d = Diagnostic.of(Code.UNCONTROLLED_CYCLE, "cycle without a loop limit: " + Messages.path(names)
                    + "; add \"loop max N\" to one of its edges", Report.at(closing.source(), w.sourceOf(w.id(first))));
            Long runWide = w.workflow().limits().maxNodeExecutions();
            if (runWide != null) {
                // The run cannot go round forever, but it will spend its whole budget in this loop
                // and stop with "limit reached" instead of leaving it: worth a warning, not an error.
                d = Diagnostic.of(Code.UNCONTROLLED_CYCLE, "cycle without a loop limit: " + Messages.path(names)
                        + "; only the run-wide limit of " + runWide + " node executions stops it; add \"loop max N\" to one of its edges",
                        Report.at(closing.source(), w.sourceOf(w.id(first)))).withSeverity(dev.flow.model.Severity.WARNING);
                var withLimit = new ArrayList<>(related);
                withLimit.add(new Diagnostic.Related(w.workflow().limits().source(), "the run-wide limit"));
                related = withLimit;
            }
            out.add(d.withRelated(related));
        }
    }

    /** The element of {@code items} written first; ties broken by {@code tie}. */
    static <T> T earliest(Set<T> items, Function<T, SourceRef> at, Comparator<T> tie) {
        return items.stream().min(Comparator.comparing(at, TEXT_ORDER).thenComparing(tie)).orElseThrow();
    }

    /**
     * FLOW307: loop edges whose target never leads back to their source. Not reported while an edge
     * names a node that cannot be placed: it may be the way back.
     */
    static void loopsOutsideCycles(WorkflowIndex w, Report out) {
        FlowAnalysis flow = w.flow();
        if (flow.hasUnplacedEdge()) {
            return;
        }
        for (Edge edge : w.workflow().edges()) {
            if (edge.isLoop() && w.isFlowEdge(edge)
                    && flow.component(w.fromNumber(edge)) != flow.component(w.toNumber(edge))) {
                out.add(Code.LOOP_OUTSIDE_CYCLE, Report.at(edge.loop().source(), edge.source()), "loop edge " + WorkflowIndex.name(edge)
                        + " closes no cycle: no path leads from " + Messages.q(edge.to().name()) + " back to " + Messages.q(edge.from().name())
                        + "; remove \"loop max " + edge.loop().maxIterations() + "\", or point the edge back into the loop");
            }
        }
    }

    /** FLOW313: limit-reached edges from a node that has no loop edge whose limit could be reached. */
    static void limitRoutesWithoutLoop(WorkflowIndex w, Report out) {
        for (Edge edge : w.workflow().edges()) {
            if (edge.onLimitReached() && w.isKnown(w.from(edge)) && w.edgesFrom(w.from(edge)).stream().noneMatch(Edge::isLoop)) {
                out.add(Code.LIMIT_ROUTE_WITHOUT_LOOP, edge.source(), "edge " + WorkflowIndex.name(edge) + " is taken \"on limit\", but no loop edge leaves "
                        + Messages.q(edge.from().name()) + ", so no limit is ever reached; add \"loop max N\" to an edge from it, or remove \"on limit\"");
            }
        }
    }

    /** FLOW311: workflows that run themselves, directly or through other workflows' subgraphs. */
    static void recursiveSubgraphs(FlowGraph flowGraph, Report out) {
        var ids = new LinkedHashMap<String, Integer>();
        flowGraph.all().forEach(wf -> ids.putIfAbsent(wf.id(), ids.size()));
        var calls = new ArrayList<Call>();
        for (Workflow workflow : flowGraph.all()) {
            for (Node node : workflow.nodes()) {
                if (node.spec() instanceof NodeSpec.Subgraph subgraph && ids.containsKey(subgraph.workflow().name())) {
                    calls.add(new Call(workflow.id(), node, subgraph));
                }
            }
        }
        int[] caller = calls.stream().mapToInt(c -> ids.get(c.caller())).toArray();
        int[] callee = calls.stream().mapToInt(c -> ids.get(c.callee())).toArray();
        var graph = new Digraph(ids.size(), caller, callee);
        var names = new ArrayList<>(ids.keySet());
        boolean[] all = new boolean[ids.size()];
        Arrays.fill(all, true);
        for (Set<Integer> component : Digraph.cyclicComponents(graph.subgraph(all, e -> true))) {
            int first = earliest(component, v -> flowGraph.workflow(names.get(v)).map(Workflow::source).orElse(SourceRef.NONE),
                    Comparator.naturalOrder());
            List<Call> cycle = CycleFinder.shortestCycle(graph, e -> true, component, first).stream().map(calls::get).toList();
            if (cycle.isEmpty()) {
                continue;
            }
            var path = new ArrayList<String>();
            path.add(names.get(first));
            cycle.forEach(c -> path.add(c.callee()));
            Call closing = cycle.get(cycle.size() - 1);
            var related = cycle.subList(0, Math.min(cycle.size() - 1, MAX_RELATED)).stream()
                    .map(c -> new Diagnostic.Related(c.at(), "workflow " + Messages.q(c.caller()) + " runs " + Messages.q(c.callee()) + " here"))
                    .toList();
            out.add(Diagnostic.of(Code.RECURSIVE_SUBGRAPH, "workflow " + Messages.q(names.get(first)) + " runs itself through subgraphs: "
                    + Messages.path(path) + "; a run would never end, so break the circle", closing.at()).withRelated(related));
        }
    }

    /** A subgraph node of {@code caller}, and its spec. */
    private record Call(String caller, Node node, NodeSpec.Subgraph subgraph) {
        String callee() {
            return subgraph.workflow().name();
        }

        SourceRef at() {
            return Report.at(subgraph.workflow().source(), node.source());
        }
    }
}

package dev.flow.check;

import dev.flow.model.Edge;
import dev.flow.model.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * The control flow of one workflow, computed eagerly in O(nodes + edges): which nodes the run can
 * reach from {@code start}, which can still reach {@code end}, the strongly connected components of
 * the whole graph (with a topological order of their condensation) and the cyclic components of the
 * graph without loop edges, which are exactly the cycles without a loop limit.
 *
 * <p>Vertices are node numbers ({@link WorkflowIndex#number}); edges are positions in
 * {@link dev.flow.model.Workflow#edges()}, so that parallel edges and self-loops stay distinct. Only
 * flow edges ({@link WorkflowIndex#isFlowEdge}) take part. Strongly connected components come from
 * JGraphT's Kosaraju-Sharir ({@link Digraph#cyclicComponents}, iterative, so a chain of 100,000
 * nodes is fine), run only on the vertices that may lie on a cycle ({@link Digraph#core}): in most
 * workflows a few loops among many straight steps. The searches depend only on the numbers, so
 * they are made once per shape and reused while the shape stays the same ({@link ControlFlow}).
 *
 * <p>An edge that names an unknown node near a known one reads as an edge to that node
 * ({@link WorkflowIndex#resolve}). One that names a node far from every other is not in the graph,
 * but it is given the benefit of the doubt: its known target counts as reachable, its known source as able to reach {@code end}.
 * The name is reported as unknown; reporting what it disconnects as well would say the same twice.
 */
final class FlowAnalysis {
    private final WorkflowIndex index;
    private final ControlFlow shape;
    private final boolean danglingFromReachable;
    private final boolean unplaced;

    FlowAnalysis(WorkflowIndex index) {
        this.index = index;
        List<Edge> edges = index.workflow().edges();
        List<int[]> escalations = escalationArcs(index);
        int[] source = new int[edges.size() + escalations.size()];
        int[] target = new int[source.length];
        var forwardSeeds = new ArrayList<Integer>(List.of(index.number(Node.START_ID, -1)));
        var backwardSeeds = new ArrayList<Integer>(List.of(index.number(Node.END_ID, -1)));
        boolean[] loop = new boolean[source.length];
        for (int i = 0; i < escalations.size(); i++) {
            int e = edges.size() + i;
            source[e] = escalations.get(i)[0];
            target[e] = escalations.get(i)[1];
            loop[e] = true;
        }
        boolean anyUnknown = false;
        for (int e = 0; e < edges.size(); e++) {
            Edge edge = edges.get(e);
            int s = index.fromNumber(edge);
            int t = index.toNumber(edge);
            boolean flows = index.isFlowEdge(edge);
            source[e] = flows ? s : -1;
            target[e] = flows ? t : -1;
            loop[e] = edge.isLoop();
            if (s < 0 && t >= 0) {
                forwardSeeds.add(t);
            } else if (t < 0 && s >= 0) {
                backwardSeeds.add(s);
            }
            anyUnknown |= s < 0 || t < 0;
        }
        this.shape = ControlFlow.of(new ControlFlow.Shape(index.size(), source, target, loop,
                forwardSeeds.stream().mapToInt(Integer::intValue).toArray(), backwardSeeds.stream().mapToInt(Integer::intValue).toArray()));
        boolean dangling = false;
        for (Edge edge : edges) {
            int s = index.fromNumber(edge);
            dangling |= s >= 0 && shape.reachable(s) && index.toNumber(edge) < 0;
        }
        this.danglingFromReachable = dangling;
        this.unplaced = anyUnknown;
    }

    /**
     * Escalations as arcs after the workflow's edges, both ways (a failed node hands over to its
     * escalation node, which may run it again), counted as loop edges: an escalation node is reached
     * when the node it handles is, and leads on wherever that node does, and the circle they make is
     * bounded by the escalation's limit, not a cycle without one.
     */
    private static List<int[]> escalationArcs(WorkflowIndex index) {
        var arcs = new ArrayList<int[]>();
        dev.flow.model.Escalations.of(index.workflow()).all().forEach((failed, e) -> {
            if (e.mode() == dev.flow.model.Escalation.Mode.TO && e.target() != null) {
                arc(index, failed, e.target().name(), arcs);
            }
        });
        for (Node node : index.nodes()) {
            dev.flow.model.Provenance.escalates(node).ifPresent(failed -> arc(index, failed, node.id(), arcs));
        }
        return arcs;
    }

    private static void arc(WorkflowIndex index, String failed, String handler, List<int[]> arcs) {
        int f = index.number(failed, -1);
        int h = index.number(handler, -1);
        if (f >= 0 && h >= 0 && f != h) {
            arcs.add(new int[] {f, h});
            arcs.add(new int[] {h, f});
        }
    }

    /** The analysis of the shape, shared with every workflow of the same shape (for tests). */
    ControlFlow shape() {
        return shape;
    }

    /** The flow edges as arrays: vertices are node numbers, edges positions in the workflow's edge list. */
    Digraph graph() {
        return shape.graph();
    }

    /** Accepts the flow edges without a loop limit: the edges {@link #uncontrolledCycles()} are made of. */
    IntPredicate withoutLoops() {
        return shape.withoutLoops();
    }

    boolean isReachable(String id) {
        return shape.reachable(index.number(id, -1));
    }

    boolean reachesEnd(String id) {
        return shape.reachesEnd(index.number(id, -1));
    }

    /** Whether a reachable node has an edge to an unknown node, which might be the way to any other. */
    boolean hasDanglingEdge() {
        return danglingFromReachable;
    }

    /** Whether some edge names a node that cannot be placed: the cycles it may close are not known. */
    boolean hasUnplacedEdge() {
        return unplaced;
    }

    /** The strongly connected component of a node (in the whole graph, loop edges included). */
    int component(int node) {
        return shape.component(node);
    }

    /** Whether a component holds a cycle: more than one node, or a self-loop. */
    boolean isCyclic(int component) {
        return shape.isCyclic(component);
    }

    /** The position of a component in a topological order of the condensation: edges go from lower to higher. */
    int position(int component) {
        return shape.position(component);
    }

    int[] componentSuccessors(int component) {
        return shape.componentSuccessors(component);
    }

    int componentCount() {
        return shape.componentCount();
    }

    /** The cyclic strongly connected components of the graph without loop edges. */
    List<Set<Integer>> uncontrolledCycles() {
        return shape.uncontrolledCycles();
    }
}

package dev.flow.check;

import dev.flow.model.Edge;
import dev.flow.model.Node;
import java.util.ArrayList;
import java.util.Arrays;
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
 * workflows a few loops among many straight steps.
 *
 * <p>An edge that names an unknown node near a known one reads as an edge to that node
 * ({@link WorkflowIndex#resolve}). One that names a node far from every other is not in the graph,
 * but it is given the benefit of the doubt: its known target counts as reachable, its known source as able to reach {@code end}.
 * The name is reported as unknown; reporting what it disconnects as well would say the same twice.
 */
final class FlowAnalysis {
    private final WorkflowIndex index;
    private final Digraph graph;
    private final boolean[] reachable;
    private final boolean[] reachesEnd;
    private final boolean danglingFromReachable;
    private final boolean unplaced;
    private final int[] component;
    private final boolean[] cyclic;
    private final int[] order;
    private final int[][] componentSuccessors;
    private final IntPredicate withoutLoops;
    private final List<Set<Integer>> uncontrolledCycles;

    FlowAnalysis(WorkflowIndex index) {
        this.index = index;
        int n = index.size();
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
        for (int e = 0; e < edges.size(); e++) {
            Edge edge = edges.get(e);
            int s = index.number(index.from(edge), -1);
            int t = index.number(index.to(edge), -1);
            boolean flows = index.isFlowEdge(edge);
            source[e] = flows ? s : -1;
            target[e] = flows ? t : -1;
            loop[e] = edge.isLoop();
            if (s < 0 && t >= 0) {
                forwardSeeds.add(t);
            } else if (t < 0 && s >= 0) {
                backwardSeeds.add(s);
            }
        }
        this.graph = new Digraph(n, source, target);
        this.reachable = graph.reach(forwardSeeds, true);
        this.reachesEnd = graph.reach(backwardSeeds, false);
        boolean dangling = false;
        boolean anyUnknown = false;
        for (Edge edge : edges) {
            int s = index.number(index.from(edge), -1);
            dangling |= s >= 0 && reachable[s] && !index.isKnown(index.to(edge));
            anyUnknown |= !index.isKnown(index.from(edge)) || !index.isKnown(index.to(edge));
        }
        this.danglingFromReachable = dangling;
        this.unplaced = anyUnknown;

        List<Set<Integer>> cycles = Digraph.cyclicComponents(graph.subgraph(graph.core(e -> true), e -> true));
        this.component = new int[n];
        Arrays.fill(component, -1);
        int count = 0;
        for (Set<Integer> cycle : cycles) {
            for (int v : cycle) {
                component[v] = count;
            }
            count++;
        }
        for (int v = 0; v < n; v++) {
            if (component[v] < 0) {
                component[v] = count++;
            }
        }
        this.cyclic = new boolean[count];
        Arrays.fill(cyclic, 0, cycles.size(), true);
        this.componentSuccessors = condensation(count);
        this.order = topologicalOrder(count);

        this.withoutLoops = e -> source[e] >= 0 && !loop[e];
        this.uncontrolledCycles = uncontrolled(cycles, loop);
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

    /**
     * The cyclic components of the graph without loop edges. Each lies inside a cyclic component of
     * the whole graph; one that holds no loop edge is uncontrolled as a whole, and only those that
     * do are searched again, without their loop edges.
     */
    private List<Set<Integer>> uncontrolled(List<Set<Integer>> cycles, boolean[] loop) {
        boolean[] hasLoop = new boolean[cycles.size()];
        for (int e = 0; e < loop.length; e++) {
            if (loop[e] && graph.source(e) >= 0 && component[graph.source(e)] == component[graph.target(e)] && cyclic[component[graph.source(e)]]) {
                hasLoop[component[graph.source(e)]] = true;
            }
        }
        var found = new ArrayList<Set<Integer>>();
        boolean[] again = new boolean[graph.size()];
        boolean any = false;
        for (int c = 0; c < cycles.size(); c++) {
            if (!hasLoop[c]) {
                found.add(cycles.get(c));
            } else {
                cycles.get(c).forEach(v -> again[v] = true);
                any = true;
            }
        }
        if (any) {
            IntPredicate inside = e -> withoutLoops.test(e) && again[graph.source(e)] && component[graph.source(e)] == component[graph.target(e)];
            boolean[] core = graph.core(inside);
            found.addAll(Digraph.cyclicComponents(graph.subgraph(core, inside)));
        }
        return found;
    }

    /** Successor lists of the components, each successor once; O(V + E). */
    private int[][] condensation(int count) {
        int[] degree = new int[count];
        for (int e = 0; e < graph.edgeBound(); e++) {
            if (crosses(e)) {
                degree[component[graph.source(e)]]++;
            }
        }
        int[][] lists = new int[count][];
        for (int c = 0; c < count; c++) {
            lists[c] = new int[degree[c]];
            degree[c] = 0;
        }
        for (int e = 0; e < graph.edgeBound(); e++) {
            if (crosses(e)) {
                int c = component[graph.source(e)];
                lists[c][degree[c]++] = component[graph.target(e)];
            }
        }
        int[] seenFrom = new int[count];
        Arrays.fill(seenFrom, -1);
        for (int c = 0; c < count; c++) {
            int kept = 0;
            for (int next : lists[c]) {
                if (seenFrom[next] != c) {
                    seenFrom[next] = c;
                    lists[c][kept++] = next;
                }
            }
            if (kept < lists[c].length) {
                lists[c] = Arrays.copyOf(lists[c], kept);
            }
        }
        return lists;
    }

    private boolean crosses(int edge) {
        return graph.source(edge) >= 0 && component[graph.source(edge)] != component[graph.target(edge)];
    }

    /** Kahn's algorithm on the condensation: the position of each component in a topological order. */
    private int[] topologicalOrder(int count) {
        int[] incoming = new int[count];
        for (int[] next : componentSuccessors) {
            for (int c : next) {
                incoming[c]++;
            }
        }
        int[] queue = new int[count];
        int tail = 0;
        for (int c = 0; c < count; c++) {
            if (incoming[c] == 0) {
                queue[tail++] = c;
            }
        }
        int[] position = new int[count];
        for (int head = 0; head < tail; head++) {
            int c = queue[head];
            position[c] = head;
            for (int next : componentSuccessors[c]) {
                if (--incoming[next] == 0) {
                    queue[tail++] = next;
                }
            }
        }
        return position;
    }

    /** The flow edges as arrays: vertices are node numbers, edges positions in the workflow's edge list. */
    Digraph graph() {
        return graph;
    }

    /** Accepts the flow edges without a loop limit: the edges {@link #uncontrolledCycles()} are made of. */
    IntPredicate withoutLoops() {
        return withoutLoops;
    }

    boolean isReachable(String id) {
        return reachable[index.number(id, -1)];
    }

    boolean reachesEnd(String id) {
        return reachesEnd[index.number(id, -1)];
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
        return component[node];
    }

    /** Whether a component holds a cycle: more than one node, or a self-loop. */
    boolean isCyclic(int component) {
        return cyclic[component];
    }

    /** The position of a component in a topological order of the condensation: edges go from lower to higher. */
    int position(int component) {
        return order[component];
    }

    int[] componentSuccessors(int component) {
        return componentSuccessors[component];
    }

    int componentCount() {
        return cyclic.length;
    }

    /** The cyclic strongly connected components of the graph without loop edges. */
    List<Set<Integer>> uncontrolledCycles() {
        return uncontrolledCycles;
    }
}

package dev.flow.check;

import dev.flow.model.Edge;
import dev.flow.model.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.KosarajuStrongConnectivityInspector;
import org.jgrapht.graph.DirectedPseudograph;

/**
 * The control flow of one workflow, computed eagerly in O(nodes + edges): which nodes the run can
 * reach from {@code start}, which can still reach {@code end}, the strongly connected components of
 * the whole graph (with a topological order of their condensation) and those of the graph without
 * loop edges, whose non-trivial components are exactly the cycles without a loop limit.
 *
 * <p>Vertices are node numbers ({@link WorkflowIndex#number}); edges are positions in
 * {@link dev.flow.model.Workflow#edges()}, so that parallel edges and self-loops stay distinct. Only
 * flow edges ({@link WorkflowIndex#isFlowEdge}) are in the graphs. Strongly connected components
 * come from JGraphT's {@link KosarajuStrongConnectivityInspector} (Kosaraju-Sharir: two iterative
 * depth-first searches, O(V + E), no recursion, so a chain of 100,000 nodes is fine).
 *
 * <p>An edge that names an unknown node is not in the graph, but it is given the benefit of the
 * doubt: its known target counts as reachable, its known source as able to reach {@code end}.
 * The name is reported as unknown; reporting what it disconnects as well would say the same twice.
 */
final class FlowAnalysis {
    private final WorkflowIndex index;
    private final Graph<Integer, Integer> full;
    private final Graph<Integer, Integer> withoutLoops;
    private final int[][] successors;
    private final boolean[] reachable;
    private final boolean[] reachesEnd;
    private final boolean danglingFromReachable;
    private final int[] component;
    private final int componentCount;
    private final boolean[] cyclic;
    private final int[] order;
    private final int[][] componentSuccessors;
    private final List<Set<Integer>> uncontrolledCycles;

    FlowAnalysis(WorkflowIndex index) {
        this.index = index;
        int n = index.size();
        List<Edge> edges = index.workflow().edges();
        this.full = new DirectedPseudograph<>(null, null, false);
        this.withoutLoops = new DirectedPseudograph<>(null, null, false);
        for (int v = 0; v < n; v++) {
            full.addVertex(v);
            withoutLoops.addVertex(v);
        }
        var forwardSeeds = new ArrayList<Integer>();
        var backwardSeeds = new ArrayList<Integer>();
        forwardSeeds.add(index.number(Node.START_ID, -1));
        backwardSeeds.add(index.number(Node.END_ID, -1));
        for (int e = 0; e < edges.size(); e++) {
            Edge edge = edges.get(e);
            int s = index.number(edge.from().name(), -1);
            int t = index.number(edge.to().name(), -1);
            if (index.isFlowEdge(edge)) {
                full.addEdge(s, t, e);
                if (!edge.isLoop()) {
                    withoutLoops.addEdge(s, t, e);
                }
            } else if (s < 0 && t >= 0) {
                forwardSeeds.add(t);
            } else if (t < 0 && s >= 0) {
                backwardSeeds.add(s);
            }
        }
        this.successors = adjacency(full, true);
        this.reachable = search(forwardSeeds, successors);
        this.reachesEnd = search(backwardSeeds, adjacency(full, false));
        boolean dangling = false;
        for (Edge edge : edges) {
            int s = index.number(edge.from().name(), -1);
            dangling |= s >= 0 && reachable[s] && !index.isKnown(edge.to().name());
        }
        this.danglingFromReachable = dangling;

        var components = new KosarajuStrongConnectivityInspector<>(full).stronglyConnectedSets();
        this.componentCount = components.size();
        this.component = new int[n];
        this.cyclic = new boolean[componentCount];
        for (int c = 0; c < componentCount; c++) {
            for (int v : components.get(c)) {
                component[v] = c;
            }
            int any = components.get(c).iterator().next();
            cyclic[c] = components.get(c).size() > 1 || full.containsEdge(any, any);
        }
        this.componentSuccessors = condensation();
        this.order = topologicalOrder();
        this.uncontrolledCycles = new KosarajuStrongConnectivityInspector<>(withoutLoops).stronglyConnectedSets().stream()
                .filter(set -> set.size() > 1 || withoutLoops.containsEdge(set.iterator().next(), set.iterator().next()))
                .toList();
    }

    private static int[][] adjacency(Graph<Integer, Integer> graph, boolean outgoing) {
        int n = graph.vertexSet().size();
        int[][] adjacent = new int[n][];
        for (int v = 0; v < n; v++) {
            var edges = outgoing ? graph.outgoingEdgesOf(v) : graph.incomingEdgesOf(v);
            int[] ends = new int[edges.size()];
            int i = 0;
            for (int e : edges) {
                ends[i++] = outgoing ? graph.getEdgeTarget(e) : graph.getEdgeSource(e);
            }
            adjacent[v] = ends;
        }
        return adjacent;
    }

    /** Breadth-first search from every seed; O(V + E). */
    private static boolean[] search(List<Integer> seeds, int[][] adjacent) {
        boolean[] seen = new boolean[adjacent.length];
        int[] queue = new int[adjacent.length];
        int head = 0;
        int tail = 0;
        for (int seed : seeds) {
            if (seed >= 0 && !seen[seed]) {
                seen[seed] = true;
                queue[tail++] = seed;
            }
        }
        while (head < tail) {
            for (int next : adjacent[queue[head++]]) {
                if (!seen[next]) {
                    seen[next] = true;
                    queue[tail++] = next;
                }
            }
        }
        return seen;
    }

    /** Successor lists of the components, each successor once per edge between them; O(V + E). */
    private int[][] condensation() {
        var lists = new ArrayList<List<Integer>>(componentCount);
        for (int c = 0; c < componentCount; c++) {
            lists.add(new ArrayList<>());
        }
        for (int v = 0; v < successors.length; v++) {
            for (int w : successors[v]) {
                if (component[v] != component[w]) {
                    lists.get(component[v]).add(component[w]);
                }
            }
        }
        int[][] result = new int[componentCount][];
        for (int c = 0; c < componentCount; c++) {
            result[c] = lists.get(c).stream().mapToInt(Integer::intValue).distinct().toArray();
        }
        return result;
    }

    /** Kahn's algorithm on the condensation: position of each component in a topological order. */
    private int[] topologicalOrder() {
        int[] incoming = new int[componentCount];
        for (int[] next : componentSuccessors) {
            for (int c : next) {
                incoming[c]++;
            }
        }
        int[] queue = new int[componentCount];
        int tail = 0;
        for (int c = 0; c < componentCount; c++) {
            if (incoming[c] == 0) {
                queue[tail++] = c;
            }
        }
        int[] position = new int[componentCount];
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

    /** The graph of flow edges; vertices are node numbers, edges positions in the workflow's edge list. */
    Graph<Integer, Integer> graph() {
        return full;
    }

    /** The same without loop edges. */
    Graph<Integer, Integer> graphWithoutLoops() {
        return withoutLoops;
    }

    /** The numbers of the nodes a flow edge leads to from {@code node}. */
    int[] successors(int node) {
        return successors[node];
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
        return componentCount;
    }

    /** The non-trivial strongly connected components of the graph without loop edges. */
    List<Set<Integer>> uncontrolledCycles() {
        return uncontrolledCycles;
    }
}

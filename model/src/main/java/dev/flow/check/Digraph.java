package dev.flow.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.IntPredicate;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.KosarajuStrongConnectivityInspector;
import org.jgrapht.graph.DirectedPseudograph;

/**
 * A directed multigraph over the numbers {@code 0..n-1} in arrays (compressed adjacency), for the
 * searches that must stay cheap on 100,000 nodes: breadth-first search, peeling, and handing the
 * part of the graph that may hold cycles to JGraphT.
 *
 * <p>Edges are numbered too (their position in the workflow's edge list); an edge number may be
 * absent (the edge takes no part), so edge numbers run up to {@link #edgeBound()}.
 */
final class Digraph {
    private final int n;
    private final int[] source;
    private final int[] target;
    private final int[][] out;
    private final int[][] in;

    /**
     * @param source source vertex of each edge number, or -1 where that edge takes no part
     * @param target target vertex of each edge number, or -1 likewise
     */
    Digraph(int n, int[] source, int[] target) {
        this.n = n;
        this.source = source;
        this.target = target;
        this.out = adjacency(source);
        this.in = adjacency(target);
    }

    private int[][] adjacency(int[] ends) {
        int[] degree = new int[n];
        for (int e = 0; e < ends.length; e++) {
            if (source[e] >= 0) {
                degree[ends[e]]++;
            }
        }
        int[][] lists = new int[n][];
        for (int v = 0; v < n; v++) {
            lists[v] = new int[degree[v]];
            degree[v] = 0;
        }
        for (int e = 0; e < ends.length; e++) {
            if (source[e] >= 0) {
                lists[ends[e]][degree[ends[e]]++] = e;
            }
        }
        return lists;
    }

    int size() {
        return n;
    }

    int edgeBound() {
        return source.length;
    }

    int source(int edge) {
        return source[edge];
    }

    int target(int edge) {
        return target[edge];
    }

    /** The numbers of the edges leaving {@code v}, in the workflow's order. */
    int[] outgoing(int v) {
        return out[v];
    }

    /** The numbers of the edges entering {@code v}, in the workflow's order. */
    int[] incoming(int v) {
        return in[v];
    }

    /** Every vertex some seed reaches (forward, or against the edges); O(V + E). */
    boolean[] reach(List<Integer> seeds, boolean forward) {
        boolean[] seen = new boolean[n];
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        for (int seed : seeds) {
            if (seed >= 0 && !seen[seed]) {
                seen[seed] = true;
                queue[tail++] = seed;
            }
        }
        while (head < tail) {
            int v = queue[head++];
            for (int e : forward ? out[v] : in[v]) {
                int next = forward ? target[e] : source[e];
                if (!seen[next]) {
                    seen[next] = true;
                    queue[tail++] = next;
                }
            }
        }
        return seen;
    }

    /**
     * The vertices that may lie on a cycle of the edges {@code keep} accepts: what remains after
     * removing, again and again, every vertex without an incoming or without an outgoing edge.
     * No cycle passes through a removed vertex. O(V + E).
     */
    boolean[] core(IntPredicate keep) {
        int[] indegree = new int[n];
        int[] outdegree = new int[n];
        for (int e = 0; e < source.length; e++) {
            if (source[e] >= 0 && keep.test(e)) {
                outdegree[source[e]]++;
                indegree[target[e]]++;
            }
        }
        boolean[] alive = new boolean[n];
        int[] queue = new int[n];
        int tail = 0;
        for (int v = 0; v < n; v++) {
            alive[v] = true;
            if (indegree[v] == 0 || outdegree[v] == 0) {
                alive[v] = false;
                queue[tail++] = v;
            }
        }
        for (int head = 0; head < tail; head++) {
            int v = queue[head];
            for (int e : out[v]) {
                int w = target[e];
                if (keep.test(e) && alive[w] && --indegree[w] == 0) {
                    alive[w] = false;
                    queue[tail++] = w;
                }
            }
            for (int e : in[v]) {
                int w = source[e];
                if (keep.test(e) && alive[w] && --outdegree[w] == 0) {
                    alive[w] = false;
                    queue[tail++] = w;
                }
            }
        }
        return alive;
    }

    /** The vertices {@code vertices} marks and the edges between them that {@code keep} accepts, as a JGraphT graph. */
    Graph<Integer, Integer> subgraph(boolean[] vertices, IntPredicate keep) {
        Graph<Integer, Integer> graph = new DirectedPseudograph<>(null, null, false);
        for (int v = 0; v < n; v++) {
            if (vertices[v]) {
                graph.addVertex(v);
            }
        }
        for (int e = 0; e < source.length; e++) {
            if (source[e] >= 0 && vertices[source[e]] && vertices[target[e]] && keep.test(e)) {
                graph.addEdge(source[e], target[e], e);
            }
        }
        return graph;
    }

    /**
     * The strongly connected components of {@code graph} that hold a cycle (more than one vertex,
     * or a self-loop), by JGraphT's {@link KosarajuStrongConnectivityInspector}: Kosaraju-Sharir,
     * two iterative depth-first searches, O(V + E).
     */
    static List<Set<Integer>> cyclicComponents(Graph<Integer, Integer> graph) {
        var cyclic = new ArrayList<Set<Integer>>();
        for (Set<Integer> component : new KosarajuStrongConnectivityInspector<>(graph).stronglyConnectedSets()) {
            int any = component.iterator().next();
            if (component.size() > 1 || graph.containsEdge(any, any)) {
                cyclic.add(component);
            }
        }
        return cyclic;
    }
}

package dev.flow.check;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * What the shape of a workflow's control flow alone decides: which vertices the seeds reach each
 * way, the strongly connected components (with a topological order of their condensation) and the
 * cyclic components without loop edges. It depends on nothing but a {@link Shape}: vertex and edge
 * numbers, never names or positions, so that workflows of one shape share it.
 *
 * <p>That is what lets the language server re-check a file without rebuilding it: most edits
 * (a prompt, a condition, a gate's name, a line inserted above) leave every workflow's shape as it
 * was, and {@link #of} hands back the analysis of the last check of that shape from a small cache
 * instead of running the searches and JGraphT's Kosaraju-Sharir again. Everything here is read
 * only once built, so checks on several threads can share one.
 */
final class ControlFlow {
    /** Enough for the workflows of the files open in an editor; each entry is O(nodes + edges). */
    private static final int CACHED = 16;
    private static final Map<Shape, ControlFlow> RECENT = new LinkedHashMap<>(CACHED * 2, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Shape, ControlFlow> eldest) {
            return size() > CACHED;
        }
    };

    /**
     * The control flow's shape: {@code n} vertices; edge {@code e} runs from {@code source[e]} to
     * {@code target[e]} (both -1 when it takes no part) and is a loop edge when {@code loop[e]};
     * the searches start from {@code forwardSeeds} along the edges and {@code backwardSeeds} against
     * them. Compared by content.
     */
    record Shape(int n, int[] source, int[] target, boolean[] loop, int[] forwardSeeds, int[] backwardSeeds) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Shape s && n == s.n && Arrays.equals(source, s.source) && Arrays.equals(target, s.target)
                    && Arrays.equals(loop, s.loop) && Arrays.equals(forwardSeeds, s.forwardSeeds) && Arrays.equals(backwardSeeds, s.backwardSeeds);
        }

        @Override
        public int hashCode() {
            int h = n;
            h = 31 * h + Arrays.hashCode(source);
            h = 31 * h + Arrays.hashCode(target);
            h = 31 * h + Arrays.hashCode(loop);
            h = 31 * h + Arrays.hashCode(forwardSeeds);
            return 31 * h + Arrays.hashCode(backwardSeeds);
        }

        @Override
        public String toString() {
            return "Shape[" + n + " vertices, " + source.length + " edges]";
        }
    }

    private final Digraph graph;
    private final boolean[] reachable;
    private final boolean[] reachesEnd;
    private final int[] component;
    private final boolean[] cyclic;
    private final int[] order;
    private final int[][] componentSuccessors;
    private final IntPredicate withoutLoops;
    private final List<Set<Integer>> uncontrolledCycles;

    /** The analysis of {@code shape}: the one made for an equal shape when it is still cached, else a new one. */
    static ControlFlow of(Shape shape) {
        synchronized (RECENT) {
            ControlFlow known = RECENT.get(shape);
            if (known != null) {
                return known;
            }
        }
        // Built outside the lock: two threads that miss together both build, and either result is right.
        ControlFlow made = new ControlFlow(shape);
        synchronized (RECENT) {
            RECENT.put(shape, made);
        }
        return made;
    }

    private ControlFlow(Shape shape) {
        int n = shape.n();
        int[] source = shape.source();
        boolean[] loop = shape.loop();
        this.graph = new Digraph(n, source, shape.target());
        this.reachable = graph.reach(Arrays.stream(shape.forwardSeeds()).boxed().toList(), true);
        this.reachesEnd = graph.reach(Arrays.stream(shape.backwardSeeds()).boxed().toList(), false);
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
        this.uncontrolledCycles = uncontrolled(cycles, loop).stream().map(Collections::unmodifiableSet).toList();
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

    Digraph graph() {
        return graph;
    }

    IntPredicate withoutLoops() {
        return withoutLoops;
    }

    boolean reachable(int vertex) {
        return reachable[vertex];
    }

    boolean reachesEnd(int vertex) {
        return reachesEnd[vertex];
    }

    int component(int vertex) {
        return component[vertex];
    }

    boolean isCyclic(int component) {
        return cyclic[component];
    }

    int position(int component) {
        return order[component];
    }

    int[] componentSuccessors(int component) {
        return componentSuccessors[component];
    }

    int componentCount() {
        return cyclic.length;
    }

    List<Set<Integer>> uncontrolledCycles() {
        return uncontrolledCycles;
    }
}

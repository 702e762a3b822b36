package dev.flow.check;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * Names one concrete cycle of a strongly connected component: the shortest one through a given
 * vertex, by breadth-first search inside the component. O(vertices + edges of the component), so
 * reporting every cyclic component of a graph stays linear; simple cycles, of which a graph may
 * hold exponentially many, are never enumerated.
 */
final class CycleFinder {
    private CycleFinder() {}

    /**
     * The edges of a shortest cycle through {@code from} that uses only edges {@code usable}
     * accepts and stays inside {@code component}, in order from {@code from}; empty when there is
     * none (a single vertex without a self-loop).
     */
    static List<Integer> shortestCycle(Digraph graph, IntPredicate usable, Set<Integer> component, int from) {
        Map<Integer, Integer> reachedBy = new HashMap<>();
        var queue = new ArrayDeque<Integer>();
        queue.add(from);
        while (!queue.isEmpty()) {
            int vertex = queue.poll();
            for (int edge : graph.outgoing(vertex)) {
                if (!usable.test(edge)) {
                    continue;
                }
                int next = graph.target(edge);
                if (next == from) {
                    return pathTo(graph, reachedBy, vertex, from, edge);
                }
                if (component.contains(next) && !reachedBy.containsKey(next)) {
                    reachedBy.put(next, edge);
                    queue.add(next);
                }
            }
        }
        return List.of();
    }

    private static List<Integer> pathTo(Digraph graph, Map<Integer, Integer> reachedBy, int last, int from, int closing) {
        var edges = new ArrayList<Integer>();
        edges.add(closing);
        for (int v = last; v != from; v = graph.source(reachedBy.get(v))) {
            edges.add(reachedBy.get(v));
        }
        Collections.reverse(edges);
        return edges;
    }
}

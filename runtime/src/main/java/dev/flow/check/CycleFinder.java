package dev.flow.check;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jgrapht.Graph;

/**
 * Names one concrete cycle of a strongly connected component: the shortest one through a given
 * vertex, by breadth-first search inside the component. O(vertices + edges of the component), so
 * reporting every cyclic component of a graph stays linear; simple cycles, of which a graph may
 * hold exponentially many, are never enumerated.
 */
final class CycleFinder {
    private CycleFinder() {}

    /**
     * The edges of a shortest cycle through {@code from} that stays inside {@code component}, in
     * order from {@code from}; empty when there is none (a single vertex without a self-loop).
     */
    static <V, E> List<E> shortestCycle(Graph<V, E> graph, Set<V> component, V from) {
        Map<V, E> reachedBy = new HashMap<>();
        var queue = new ArrayDeque<V>();
        queue.add(from);
        while (!queue.isEmpty()) {
            V vertex = queue.poll();
            for (E edge : graph.outgoingEdgesOf(vertex)) {
                V next = graph.getEdgeTarget(edge);
                if (next.equals(from)) {
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

    private static <V, E> List<E> pathTo(Graph<V, E> graph, Map<V, E> reachedBy, V last, V from, E closing) {
        var edges = new ArrayList<E>();
        edges.add(closing);
        for (V v = last; !v.equals(from); v = graph.getEdgeSource(reachedBy.get(v))) {
            edges.add(reachedBy.get(v));
        }
        Collections.reverse(edges);
        return edges;
    }
}

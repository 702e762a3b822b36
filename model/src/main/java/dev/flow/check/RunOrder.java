package dev.flow.check;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Answers "can node X have run by the time node P is evaluated?" (FLOW404): X can, when it is P
 * itself and P counts as run, or when some path of flow edges leads from X to P (loops included: on
 * a later round X may have run before).
 *
 * <p>Most questions are decided in O(1) from the strongly connected components and the
 * topological order of their condensation: nodes of one component reach each other, and a
 * component never reaches one earlier in the order. The rest search the condensation depth-first
 * from X, never entering a component ordered after P's, and remember the answer per pair of
 * components, so that the many reads of one node at one place cost one search.
 */
final class RunOrder {
    private final WorkflowIndex index;
    private final FlowAnalysis flow;
    private final Map<Long, Boolean> answers = new HashMap<>();
    private final int[] visited;
    private int stamp;

    RunOrder(WorkflowIndex index) {
        this.index = index;
        this.flow = index.flow();
        this.visited = new int[flow.componentCount()];
    }

    /**
     * Whether {@code node} can have run when {@code point} is evaluated.
     *
     * @param inclusive whether {@code point} itself has run by then
     */
    boolean canHaveRun(String node, String point, boolean inclusive) {
        int x = index.number(node, -1);
        int p = index.number(point, -1);
        if (x < 0 || p < 0) {
            return true; // unknown nodes are reported elsewhere
        }
        int cx = flow.component(x);
        int cp = flow.component(p);
        if (x == p) {
            return inclusive || flow.isCyclic(cp);
        }
        if (cx == cp) {
            return true;
        }
        if (flow.position(cx) > flow.position(cp)) {
            return false;
        }
        return answers.computeIfAbsent(((long) cx << 32) | cp, k -> reaches(cx, cp));
    }

    /** Depth-first search of the condensation from {@code from}, pruned by the topological order. */
    private boolean reaches(int from, int target) {
        stamp++;
        int limit = flow.position(target);
        var stack = new ArrayDeque<Integer>();
        stack.push(from);
        visited[from] = stamp;
        while (!stack.isEmpty()) {
            int c = stack.pop();
            for (int next : flow.componentSuccessors(c)) {
                if (next == target) {
                    return true;
                }
                if (visited[next] != stamp && flow.position(next) < limit) {
                    visited[next] = stamp;
                    stack.push(next);
                }
            }
        }
        return false;
    }
}

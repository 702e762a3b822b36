package dev.flow.check;

import dev.flow.diagnostic.Code;
import dev.flow.model.Edge;
import dev.flow.model.Isolation;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * FLOW318: isolated tasks that may run at the same time apply their changes to the same repository
 * (a workflow has one target), so the second to apply may conflict; one of them with no edge for
 * {@code conflict} then fails, and an edge without a condition does not take a conflict (it is the
 * way on for a change that was applied).
 *
 * <p>Two tasks may run at the same time when a fan-out (a parallel node, or a node with two or more
 * edges without a condition) starts them on different branches: each is reached from one branch and
 * not from the others (a node that several branches reach comes after they meet). Loop edges are not
 * followed. Nothing is reported under {@code max parallel 1}. The work is one breadth-first search
 * per branch of each fan-out, done only when a workflow has two isolated tasks or more.
 */
final class ConflictRules {
    private ConflictRules() {}

    /** FLOW318: isolated tasks that may run beside another and have no edge for {@code conflict}. */
    static void unhandledConflicts(WorkflowIndex w, Report out) {
        if (w.workflow().config().maxParallel() < 2) {
            return;
        }
        var isolated = new LinkedHashSet<Integer>();
        for (Node node : w.nodes()) {
            if (node.isIsolatedTask()) {
                isolated.add(w.number(node.id(), -1));
            }
        }
        isolated.remove(-1);
        if (isolated.size() < 2) {
            return;
        }
        Map<Integer, Integer> partners = partners(w, isolated);
        for (Node node : w.nodes()) {
            Integer partner = partners.get(w.number(node.id(), -1));
            List<Edge> edges = w.edgesFrom(node.id());
            if (partner == null || edges.isEmpty() || edges.stream().anyMatch(e -> OutputRules.mayTake(e, node, Isolation.CONFLICT_OUTPUT))) {
                continue;
            }
            boolean unconditioned = edges.stream().anyMatch(e -> e.condition() == null);
            out.add(Code.UNHANDLED_CONFLICT, w.sourceOf(node.id()), "isolated tasks " + Messages.q(node.id()) + " and "
                    + Messages.q(w.id(partner)) + " may run at the same time and apply their changes to the same repository; when they conflict, "
                    + Messages.q(node.id()) + " fails" + (unconditioned ? " (an edge without a condition does not take a conflict)" : "")
                    + "; handle it with an edge, e.g. " + node.id() + " -> NEXT when conflict");
        }
    }

    /** Each isolated task that may run beside another, with the first such other one (in declaration order). */
    private static Map<Integer, Integer> partners(WorkflowIndex w, Set<Integer> isolated) {
        var partners = new HashMap<Integer, Integer>();
        for (Node node : w.nodes()) {
            List<Integer> branches = fanOut(w, node);
            if (branches.size() < 2) {
                continue;
            }
            int self = w.number(node.id(), -1);
            var reachedBy = new HashMap<Integer, Integer>(); // node -> the one branch that reaches it, or -1 for several
            for (int i = 0; i < branches.size(); i++) {
                for (int v : reach(w, branches.get(i), self)) {
                    reachedBy.merge(v, i, (a, b) -> a.equals(b) ? a : -1);
                }
            }
            var byBranch = new HashMap<Integer, List<Integer>>();
            for (int task : isolated) {
                Integer branch = reachedBy.get(task);
                if (branch != null && branch >= 0) {
                    byBranch.computeIfAbsent(branch, b -> new ArrayList<>()).add(task);
                }
            }
            for (var entry : byBranch.entrySet()) {
                for (var other : byBranch.entrySet()) {
                    if (!other.getKey().equals(entry.getKey())) {
                        int first = other.getValue().stream().min(Integer::compare).orElseThrow();
                        entry.getValue().forEach(t -> partners.merge(t, first, Math::min));
                    }
                }
            }
        }
        return partners;
    }

    /** The nodes a fan-out starts at once: a parallel node's branches, or the targets of two or more edges without a condition. */
    private static List<Integer> fanOut(WorkflowIndex w, Node node) {
        var targets = new LinkedHashSet<String>();
        for (Edge e : w.edgesFrom(node.id())) {
            if (w.isFlowEdge(e) && !e.isLoop() && !e.onLimitReached() && (e.condition() == null || node.spec() instanceof NodeSpec.Parallel)) {
                targets.add(w.to(e));
            }
        }
        if (node.spec() instanceof NodeSpec.Parallel p && !p.branches().isEmpty()) {
            targets.retainAll(p.branches().stream().map(b -> b.name()).toList());
        }
        targets.remove(node.id());
        return targets.stream().map(t -> w.number(t, -1)).filter(n -> n >= 0).toList();
    }

    /** What {@code from} leads to without loop edges and without passing {@code fanOut} again, {@code from} included. */
    private static Set<Integer> reach(WorkflowIndex w, int from, int fanOut) {
        Digraph graph = w.flow().graph();
        List<Edge> edges = w.workflow().edges();
        var seen = new LinkedHashSet<Integer>(List.of(from));
        var queue = new ArrayDeque<>(List.of(from));
        while (!queue.isEmpty()) {
            int v = queue.poll();
            for (int edge : graph.outgoing(v)) {
                if (edge >= edges.size() || edges.get(edge).isLoop()) {
                    continue; // escalations and loops go back, not on
                }
                int next = graph.target(edge);
                if (next != fanOut && seen.add(next)) {
                    queue.add(next);
                }
            }
        }
        return seen;
    }
}

package dev.flow.check;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.Edge;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeKind;
import dev.flow.model.NodeSpec;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** FLOW308, FLOW309, FLOW310, FLOW314: parallel nodes fan out to their successors, and merges join their predecessors. */
final class JoinRules {
    private JoinRules() {}

    /**
     * FLOW308: merges that only one node leads into. A merge that nothing leads into is unreachable,
     * which FLOW303 says at the same place.
     */
    static void mergesWithTooFewInputs(WorkflowIndex w, Report out) {
        for (Node node : w.nodes()) {
            if (node.kind() == NodeKind.MERGE) {
                Set<String> sources = predecessors(w, node);
                if (sources.size() == 1) {
                    out.add(Code.MERGE_TOO_FEW_INPUTS, node.source(), "merge " + Messages.q(node.id()) + " has only one incoming branch, from "
                            + Messages.list(sources) + "; a merge joins two or more, so add the edges it should join or make it a plain node");
                }
            }
        }
    }

    /** FLOW310: merge wait lists that name a node with no edge into the merge. */
    static void joinMismatches(WorkflowIndex w, Report out) {
        for (Node node : w.nodes()) {
            if (node.spec() instanceof NodeSpec.Merge merge) {
                Set<String> sources = predecessors(w, node);
                for (NameRef waited : merge.waitFor()) {
                    if (w.isKnown(waited.name()) && !sources.contains(waited.name())) {
                        var suggestions = NameSuggester.suggest(waited.name(), sources);
                        out.add(Diagnostic.of(Code.JOIN_MISMATCH, "merge " + Messages.q(node.id()) + " waits for " + Messages.q(waited.name())
                                + ", which has no edge into it" + (suggestions.isEmpty()
                                        ? "; add " + waited.name() + " -> " + node.id() + ", or wait for one of its inputs"
                                        : Messages.hint(suggestions)),
                                Report.at(waited.source(), node.source()))
                                .withSuggestions(suggestions)
                                .withRelated(List.of(new Diagnostic.Related(w.sourceOf(waited.name()), "the node waited for"))));
                    }
                }
            }
        }
    }

    /** FLOW314: parallel branch lists that name a node no edge from the parallel node reaches. */
    static void parallelBranchesNotSuccessors(WorkflowIndex w, Report out) {
        for (Node node : w.nodes()) {
            if (node.spec() instanceof NodeSpec.Parallel parallel) {
                Set<String> targets = successors(w, node);
                for (NameRef branch : parallel.branches()) {
                    if (w.isKnown(branch.name()) && !targets.contains(branch.name())) {
                        var suggestions = NameSuggester.suggest(branch.name(), targets);
                        out.add(Diagnostic.of(Code.PARALLEL_BRANCH_NOT_SUCCESSOR, "parallel " + Messages.q(node.id()) + " lists branch "
                                + Messages.q(branch.name()) + ", but no edge leads from " + Messages.q(node.id()) + " to it"
                                + (suggestions.isEmpty() ? "; add " + node.id() + " -> " + branch.name() + ", or remove it from the branches"
                                        : Messages.hint(suggestions)),
                                Report.at(branch.source(), node.source())).withSuggestions(suggestions));
                    }
                }
            }
        }
    }

    /**
     * FLOW309: parallel nodes whose branches reach no merge in common.
     *
     * <p>One breadth-first search per branch, interleaved, over nodes from which some merge can be
     * reached at all (a single backward search from every merge finds those). The search stops at
     * the first node every branch reaches: from there a merge is reachable, so all branches meet.
     * Typically that is the nearest join, and the cost is the region between the fork and it; at
     * worst O(branches x (nodes + edges)) for a parallel node whose branches never meet.
     */
    static void unjoinedParallels(WorkflowIndex w, Report out) {
        boolean[] leadsToMerge = null;
        for (Node node : w.nodes()) {
            if (!(node.spec() instanceof NodeSpec.Parallel parallel)) {
                continue;
            }
            List<Integer> branches = branches(w, node, parallel);
            if (branches.size() < 2) {
                continue;
            }
            if (leadsToMerge == null) {
                leadsToMerge = leadsToMerge(w);
            }
            if (!meet(w, branches, leadsToMerge)) {
                var names = branches.stream().map(w::id).toList();
                out.add(Code.UNJOINED_PARALLEL, node.source(), "the branches of parallel " + Messages.q(node.id()) + " (" + Messages.list(names)
                        + ") never meet at a merge; add a merge that they all lead to");
            }
        }
    }

    /**
     * The branches a parallel node starts: those it lists, or every successor. A listed node that
     * no edge from the parallel node reaches is no branch (FLOW314 reports it), so it does not
     * count here either.
     */
    private static List<Integer> branches(WorkflowIndex w, Node node, NodeSpec.Parallel parallel) {
        var names = new LinkedHashSet<String>();
        Set<String> successors = successors(w, node);
        if (parallel.branches().isEmpty()) {
            names.addAll(successors);
        } else {
            parallel.branches().stream().map(NameRef::name).filter(successors::contains).forEach(names::add);
        }
        var numbers = new ArrayList<Integer>();
        for (String name : names) {
            int n = w.number(name, -1);
            if (n >= 0) {
                numbers.add(n);
            }
        }
        return numbers;
    }

    private static boolean[] leadsToMerge(WorkflowIndex w) {
        var merges = new ArrayList<Integer>();
        for (Node node : w.nodes()) {
            if (node.kind() == NodeKind.MERGE) {
                merges.add(w.number(node.id(), -1));
            }
        }
        return w.flow().graph().reach(merges, false);
    }

    private static boolean meet(WorkflowIndex w, List<Integer> branches, boolean[] leadsToMerge) {
        int k = branches.size();
        Digraph graph = w.flow().graph();
        var seen = new ArrayList<Set<Integer>>();
        var queues = new ArrayList<ArrayDeque<Integer>>();
        Map<Integer, Integer> reachedBy = new HashMap<>();
        for (int b : branches) {
            if (!leadsToMerge[b]) {
                return false;
            }
            seen.add(new HashSet<>(Set.of(b)));
            queues.add(new ArrayDeque<>(List.of(b)));
            if (reachedBy.merge(b, 1, Integer::sum) == k) {
                return true;
            }
        }
        boolean moved = true;
        while (moved) {
            moved = false;
            for (int i = 0; i < k; i++) {
                Integer v = queues.get(i).poll();
                if (v == null) {
                    continue;
                }
                moved = true;
                for (int edge : graph.outgoing(v)) {
                    int next = graph.target(edge);
                    if (leadsToMerge[next] && seen.get(i).add(next)) {
                        if (reachedBy.merge(next, 1, Integer::sum) == k) {
                            return true;
                        }
                        queues.get(i).add(next);
                    }
                }
            }
        }
        return false;
    }

    private static Set<String> predecessors(WorkflowIndex w, Node node) {
        var sources = new LinkedHashSet<String>();
        for (Edge edge : w.edgesTo(node.id())) {
            sources.add(w.from(edge));
        }
        return sources;
    }

    private static Set<String> successors(WorkflowIndex w, Node node) {
        var targets = new LinkedHashSet<String>();
        for (Edge edge : w.edgesFrom(node.id())) {
            targets.add(w.to(edge));
        }
        return targets;
    }
}

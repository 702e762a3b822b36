package dev.flow.yaml.supervisor;

import dev.flow.model.Expr;
import dev.flow.model.LoopControl;
import dev.flow.model.NameRef;
import dev.flow.yaml.graph.EdgeDraft;
import dev.flow.yaml.read.Located;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What dialect 1's branches and loop edges mean for the edges:
 * <ul>
 *   <li>an edge with {@code is_loop_edge: true} gets loop control, limited by the
 *       {@code max_iterations} of the branch it leaves, else by {@link #DEFAULT_LOOP_LIMIT} (the
 *       schema's default for {@code max_iterations});
 *   <li>a branch's {@code on_true}/{@code on_false} target that no written edge from the branch
 *       enters gets an edge taken on that output ({@code any(on_true)});
 *   <li>a branch with a written {@code max_iterations} but no loop edge puts its limit on its
 *       {@code on_false} edge, the way back in the supervisor's retry loops.
 * </ul>
 */
final class BranchRules {
    /** The schema's default {@code max_iterations} of a branch condition. */
    static final int DEFAULT_LOOP_LIMIT = 10;

    private BranchRules() {}

    /** The written edges with their loop control, and the edges the branches imply, in node order. */
    record Result(List<SupervisorEdges.EdgeRead> written, List<EdgeDraft> implied) {}

    static Result apply(List<NodeDraft> nodes, List<SupervisorEdges.EdgeRead> edges) {
        Map<String, NodeDraft.Branch> branches = new HashMap<>();
        nodes.forEach(n -> n.branch().ifPresent(b -> branches.putIfAbsent(n.id(), b)));
        var written = new ArrayList<SupervisorEdges.EdgeRead>(edges.size());
        for (var e : edges) {
            if (e.isLoop()) {
                var limit = Optional.ofNullable(branches.get(e.from())).flatMap(NodeDraft.Branch::maxIterations);
                var control = limit.map(BranchRules::control)
                        .orElse(new LoopControl(DEFAULT_LOOP_LIMIT, e.loopFlag().orElseThrow().source()));
                written.add(e.withDraft(e.draft().withLoop(control)));
            } else {
                written.add(e);
            }
        }
        Map<String, List<Integer>> leaving = new HashMap<>();
        for (int i = 0; i < written.size(); i++) {
            leaving.computeIfAbsent(written.get(i).from(), k -> new ArrayList<>()).add(i);
        }
        var implied = new ArrayList<EdgeDraft>();
        for (NodeDraft node : nodes) {
            if (node.branch().isEmpty()) {
                continue;
            }
            NodeDraft.Branch b = node.branch().get();
            List<Integer> fromBranchAt = leaving.getOrDefault(node.id(), List.of());
            var fromBranch = fromBranchAt.stream().map(written::get).toList();
            Optional<Integer> impliedOnFalse = Optional.empty();
            if (b.onTrue().isPresent() && !entered(fromBranch, b.onTrue().get())) {
                implied.add(impliedEdge(node.id(), b.onTrue().get()));
            }
            if (b.onFalse().isPresent() && !entered(fromBranch, b.onFalse().get())) {
                impliedOnFalse = Optional.of(implied.size());
                implied.add(impliedEdge(node.id(), b.onFalse().get()));
            }
            boolean hasLoopEdge = fromBranch.stream().anyMatch(SupervisorEdges.EdgeRead::isLoop);
            if (!hasLoopEdge && b.maxIterations().isPresent() && b.onFalse().isPresent()) {
                LoopControl control = control(b.maxIterations().get());
                String back = b.onFalse().get().target().value();
                var onFalseAt = fromBranchAt.stream().filter(i -> written.get(i).to().equals(back)).toList();
                if (!onFalseAt.isEmpty()) {
                    int chosen = onFalseAt.stream()
                            .filter(i -> written.get(i).condition().map(c -> c.testsOutcome("on_false")).orElse(false))
                            .findFirst().orElse(onFalseAt.get(0));
                    var edge = written.get(chosen);
                    written.set(chosen, edge.withDraft(edge.draft().withLoop(control)));
                } else if (impliedOnFalse.isPresent()) {
                    int i = impliedOnFalse.get();
                    implied.set(i, implied.get(i).withLoop(control));
                }
            }
        }
        return new Result(written, implied);
    }

    /** Whether a written edge from the branch already enters the outcome's target. */
    private static boolean entered(List<SupervisorEdges.EdgeRead> fromBranch, NodeDraft.Outcome outcome) {
        return fromBranch.stream().anyMatch(e -> e.to().equals(outcome.target().value()));
    }

    private static EdgeDraft impliedEdge(String branch, NodeDraft.Outcome outcome) {
        Located<String> name = outcome.name();
        var test = new Expr.OutputTest(Expr.Quantifier.ANY, List.of(name.toNameRef()), name.source());
        return EdgeDraft.of(new NameRef(branch, name.source()), outcome.target().toNameRef(), test, outcome.span());
    }

    private static LoopControl control(Located<Long> max) {
        long v = max.value();
        int limit = (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v));
        return new LoopControl(limit, max.source());
    }
}

package dev.flow.engine.step;

import dev.flow.model.Edge;
import dev.flow.model.WaitMode;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/**
 * Decides whether a pending node can run, must be skipped, or waits. A node that waits for any input
 * runs on the first edge taken into it; one that waits for all (merges, by default) runs once every
 * edge it joins is decided and at least one was taken. When every such edge is decided and none was
 * taken, the node is skipped, and so on down the graph: this skip propagation is what keeps a merge
 * after a branch from waiting forever for the branch that did not run.
 */
final class Readiness {
    private final Step step;

    Readiness(Step step) {
        this.step = step;
    }

    void arrive(RunContext ctx, String nodeId) {
        if (!ctx.isLive()) {
            return;
        }
        NodeRow row = step.node(ctx, nodeId);
        if (row.status() != NodeStatus.PENDING) {
            return;
        }
        List<Edge> incoming = ctx.graph.joinIncoming(nodeId);
        if (incoming.isEmpty()) {
            return;
        }
        WaitMode mode = ctx.graph.mode(nodeId);
        if (mode == WaitMode.ALL && anyUndecided(ctx, nodeId, incoming)) {
            return; // neither runs nor is skipped while an edge it joins is open
        }
        var taken = new ArrayList<Edge>();
        boolean allDecided = true;
        for (Edge e : incoming) {
            switch (Decision.of(step, ctx, e)) {
                case TAKEN -> taken.add(e);
                case UNDECIDED -> allDecided = false;
                case NOT_TAKEN -> {}
            }
        }
        boolean run = mode == WaitMode.ALL ? allDecided && !taken.isEmpty() : !taken.isEmpty();
        if (run) {
            if (mode == WaitMode.FIRST) {
                cancelOthers(ctx, incoming, taken);
            }
            step.entering.enter(ctx, nodeId, Mappings.evaluate(step, ctx, taken));
        } else if (allDecided) {
            skip(ctx, row);
        }
    }

    /**
     * Whether an edge into a node that waits for all is still undecided. The search starts at the
     * edge found open last time ({@link EngineCore#joinHint}) and goes round: while branches finish,
     * each arrival at a merge of W branches then looks at a row or two rather than all W. The rows
     * are read in groups of 8, 16, 32... sources from there, each group in one query (rows this
     * transaction or this connection already holds cost none), so that an arrival costs one query,
     * the last one a few, and the whole fan-out reads each branch's row a bounded number of times.
     * Where it starts changes no answer.
     */
    private boolean anyUndecided(RunContext ctx, String nodeId, List<Edge> incoming) {
        int n = incoming.size();
        int from = Math.floorMod(step.core.joinHint(ctx.id(), nodeId), n);
        int group = 8;
        for (int k = 0; k < n; group *= 2) {
            int upto = Math.min(n, k + group);
            var sources = new ArrayList<String>(upto - k);
            for (int j = k; j < upto; j++) {
                sources.add(incoming.get((from + j) % n).from().name());
            }
            step.load(ctx, sources);
            for (; k < upto; k++) {
                int i = (from + k) % n;
                if (Decision.of(step, ctx, incoming.get(i)) == Decision.UNDECIDED) {
                    step.core.joinHint(ctx.id(), nodeId, i);
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * A node that waits for the first branch takes the others out of play: walking back from the
     * edges it no longer waits for (over forward edges, stopping at nodes that have finished), every
     * node still ready, running or waiting is cancelled and every node not yet reached is skipped,
     * so that nothing of a losing branch runs on. Their successors elsewhere are skipped in turn.
     */
    private void cancelOthers(RunContext ctx, List<Edge> incoming, List<Edge> taken) {
        String winner = incoming.isEmpty() ? null : incoming.get(0).to().name();
        String why = "cancelled: another branch reached \"" + winner + "\" first";
        var seen = new HashSet<String>();
        var queue = new ArrayDeque<String>();
        for (Edge e : incoming) {
            if (!taken.contains(e) && seen.add(e.from().name())) {
                queue.add(e.from().name());
            }
        }
        while (!queue.isEmpty()) {
            String id = queue.poll();
            NodeRow row = step.node(ctx, id);
            switch (row.status()) {
                case READY, RUNNING, WAITING -> {
                    step.lifecycle.cancel(ctx, row, why);
                    step.routing.decideNone(ctx, step.node(ctx, id));
                }
                case PENDING -> skip(ctx, row);
                default -> {
                    continue; // finished: what led to it is decided too
                }
            }
            for (Edge e : ctx.graph.forwardIncoming(id)) {
                if (seen.add(e.from().name())) {
                    queue.add(e.from().name());
                }
            }
        }
    }

    void skip(RunContext ctx, NodeRow row) {
        var b = row.toBuilder();
        b.status(NodeStatus.SKIPPED);
        b.taken("");
        b.finishedAt(step.now);
        NodeRow skipped = b.build();
        step.put(ctx, skipped);
        step.event(ctx, "node_skipped", row.nodeId(), null);
        step.routing.decideNone(ctx, skipped);
    }
}

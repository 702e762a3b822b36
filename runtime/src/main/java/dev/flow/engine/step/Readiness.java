package dev.flow.engine.step;

import dev.flow.model.Edge;
import dev.flow.model.WaitMode;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decides whether a pending node can run, must be skipped, or waits. A node that waits for any input
 * runs on the first edge taken into it; one that waits for all (merges, by default) runs once every
 * edge it joins is decided and at least one was taken. When every such edge is decided and none was
 * taken, the node is skipped, and so on down the graph: this skip propagation is what keeps a merge
 * after a branch from waiting forever for the branch that did not run.
 */
final class Readiness {
    /** How many sources the search of a merge's open edge reads first. */
    private static final int FIRST_GROUP = 8;

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
     * each arrival at a merge of W branches then looks at a row or two rather than all W. Rows the
     * transaction has not read are read in groups of 8, 16, 32... sources from where the search
     * stands, each group in one query (rows this transaction or this connection already holds cost
     * none, and the result's transaction reads the first group ahead: {@link #withJoinReads}), so
     * that an arrival costs at most one query, the last one a few, and the whole fan-out reads each
     * branch's row a bounded number of times. Where it starts changes no answer.
     */
    private boolean anyUndecided(RunContext ctx, String nodeId, List<Edge> incoming) {
        int n = incoming.size();
        int from = Math.floorMod(step.core.joinHint(ctx.id(), nodeId), n);
        int group = FIRST_GROUP;
        for (int k = 0; k < n; k++) {
            int i = (from + k) % n;
            if (!step.holds(ctx, incoming.get(i).from().name())) {
                step.load(ctx, sources(incoming, i, Math.min(group, n - k)));
                group *= 2;
            }
            if (Decision.of(step, ctx, incoming.get(i)) == Decision.UNDECIDED) {
                step.core.joinHint(ctx.id(), nodeId, i);
                return true;
            }
        }
        return false;
    }

    /** The nodes {@code count} edges of {@code incoming} come from, starting at edge {@code from} and going round. */
    private static List<String> sources(List<Edge> incoming, int from, int count) {
        var sources = new ArrayList<String>(count);
        for (int j = 0; j < count; j++) {
            sources.add(incoming.get((from + j) % incoming.size()).from().name());
        }
        return sources;
    }

    /** The successors of a node that wait for all of several edges, with the edges each waits for. */
    static Map<String, List<Edge>> joins(RunContext ctx, String nodeId) {
        Map<String, List<Edge>> joins = Map.of();
        for (Edge e : ctx.graph.outgoing(nodeId)) {
            String to = e.to().name();
            List<Edge> incoming = ctx.graph.joinIncoming(to);
            if (incoming.size() > 1 && ctx.graph.mode(to) == WaitMode.ALL) {
                joins = joins.isEmpty() ? new LinkedHashMap<>() : joins;
                joins.put(to, incoming);
            }
        }
        return joins;
    }

    /**
     * A result's reads with, for each merge it reaches, the first group of rows that merge's search
     * for an open edge will look at (from where it found one last time): read with the rest, in the
     * request that locks the run on a server, they spare the arrival its own round trip.
     */
    static List<String> withJoinReads(EngineCore core, String executionId, List<String> reads, Map<String, List<Edge>> joins) {
        if (joins.isEmpty()) {
            return reads;
        }
        var all = new ArrayList<String>(reads);
        for (var join : joins.entrySet()) {
            List<Edge> incoming = join.getValue();
            int from = Math.floorMod(core.joinHint(executionId, join.getKey()), incoming.size());
            for (String source : sources(incoming, from, Math.min(FIRST_GROUP, incoming.size()))) {
                if (!all.contains(source)) {
                    all.add(source);
                }
            }
        }
        return all;
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

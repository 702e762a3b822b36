package dev.flow.engine.step;

import dev.flow.model.Edge;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import dev.flow.store.RunRow;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;

/**
 * Starts a new pass of a loop body: each body node's finished run is archived in the run history,
 * and the node goes back to pending with its iteration one higher (keeping its latest output, which
 * later nodes may still read). Work still running in the body is cancelled; questions still open
 * are withdrawn. Nodes after the body that were skipped because of its last pass become pending
 * again, since the new pass may take them.
 */
final class LoopReset {
    private final Step step;

    LoopReset(Step step) {
        this.step = step;
    }

    void reset(RunContext ctx, Edge loop) {
        Set<String> body = ctx.graph.body(loop);
        for (String id : body) {
            renew(ctx, id);
        }
        var seen = new HashSet<>(body);
        var queue = new ArrayDeque<>(body);
        while (!queue.isEmpty()) {
            String id = queue.poll();
            for (Edge e : ctx.graph.outgoing(id)) {
                String to = e.to().name();
                if (seen.add(to) && step.node(ctx, to).status() == NodeStatus.SKIPPED) {
                    renew(ctx, to);
                    queue.add(to);
                }
            }
        }
    }

    /**
     * Starts a new pass of one node: its finished run archived, pending again with its iteration one
     * higher; work in progress cancelled. Also for a node that runs again outside a loop (a planner's
     * join node waiting for more, an escalation node handling another failure).
     */
    void renew(RunContext ctx, String id) {
        NodeRow row = step.node(ctx, id);
        if (row.status() == NodeStatus.PENDING && row.taken() == null) {
            return; // not reached in this pass
        }
        if (row.status() == NodeStatus.RUNNING || row.status() == NodeStatus.WAITING || row.status() == NodeStatus.READY) {
            step.lifecycle.cancel(ctx, row, "cancelled: its loop started a new pass");
            row = step.node(ctx, id);
        }
        if (row.startedAt() != null && (row.status() == NodeStatus.COMPLETED || row.status() == NodeStatus.FAILED
                || row.status() == NodeStatus.SKIPPED)) {
            step.tx.runs().insert(RunRow.of(row));
        }
        step.put(ctx, nextPass(row, null));
    }

    /** The row of a node's next pass: pending, its iteration one higher, attempt 1, handed {@code inputJson}, nothing of its last run. */
    static NodeRow nextPass(NodeRow row, String inputJson) {
        var b = row.toBuilder();
        b.status(NodeStatus.PENDING);
        b.iteration(row.iteration() + 1);
        b.attempt(1);
        b.taken(null);
        b.inputJson(inputJson);
        b.error(null);
        b.errorClass(null);
        b.cost(null);
        b.leaseOwner(null);
        b.leaseExpires(null);
        b.readyAt(null);
        b.notBefore(null);
        b.startedAt(null);
        b.finishedAt(null);
        b.childId(null);
        b.enteredSeq(null);
        return b.build();
    }
}

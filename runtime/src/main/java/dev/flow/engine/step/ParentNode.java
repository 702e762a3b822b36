package dev.flow.engine.step;

import dev.flow.model.Edge;
import dev.flow.model.Node;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import dev.flow.store.RunRow;

/**
 * The node whose completion made a node ready, for {@code FLOW_PARENT_NODE_ID}: the source of the
 * edge taken into it. Worked out when the node is claimed, from what the database already holds:
 * a node becomes ready in the transaction that completes the source of the edge that lets it run,
 * so among the sources of its taken edges (and, on a later loop pass, of the loop edges into it,
 * whose earlier run the loop archived) the parent is the one that completed last, no later than the
 * node became ready. For a node that waits for all its inputs that is the last to arrive; for one
 * that waits for any, the first. The entry node of a child execution has as parent the subgraph
 * node of the parent execution that started it; the entry node of a top-level run has none.
 */
final class ParentNode {
    private ParentNode() {}

    /**
     * Where the parent is.
     *
     * @param executionId the execution the parent node belongs to: this one, or the parent
     *     execution for the entry node of a child
     * @param nodeId the parent node; null when there is none
     */
    record Parent(String executionId, String nodeId) {
        static final Parent NONE = new Parent(null, null);
    }

    static Parent of(Step step, RunContext ctx, NodeRow row) {
        long bound = readySince(step, row);
        String best = null;
        long bestAt = Long.MIN_VALUE;
        for (Edge e : ctx.graph.incoming(row.nodeId())) {
            long at = completedAt(step, ctx, e, row);
            if (at != Long.MIN_VALUE && at <= bound && at >= bestAt) {
                best = e.from().name();
                bestAt = at;
            }
        }
        if (best == null) {
            return Parent.NONE;
        }
        if (best.equals(Node.START_ID)) {
            var exec = ctx.loaded();
            return exec.parentId() == null ? Parent.NONE : new Parent(exec.parentId(), exec.parentNode());
        }
        return new Parent(ctx.id(), best);
    }

    /**
     * When the node became ready in this pass: a retry makes it ready again later, so then the start
     * of its first attempt of this pass stands in (no later than it became ready the first time but
     * one claim).
     */
    private static long readySince(Step step, NodeRow row) {
        long ready = row.readyAt() == null ? Long.MAX_VALUE : row.readyAt();
        if (row.attempt() > 1) {
            for (RunRow earlier : step.tx.runs().of(row.executionId(), row.nodeId())) {
                if (earlier.iteration() == row.iteration() && earlier.startedAt() != null) {
                    return Math.min(ready, earlier.startedAt());
                }
            }
        }
        return ready;
    }

    /** When the edge's source completed taking it into this pass of the node; MIN_VALUE when it did not. */
    private static long completedAt(Step step, RunContext ctx, Edge e, NodeRow row) {
        NodeRow source = step.node(ctx, e.from().name());
        boolean taken = Decision.of(step, ctx, e) == Decision.TAKEN;
        if (taken && source.status() == NodeStatus.COMPLETED && source.finishedAt() != null) {
            return source.finishedAt();
        }
        if (taken || ctx.graph.isReentry(e) && row.iteration() > 1) {
            // its source went round a loop (a loop edge, or a node whose taken edges fired as its body was reset):
            // the run that took the edge is archived
            return lastCompleted(step, ctx, source.nodeId());
        }
        return Long.MIN_VALUE;
    }

    private static long lastCompleted(Step step, RunContext ctx, String nodeId) {
        long latest = Long.MIN_VALUE;
        for (RunRow run : step.tx.runs().of(ctx.id(), nodeId)) {
            if (run.status() == NodeStatus.COMPLETED && run.finishedAt() != null) {
                latest = Math.max(latest, run.finishedAt());
            }
        }
        return latest;
    }
}

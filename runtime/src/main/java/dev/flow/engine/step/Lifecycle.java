package dev.flow.engine.step;

import dev.flow.model.Node;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import dev.flow.store.RequestRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How an execution ends. {@link #stop} records that it must end (end reached, a limit, a failure);
 * {@link #settle}, run at the end of every transaction that touched it, ends it once nothing runs,
 * or marks it waiting when only people can move it on, or fails it when nothing can run at all;
 * {@link #finish} makes it final, cancels what is left, and hands a child's result to its parent.
 */
final class Lifecycle {
    /** How the error of a node cancelled because its run ended begins: such a node never got to run. */
    static final String RUN_ENDED = "cancelled: the run ";

    private final Step step;

    Lifecycle(Step step) {
        this.step = step;
    }

    /** The execution must end with {@code status}; the first reason given wins. */
    void stop(RunContext ctx, ExecutionStatus status, String report) {
        if (!ctx.isLive()) {
            return;
        }
        report = step.core.reports.executionReport(report, ctx.id());
        ctx.stopping = status;
        ctx.report = report;
        ctx.changed = true;
        step.tags.add("stopping");
        if (status != ExecutionStatus.COMPLETED) {
            step.event(ctx, "stopping", null, Json.object("status", status.keyword(), "report", report));
        }
        if (status == ExecutionStatus.CANCELLED || (status == ExecutionStatus.FAILED && ctx.failFast())) {
            finish(ctx, status, report);
        }
    }

    void settle(RunContext ctx) {
        if (ctx.isFinal()) {
            return;
        }
        if (ctx.stopping != null) {
            if (ctx.running == 0) {
                finish(ctx, ctx.stopping, ctx.report);
            }
            return;
        }
        if (ctx.active > 0) {
            if (ctx.status == ExecutionStatus.WAITING) {
                ctx.status = ExecutionStatus.RUNNING;
            }
            return;
        }
        if (ctx.waiting > 0) {
            if (ctx.status != ExecutionStatus.WAITING) {
                ctx.status = ExecutionStatus.WAITING;
                step.event(ctx, "paused", null, null);
            }
            return;
        }
        finish(ctx, ExecutionStatus.FAILED, deadEnd(ctx));
    }

    /** Why a run with nothing left to do did not reach end. */
    private String deadEnd(RunContext ctx) {
        List<String> failed = failures(ctx);
        if (!failed.isEmpty()) {
            return String.join("; ", failed);
        }
        return "nothing is left to run and \"end\" was not reached: every path to it was skipped";
    }

    private List<String> failures(RunContext ctx) {
        step.flushNodes();
        var out = new ArrayList<String>();
        for (NodeRow stored : step.tx.nodes().all(ctx.id())) {
            NodeRow r = step.node(ctx, stored.nodeId());
            if (r.status() == NodeStatus.FAILED) {
                out.add("node \"" + r.nodeId() + "\" failed: " + r.error());
            }
        }
        return out;
    }

    /** Makes the execution final now. */
    void finish(RunContext ctx, ExecutionStatus status, String report) {
        if (ctx.isFinal()) {
            return;
        }
        ExecutionStatus end = status;
        String why = report;
        if (status == ExecutionStatus.COMPLETED && !ctx.failFast()) {
            List<String> failed = failures(ctx);
            if (!failed.isEmpty()) {
                end = ExecutionStatus.FAILED;
                why = "the run reached its end, but " + String.join("; ", failed);
            }
        }
        why = step.core.reports.executionReport(why, ctx.id());
        cancelLeftovers(ctx, end);
        ctx.status = end;
        ctx.stopping = null;
        ctx.report = why;
        ctx.finishedAt = step.now;
        ctx.changed = true;
        step.tags.add("finished");
        step.event(ctx, "execution_finished", null, Json.object("status", end.keyword(), "report", why));
        if (ctx.loaded().parentId() != null) {
            step.later(() -> childFinished(ctx));
        }
    }

    private void cancelLeftovers(RunContext ctx, ExecutionStatus end) {
        if (ctx.active == 0 && ctx.waiting == 0) {
            return; // the counters say nothing is ready, running or waiting: no need to look at every row
        }
        step.flushNodes();
        String why = RUN_ENDED + (end == ExecutionStatus.COMPLETED ? "completed" : "stopped (" + end.keyword() + ")");
        for (NodeRow stored : step.tx.nodes().all(ctx.id())) {
            NodeRow r = step.node(ctx, stored.nodeId());
            if (r.status() == NodeStatus.READY || r.status() == NodeStatus.RUNNING || r.status() == NodeStatus.WAITING) {
                cancel(ctx, r, why);
            }
        }
    }

    /**
     * Whether a skipped node was cancelled because its run ended, rather than skipped by the run's
     * own decisions (a branch not taken, a race lost, a person's skip): a fork runs such a node again.
     */
    static boolean endedWithRun(NodeRow r) {
        return r.status() == NodeStatus.SKIPPED && r.error() != null && r.error().startsWith(RUN_ENDED);
    }

    /** Takes a ready, running or waiting node out of play: its process is killed, its question withdrawn. */
    void cancel(RunContext ctx, NodeRow r, String why) {
        if (r.status() == NodeStatus.RUNNING) {
            step.cancelled.add(ctx.id() + "/" + r.nodeId());
            step.orphan(r);
        }
        if (r.status() == NodeStatus.WAITING) {
            step.tx.requests().pendingFor(ctx.id(), r.nodeId())
                    .ifPresent(q -> step.tx.requests().resolve(q.id(), RequestRow.CANCELLED, null, why, step.now));
            if (r.childId() != null) {
                RunContext child = step.run(r.childId());
                finish(child, ExecutionStatus.CANCELLED, "its parent's node \"" + r.nodeId() + "\" was " + why.replace("cancelled: ", "cancelled because "));
            }
        }
        var b = r.toBuilder();
        b.status(NodeStatus.SKIPPED);
        b.error(why);
        b.taken("");
        b.leaseOwner(null);
        b.leaseExpires(null);
        b.finishedAt(step.now);
        step.put(ctx, b.build());
        step.event(ctx, "node_cancelled", r.nodeId(), Json.object("was", r.status().keyword(), "reason", why));
    }

    /** A child execution ended: its subgraph node in the parent completes or fails. */
    private void childFinished(RunContext child) {
        RunContext parent = step.run(child.loaded().parentId());
        String nodeId = child.loaded().parentNode();
        NodeRow row = step.node(parent, nodeId);
        if (row.status() != NodeStatus.WAITING || !child.id().equals(row.childId())) {
            return; // the parent moved on (its loop was reset, it was cancelled)
        }
        Node node = parent.graph.node(nodeId);
        if (child.status == ExecutionStatus.COMPLETED) {
            var result = Subgraphs.mapOutputs(step, child, node);
            String output = Subgraphs.outputOf(node, result);
            result.put("output", output);
            result.putIfAbsent("summary", "subgraph \"" + child.loaded().workflowId() + "\" completed");
            step.completion.complete(parent, row, output, result, child.cost, Map.of());
        } else {
            step.completion.fail(parent, row, "subgraph \"" + child.loaded().workflowId() + "\" (execution " + child.id() + ") "
                    + child.status.keyword() + ": " + child.report, dev.flow.store.ErrorClass.LOGIC, child.cost);
        }
    }
}

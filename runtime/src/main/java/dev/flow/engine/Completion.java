package dev.flow.engine;

import dev.flow.engine.eval.EvalException;
import dev.flow.engine.eval.Evaluator;
import dev.flow.engine.eval.Values;
import dev.flow.engine.exec.Tails;
import dev.flow.model.Expr;
import dev.flow.model.Node;
import dev.flow.model.OutputHandler;
import dev.flow.model.RetryPolicy;
import dev.flow.model.StateUpdate;
import dev.flow.model.StateVariable;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import dev.flow.store.RunRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What happens when a node has a result: the state updates it reported and its {@code on} handlers
 * are applied, the result is stored, its cost counted, and its outgoing edges decided, all in the
 * same transaction. A failure is retried with backoff while the node's retry policy allows, and
 * otherwise fails the node, and the run at once when the workflow fails fast.
 */
final class Completion {
    private final Step step;

    Completion(Step step) {
        this.step = step;
    }

    /**
     * A worker's result for the node it claimed. Guarded: when the node is no longer the one claimed
     * (its loop started a new pass, its run stopped, its lease went to another worker) the result is
     * dropped and said so in the log.
     */
    void finishWork(Claim claim, dev.flow.engine.exec.Outcome outcome, boolean circuitOpened) {
        NodeRow held = claim.row();
        NodeRow stored = step.tx.nodes().get(held.executionId(), held.nodeId()).orElse(null);
        RunContext ctx = step.run(held.executionId());
        if (stored == null || stored.status() != NodeStatus.RUNNING || stored.iteration() != held.iteration()
                || stored.attempt() != held.attempt() || !java.util.Objects.equals(stored.leaseOwner(), held.leaseOwner())) {
            step.event(ctx, "result_dropped", held.nodeId(), Json.object("iteration", held.iteration(), "attempt", held.attempt(),
                    "reason", "the node moved on while it ran (" + (stored == null ? "gone" : stored.status().keyword()) + ")"));
            return;
        }
        step.assume(stored);
        if (circuitOpened) {
            step.event(ctx, "circuit_opened", held.nodeId(), Json.object("agent", CircuitBreaker.keyOf(ctx.graph.node(held.nodeId()))));
        }
        if (outcome.succeeded()) {
            complete(ctx, stored, outcome.output(), outcome.result(), outcome.cost(), outcome.state());
        } else {
            if (outcome.cost() > 0) {
                ctx.cost += outcome.cost();
            }
            fail(ctx, stored, outcome.error(), outcome.retryable(), outcome.result());
        }
    }

    void complete(RunContext ctx, NodeRow row, String output, Map<String, Object> result, double cost, Map<String, Object> reported) {
        Node node = ctx.graph.node(row.nodeId());
        var b = row.toBuilder();
        b.status = NodeStatus.COMPLETED;
        b.output = output;
        b.resultJson = step.core.results.encode(result, () -> step.core.runDir(ctx.id(), row.nodeId(), row.iteration(), row.attempt()));
        b.error = null;
        b.taken = null;
        b.leaseOwner = null;
        b.leaseExpires = null;
        b.notBefore = null;
        if (b.startedAt == null) {
            b.startedAt = step.now;
        }
        b.finishedAt = step.now;
        NodeRow done = b.build();
        step.put(ctx, done);
        String problem = applyReportedState(ctx, node, reported);
        if (problem == null) {
            problem = applyHandlers(ctx, node, output);
        }
        if (problem != null) {
            fail(ctx, done, problem, false, result);
            return;
        }
        String summary = result.get("summary") instanceof String s && !s.isEmpty() ? Tails.clip(s, 200) : null;
        step.event(ctx, "node_completed", row.nodeId(), Json.object("output", output, "summary", summary,
                "iteration", row.iteration() > 1 ? row.iteration() : null, "cost", cost > 0 ? cost : null));
        step.tags.add("completed");
        if (cost > 0) {
            ctx.cost += cost;
            ctx.changed = true;
            String limit = LimitGuard.costExceeded(ctx);
            if (limit != null) {
                step.lifecycle.stop(ctx, ExecutionStatus.LIMIT_REACHED, limit);
            }
        }
        if (!ctx.isLive()) {
            return;
        }
        if (step.humans.interruptAfter(ctx, done)) {
            return;
        }
        step.routing.decide(ctx, done);
        checkCompletion(ctx, node);
    }

    private String applyReportedState(RunContext ctx, Node node, Map<String, Object> reported) {
        for (var e : reported.entrySet()) {
            StateVariable v = ctx.variable(e.getKey());
            if (v == null) {
                step.event(ctx, "warning", node.id(), Json.object("message",
                        "the agent reported state \"" + e.getKey() + "\", which the workflow does not declare; ignored"));
                continue;
            }
            try {
                ctx.setState(v.name(), Values.coerce(e.getValue(), v.type()));
            } catch (EvalException ex) {
                return "the agent reported state \"" + v.name() + "\" of the wrong type: " + ex.getMessage();
            }
        }
        return null;
    }

    private String applyHandlers(RunContext ctx, Node node, String output) {
        for (OutputHandler h : node.onOutput()) {
            if (!h.output().name().equals(output)) {
                continue;
            }
            for (StateUpdate u : h.updates()) {
                String name = u.variable().name();
                try {
                    Object value = new Evaluator(new RunScope(step, ctx, node.id(), output, null)).eval(u.value());
                    StateVariable v = ctx.variable(name);
                    if (u.op() == StateUpdate.Op.APPEND) {
                        Object current = ctx.state().get(name);
                        var list = new ArrayList<Object>(current instanceof List<?> l ? l : List.of());
                        list.add(value);
                        value = list;
                    }
                    ctx.setState(name, v == null ? value : Values.convert(value, v.type()));
                } catch (EvalException ex) {
                    return "\"on " + output + (u.op() == StateUpdate.Op.SET ? " set " : " append to ") + name + "\": " + ex.getMessage();
                }
            }
        }
        return null;
    }

    private void checkCompletion(RunContext ctx, Node node) {
        List<Expr> conditions = ctx.graph.workflow().completion();
        if (conditions.isEmpty() || !ctx.isLive()) {
            return;
        }
        var evaluator = new Evaluator(RunScope.completion(step, ctx));
        for (Expr c : conditions) {
            try {
                if (evaluator.test(c)) {
                    step.lifecycle.stop(ctx, ExecutionStatus.COMPLETED, "a completion condition holds after node \"" + node.id() + "\"");
                    return;
                }
            } catch (EvalException ex) {
                step.event(ctx, "warning", node.id(), Json.object("message", "a completion condition cannot be evaluated: " + ex.getMessage()));
            }
        }
    }

    /** The node's work failed: retry it if its policy allows, else fail it. */
    void fail(RunContext ctx, NodeRow row, String error, boolean retryable, Map<String, Object> result) {
        error = step.core.reports.nodeError(error, ctx.id(), row.nodeId(), row.iteration(), row.attempt());
        Node node = ctx.graph.node(row.nodeId());
        RetryPolicy policy = node.retry();
        String resultJson = result.isEmpty() ? null
                : step.core.results.encode(result, () -> step.core.runDir(ctx.id(), row.nodeId(), row.iteration(), row.attempt()));
        if (retryable && policy != null && row.attempt() <= policy.maxRetries() && ctx.isLive()) {
            long delay = step.core.backoff.delayMillis(policy, row.attempt());
            step.tx.runs().insert(new RunRow(ctx.id(), row.nodeId(), row.iteration(), row.attempt(), NodeStatus.FAILED, null, resultJson,
                    error, row.startedAt(), step.now));
            var b = row.toBuilder();
            b.status = NodeStatus.READY;
            b.attempt = row.attempt() + 1;
            b.error = error;
            b.leaseOwner = null;
            b.leaseExpires = null;
            b.startedAt = null;
            b.finishedAt = null;
            b.readyAt = step.now;
            b.notBefore = step.now + delay;
            step.put(ctx, b.build());
            step.readied++;
            step.event(ctx, "node_retry", row.nodeId(), Json.object("attempt", row.attempt() + 1, "delay_ms", delay, "error", error));
            return;
        }
        var b = row.toBuilder();
        b.status = NodeStatus.FAILED;
        b.error = error;
        b.resultJson = resultJson != null ? resultJson : row.resultJson();
        b.taken = "";
        b.leaseOwner = null;
        b.leaseExpires = null;
        b.notBefore = null;
        b.finishedAt = step.now;
        NodeRow failed = b.build();
        step.put(ctx, failed);
        step.event(ctx, "node_failed", row.nodeId(), Json.object("error", error, "attempt", row.attempt()));
        step.tags.add("failed");
        if (ctx.failFast()) {
            step.lifecycle.stop(ctx, ExecutionStatus.FAILED, "node \"" + row.nodeId() + "\" failed: " + error);
            return;
        }
        step.routing.decideNone(ctx, failed);
    }
}

package dev.flow.engine.step;

import dev.flow.engine.eval.EvalException;
import dev.flow.engine.eval.Evaluator;
import dev.flow.engine.eval.Values;
import dev.flow.engine.exec.Tails;
import dev.flow.model.Edge;
import dev.flow.model.Escalation;
import dev.flow.model.Expr;
import dev.flow.model.Node;
import dev.flow.model.OutputHandler;
import dev.flow.model.RetryPolicy;
import dev.flow.model.StateUpdate;
import dev.flow.model.StateVariable;
import dev.flow.store.ErrorClass;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import dev.flow.store.RunRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What happens when a node has a result: the state updates it reported and its {@code on} handlers
 * are applied, the result is stored, its cost counted, and its outgoing edges decided, all in the
 * same transaction. A failure is retried with backoff while the node's retry policy allows and its
 * class may be retried ({@link ErrorClass}), and otherwise fails the node, and the run at once when
 * the workflow fails fast. Every attempt's reported cost counts, failed ones included, and passing
 * {@code max cost} stops the run before anything is retried.
 */
final class Completion {
    private final Step step;

    Completion(Step step) {
        this.step = step;
    }

    /**
     * Whether the node's row is the attempt {@code held} took, completed: the same pass and attempt,
     * started at the same moment (a node handed to another worker starts again, at its own moment).
     */
    private static boolean storedBefore(NodeRow stored, NodeRow held) {
        return stored.status() == NodeStatus.COMPLETED && stored.iteration() == held.iteration() && stored.attempt() == held.attempt()
                && held.startedAt() != null && held.startedAt().equals(stored.startedAt());
    }

    /** The rows a node's result reads: its own, then its successors' (the next node of a chain, the merge a branch reaches). */
    static List<String> resultReads(RunContext ctx, String nodeId) {
        var rows = new ArrayList<String>();
        rows.add(nodeId);
        for (Edge e : ctx.graph.outgoing(nodeId)) {
            rows.add(e.to().name());
        }
        return rows;
    }

    /**
     * A worker's result for the node it claimed. Guarded: when the node is no longer the one claimed
     * (its loop started a new pass, its run stopped, its lease went to another worker) the result is
     * dropped and said so in the log; when the same result was stored already (a try whose commit's
     * answer was lost), it is not stored again.
     */
    void finishWork(Claim claim, dev.flow.engine.exec.Outcome outcome, boolean circuitOpened) {
        NodeRow held = claim.row();
        // The execution first: on a server its row is locked there, and the node's row read after it is current. The
        // node's row with its successors' goes in the same request, read once the lock is taken (PostgreSQL), and with
        // them the rows where a merge it reaches will look for an edge still open (Readiness).
        List<String> ahead = Readiness.withJoinReads(step.core, held.executionId(), claim.resultReads(), claim.joins());
        step.tx.nodes().readAhead(held.executionId(), ahead);
        RunContext ctx = step.run(held.executionId());
        // the rows again from the run's graph as it is now (a planner may have grown it since the claim): when they are
        // the claim's, the read sent ahead answers them
        List<String> reads = resultReads(ctx, held.nodeId());
        step.load(ctx, reads.equals(claim.resultReads()) ? ahead : reads);
        NodeRow stored = step.tx.nodes().get(held.executionId(), held.nodeId()).orElse(null);
        if (stored != null && outcome.succeeded() && storedBefore(stored, held)) {
            // this very result, stored by an earlier try whose commit's answer was lost on the way: it counts once
            return;
        }
        if (stored == null || !stored.isHeldAs(held)) {
            step.event(ctx, "result_dropped", held.nodeId(), Json.object("iteration", held.iteration(), "attempt", held.attempt(),
                    "reason", "the node moved on while it ran (" + (stored == null ? "gone" : stored.status().keyword()) + ")"));
            return;
        }
        step.assume(stored);
        Node node = ctx.graph.node(held.nodeId());
        // what its process's microcalls spent counts with the attempt (docs/runtime.md, Microcalls)
        double microcalls = step.core.runsInProcess(node) ? 0
                : MicrocallCosts.spent(step.core.runDir(held.executionId(), held.nodeId(), held.iteration(), held.attempt()));
        if (microcalls > 0) {
            outcome = outcome.withCost(outcome.cost() + microcalls);
        }
        if (circuitOpened) {
            step.event(ctx, "circuit_opened", held.nodeId(), Json.object("agent", CircuitBreaker.keyOf(node)));
        }
        if (outcome.succeeded() && node.spec() instanceof dev.flow.model.NodeSpec.Task t && t.call().continuesSession() && outcome.sessionId() == null) {
            step.event(ctx, "warning", node.id(), Json.object("message", "agent \"" + (t.call().agent() == null ? "?" : t.call().agent().name())
                    + "\" reported no session id, so the next run of \"" + node.id() + "\" starts a new conversation (session continue)"));
        }
        if (outcome.succeeded() && retriesOutput(ctx, node, stored, outcome.output())) {
            String said = outcome.result().get("summary") instanceof String s && !s.isBlank() ? ": " + Tails.clip(s, 200) : "";
            fail(ctx, stored, new Attempt(outcome.output(), outcome.result(), outcome.cost(), outcome.sessionId()),
                    "produced \"" + outcome.output() + "\"" + said, ErrorClass.TRANSIENT);
        } else if (outcome.succeeded()) {
            complete(ctx, stored, outcome.output(), outcome.result(), outcome.cost(), outcome.state(), outcome.sessionId(), outcome.growth());
        } else {
            fail(ctx, stored, new Attempt(null, outcome.result(), outcome.cost(), outcome.sessionId()), outcome.error(), outcome.errorClass());
        }
    }

    /** {@code retry N on OUTPUT}: the output counts as a failed attempt while attempts remain. */
    private static boolean retriesOutput(RunContext ctx, Node node, NodeRow row, String output) {
        RetryPolicy policy = node.retry();
        return policy != null && policy.retriesOutput(output) && row.attempt() <= policy.maxRetries() && ctx.isLive();
    }

    void complete(RunContext ctx, NodeRow row, String output, Map<String, Object> result, double cost, Map<String, Object> reported) {
        complete(ctx, row, output, result, cost, reported, null, null);
    }

    /**
     * @param growth the answer's JSON text when it proposes nodes to add ({@link Growing}); null otherwise
     */
    private void complete(RunContext ctx, NodeRow row, String output, Map<String, Object> result, double cost, Map<String, Object> reported,
            String sessionId, String growth) {
        Node node = ctx.graph.node(row.nodeId());
        String handles = step.escalating.handledBy(ctx, row);
        Growing.Prepared grow = step.growing.prepare(ctx, row, growth, handles);
        if (grow.refusal() != null) {
            fail(ctx, row, new Attempt(null, result, cost, sessionId), grow.refusal(), ErrorClass.VALIDATION);
            return;
        }
        String problem = applyReportedState(ctx, node, reported);
        if (problem != null) {
            fail(ctx, row, new Attempt(null, result, cost, sessionId), problem, ErrorClass.VALIDATION);
            return;
        }
        if (grow.grown() != null) {
            step.growing.apply(ctx, row, grow);
        }
        if (handles != null && Escalation.ASK.equals(output) && node.kind() == dev.flow.model.NodeKind.TASK) {
            String limit = count(ctx, cost);
            step.escalating.ask(ctx, row, handles, result);
            stopAt(ctx, limit);
            return;
        }
        String limit = count(ctx, cost);
        var b = row.toBuilder();
        b.status(NodeStatus.COMPLETED);
        b.output(output);
        b.resultJson(step.core.results.encode(result, () -> step.core.runDir(ctx.id(), row.nodeId(), row.iteration(), row.attempt())));
        b.error(null);
        b.errorClass(null);
        b.cost(cost > 0 ? cost : null);
        b.sessionId(sessionId != null ? sessionId : row.sessionId());
        b.taken(null);
        b.leaseOwner(null);
        b.leaseExpires(null);
        b.notBefore(null);
        if (row.startedAt() == null) {
            b.startedAt(step.now);
        }
        b.finishedAt(step.now);
        NodeRow done = b.build();
        step.put(ctx, done);
        NodeKeys.completed(step, ctx, done, node, output, result);
        problem = applyHandlers(ctx, node, output);
        if (problem != null) {
            stopAt(ctx, limit);
            fail(ctx, done, new Attempt(null, result, 0, null), problem, ErrorClass.LOGIC);
            return;
        }
        String summary = result.get("summary") instanceof String s && !s.isEmpty() ? Tails.clip(s, 200) : null;
        step.event(ctx, "node_completed", row.nodeId(), Json.object("output", output, "summary", summary,
                "iteration", row.iteration() > 1 ? row.iteration() : null, "cost", cost > 0 ? cost : null,
                dev.flow.model.ResultFields.NOT_RUN, result.get(dev.flow.model.ResultFields.NOT_RUN),
                dev.flow.model.ResultFields.GATE_WARNINGS, result.get(dev.flow.model.ResultFields.GATE_WARNINGS)));
        step.tags.add("completed");
        stopAt(ctx, limit);
        if (!ctx.isLive()) {
            return;
        }
        if (handles != null) {
            step.escalating.resolve(ctx, done, handles, output, result);
        }
        if (step.humans.interruptAfter(ctx, done)) {
            return;
        }
        step.routing.decide(ctx, done);
        checkCompletion(ctx, node);
    }

    /** Adds an attempt's cost to the run's; why the run must stop, when it passed {@code max cost}. */
    private static String count(RunContext ctx, double cost) {
        if (!(cost > 0)) {
            return null;
        }
        ctx.cost += cost;
        ctx.changed = true;
        return LimitGuard.costExceeded(ctx);
    }

    private void stopAt(RunContext ctx, String limit) {
        if (limit != null) {
            step.lifecycle.stop(ctx, ExecutionStatus.LIMIT_REACHED, limit);
        }
    }

    /**
     * Sets the state the agent reported, all or nothing: one value of the wrong type and none is
     * set, so that a retried attempt starts from the state the failed one saw.
     */
    private String applyReportedState(RunContext ctx, Node node, Map<String, Object> reported) {
        var values = new LinkedHashMap<String, Object>();
        for (var e : reported.entrySet()) {
            StateVariable v = ctx.variable(e.getKey());
            if (v == null) {
                step.event(ctx, "warning", node.id(), Json.object("message",
                        "the agent reported state \"" + e.getKey() + "\", which the workflow does not declare; ignored"));
                continue;
            }
            try {
                values.put(v.name(), Values.coerce(e.getValue(), v.type()));
            } catch (EvalException ex) {
                return "the agent reported state \"" + v.name() + "\" of the wrong type: " + ex.getMessage();
            }
        }
        values.forEach(ctx::setState);
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

    /**
     * What a failed attempt leaves besides its error: the output it produced when {@code retry ...
     * on OUTPUT} made that output a failure, its result fields, its cost and its agent's session.
     */
    private record Attempt(String output, Map<String, Object> result, double cost, String sessionId) {}

    /** The node's work failed: retry it if its policy allows, else fail it. */
    void fail(RunContext ctx, NodeRow row, String error, boolean retryable, Map<String, Object> result) {
        fail(ctx, row, new Attempt(null, result, 0, null), error, retryable ? ErrorClass.TRANSIENT : ErrorClass.LOGIC);
    }

    /** A node that failed after spending {@code cost} (a subgraph whose child failed). */
    void fail(RunContext ctx, NodeRow row, String error, ErrorClass errorClass, double cost) {
        fail(ctx, row, new Attempt(null, Map.of(), cost, null), error, errorClass);
    }

    private void fail(RunContext ctx, NodeRow row, Attempt attempt, String error, ErrorClass errorClass) {
        error = step.core.reports.nodeError(error, ctx.id(), row.nodeId(), row.iteration(), row.attempt());
        Node node = ctx.graph.node(row.nodeId());
        stopAt(ctx, count(ctx, attempt.cost()));
        Map<String, Object> result = attempt.result();
        String resultJson = result.isEmpty() ? null
                : step.core.results.encode(result, () -> step.core.runDir(ctx.id(), row.nodeId(), row.iteration(), row.attempt()));
        NodeKeys.failed(step, ctx, row, node, error, result);
        Double cost = attempt.cost() > 0 ? attempt.cost() : null;
        String session = attempt.sessionId() != null ? attempt.sessionId() : row.sessionId();
        if (errorClass != ErrorClass.LOGIC && row.attempt() <= retriesAllowed(node, errorClass) && ctx.isLive()) {
            RetryPolicy policy = node.retry();
            long delay = policy == null ? 0 : step.core.backoff.delayMillis(policy, row.attempt());
            step.tx.runs().insert(new RunRow(ctx.id(), row.nodeId(), row.iteration(), row.attempt(), NodeStatus.FAILED, attempt.output(),
                    resultJson, error, row.startedAt(), step.now, errorClass, cost, row.enteredSeq()));
            var b = row.toBuilder();
            b.status(NodeStatus.READY);
            b.attempt(row.attempt() + 1);
            b.error(error);
            b.errorClass(errorClass);
            b.cost(null);
            b.sessionId(session);
            b.leaseOwner(null);
            b.leaseExpires(null);
            b.startedAt(null);
            b.finishedAt(null);
            b.readyAt(step.now);
            b.notBefore(step.now + delay);
            step.put(ctx, b.build());
            step.readied++;
            step.event(ctx, "node_retry", row.nodeId(), Json.object("attempt", row.attempt() + 1, "delay_ms", delay, "error", error,
                    "class", errorClass.keyword(), "cost", cost));
            return;
        }
        if (step.escalating.escalate(ctx, row, error, errorClass, resultJson, cost, session)) {
            return;
        }
        failFinally(ctx, row, error, errorClass, cost, session, resultJson);
    }

    /**
     * The row of a node whose attempt failed and that runs no more for now: {@code FAILED} for good
     * (taken {@code ""}: no edge), or {@code WAITING} for its escalation (taken null).
     */
    static NodeRow ended(NodeRow row, NodeStatus status, String taken, String error, ErrorClass errorClass, Double cost, String session,
            String resultJson, long now) {
        var b = row.toBuilder();
        b.status(status);
        b.error(error);
        b.errorClass(errorClass);
        b.cost(cost != null ? cost : row.cost());
        b.sessionId(session);
        b.resultJson(resultJson != null ? resultJson : row.resultJson());
        b.taken(taken);
        b.leaseOwner(null);
        b.leaseExpires(null);
        b.notBefore(null);
        b.finishedAt(now);
        return b.build();
    }

    /**
     * The node fails for good: its failure is recorded, a failure it handled as an escalation node
     * stands too, and the run stops when it fails fast; otherwise what follows the node is skipped.
     */
    void failFinally(RunContext ctx, NodeRow row, String error, ErrorClass errorClass, Double cost, String session, String resultJson) {
        NodeRow failed = ended(row, NodeStatus.FAILED, "", error, errorClass, cost, session, resultJson, step.now);
        step.put(ctx, failed);
        step.event(ctx, "node_failed", row.nodeId(), Json.object("error", error, "attempt", row.attempt(), "class",
                errorClass == null ? null : errorClass.keyword(), "cost", cost));
        step.tags.add("failed");
        step.escalating.handlerFailed(ctx, failed);
        if (!ctx.isLive()) {
            return;
        }
        if (ctx.failFast()) {
            step.lifecycle.stop(ctx, ExecutionStatus.FAILED, "node \"" + row.nodeId() + "\" failed: " + error);
            return;
        }
        step.routing.decideNone(ctx, failed);
    }

    /**
     * How many retries a failure of this class gets: what the node's policy says; without one, a
     * validation failure of an agent (which the next prompt can explain) gets one, anything else none.
     */
    private static int retriesAllowed(Node node, ErrorClass errorClass) {
        if (node.retry() != null) {
            return node.retry().maxRetries();
        }
        return errorClass == ErrorClass.VALIDATION && Feedback.reachesAgent(node) ? 1 : 0;
    }
}

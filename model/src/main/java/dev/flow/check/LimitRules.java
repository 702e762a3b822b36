package dev.flow.check;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.Edge;
import dev.flow.model.GateDef;
import dev.flow.model.Input;
import dev.flow.model.KvRef;
import dev.flow.model.Limits;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.RetryPolicy;
import dev.flow.model.SourceRef;
import dev.flow.model.StateVariable;
import dev.flow.model.Type;
import dev.flow.model.Value;
import dev.flow.model.Workflow;
import java.time.Duration;

/** FLOW5xx: numbers that bound a run, and constants that must fit their declared types. */
final class LimitRules {
    private LimitRules() {}

    /**
     * FLOW501: loop limits below 2. {@code loop max N} lets the loop body run N times, the first
     * pass included, so with 1 the loop edge can never be taken.
     */
    static void invalidLoopLimits(WorkflowIndex w, Report out) {
        for (Edge edge : w.workflow().edges()) {
            if (!edge.isLoop() || edge.loop().maxIterations() >= 2 || SupervisionRules.isRoundEdge(w, edge)) {
                continue; // a supervisor's rounds are FLOW706's
            }
            int max = edge.loop().maxIterations();
            String what = max == 1
                    ? " lets the loop body run once, so the edge is never taken"
                    : " lets the loop run no round";
            out.add(Code.INVALID_LOOP_LIMIT, Report.at(edge.loop().source(), edge.source()), "loop limit " + max
                    + " on " + WorkflowIndex.name(edge) + what + "; use \"loop max N\" with N at least 2 (the first pass counts)");
        }
    }

    /** FLOW502: run-wide limits of zero or less. */
    static void invalidRunLimits(WorkflowIndex w, Report out) {
        Limits limits = w.workflow().limits();
        SourceRef at = Report.at(limits.source(), w.workflow().source());
        if (limits.maxNodeExecutions() != null && limits.maxNodeExecutions() <= 0) {
            out.add(Code.INVALID_LIMIT, at, "max executions " + limits.maxNodeExecutions() + " would stop the run before its first node; use a positive number, or remove the limit");
        }
        if (limits.maxWallTime() != null && !isPositive(limits.maxWallTime())) {
            out.add(Code.INVALID_LIMIT, at, "max time " + show(limits.maxWallTime()) + " would stop the run at once; use a positive duration such as 30m, or remove the limit");
        }
        if (limits.maxCost() != null && !(limits.maxCost() > 0)) {
            out.add(Code.INVALID_LIMIT, at, "max cost " + limits.maxCost() + " would stop the run before its first agent; use a positive amount, or remove the limit");
        }
    }

    /** FLOW503: node and gate timeouts of zero or less. */
    static void invalidTimeouts(WorkflowIndex w, Report out) {
        for (Node node : w.workflow().nodes()) {
            if (node.timeout() != null && !isPositive(node.timeout())) {
                out.add(Code.INVALID_TIMEOUT, node.source(), "timeout " + show(node.timeout()) + " of " + Messages.q(node.id())
                        + " would stop it before it starts; use a positive duration such as 10m, or remove it");
            }
        }
        for (GateDef gate : w.workflow().gates()) {
            if (gate.timeout() != null && !isPositive(gate.timeout())) {
                out.add(Code.INVALID_TIMEOUT, gate.source(), "timeout " + show(gate.timeout()) + " of gate " + Messages.q(gate.name())
                        + " would stop it before it starts; use a positive duration such as 10m, or remove it");
            }
        }
    }

    /** FLOW504: retry counts below zero, factors below one, backoffs that are negative or out of order. */
    static void invalidRetries(WorkflowIndex w, Report out) {
        for (Node node : w.workflow().nodes()) {
            RetryPolicy retry = node.retry();
            if (retry == null) {
                continue;
            }
            SourceRef at = Report.at(retry.source(), node.source());
            String of = " of " + Messages.q(node.id());
            if (retry.maxRetries() < 0) {
                out.add(Code.INVALID_RETRY, at, "retry count " + retry.maxRetries() + of + " is negative; use 0 for no retries, or a positive count");
            }
            if (!(retry.multiplier() >= 1)) {
                out.add(Code.INVALID_RETRY, at, "backoff factor " + retry.multiplier() + of + " would shrink the waits; use 1 or more");
            }
            if (retry.initialBackoff().isNegative() || retry.maxBackoff().isNegative()) {
                out.add(Code.INVALID_RETRY, at, "negative backoff" + of + "; a wait between attempts is zero or more");
            } else if (retry.initialBackoff().compareTo(retry.maxBackoff()) > 0) {
                out.add(Code.INVALID_RETRY, at, "first backoff " + show(retry.initialBackoff()) + of + " is longer than the max backoff "
                        + show(retry.maxBackoff()) + "; make the first wait the shorter one");
            }
        }
    }

    /** FLOW505: {@code max parallel} below 1. */
    static void invalidMaxParallel(WorkflowIndex w, Report out) {
        Workflow workflow = w.workflow();
        if (workflow.config().maxParallel() < 1) {
            out.add(Code.INVALID_MAX_PARALLEL, Report.at(workflow.config().source(), workflow.source()), "max parallel "
                    + workflow.config().maxParallel() + " would let no node run; use 1 or more");
        }
    }

    /** FLOW506: initial values of state variables and defaults of inputs that do not fit their types. */
    static void invalidValues(WorkflowIndex w, Report out) {
        for (StateVariable variable : w.workflow().state()) {
            value(variable.initial(), variable.type(), "initial value of state variable " + Messages.q(variable.name()), variable.source(), out);
        }
        for (Input input : w.workflow().inputs()) {
            value(input.defaultValue(), input.type(), "default of input " + Messages.q(input.name()), input.source(), out);
        }
    }

    /** FLOW509: keys in a task's inputs that the key-value store cannot hold. */
    static void invalidKvKeys(WorkflowIndex w, Report out) {
        for (Node node : w.workflow().nodes()) {
            if (node.spec() instanceof NodeSpec.Task task) {
                for (KvRef ref : task.inputs()) {
                    if (!KvRef.isValidKey(ref.key())) {
                        out.add(Code.INVALID_KV_KEY, Report.at(ref.source(), node.source()), "the inputs of " + Messages.q(node.id()) + " read "
                                + ref.describe() + ", a key the key-value store cannot hold: a key is 1 to " + KvRef.KEY_MAX
                                + " characters, none of them a control character");
                    }
                }
            }
        }
    }

    private static void value(Value value, Type type, String what, SourceRef at, Report out) {
        Values.Misfit misfit = value == null ? null : Values.misfit(value, type);
        if (misfit != null) {
            out.add(Diagnostic.of(Code.INVALID_VALUE, "the " + what + " does not fit its type " + type.name() + ": " + misfit.why(), at)
                    .withSuggestions(misfit.suggestions()));
        }
    }

    private static boolean isPositive(Duration duration) {
        return !duration.isNegative() && !duration.isZero();
    }

    private static final long[] UNIT_MILLIS = {86_400_000L, 3_600_000L, 60_000L, 1_000L, 1L};
    private static final String[] UNIT_NAMES = {"d", "h", "m", "s", "ms"};

    /** A duration as the language writes it ({@code 10m}, {@code -5s}) where it can, else ISO-8601. */
    private static String show(Duration duration) {
        if (duration.isZero()) {
            return "0s";
        }
        if (duration.getNano() % 1_000_000 != 0 || Math.abs(duration.getSeconds()) > Long.MAX_VALUE / 1000) {
            return duration.toString();
        }
        long ms = duration.toMillis();
        int unit = 0;
        while (ms % UNIT_MILLIS[unit] != 0) {
            unit++;
        }
        return ms / UNIT_MILLIS[unit] + UNIT_NAMES[unit];
    }
}

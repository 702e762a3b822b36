package dev.flow.engine.step;

import dev.flow.engine.eval.EvalException;
import dev.flow.engine.eval.Evaluator;
import dev.flow.engine.eval.Templates;
import dev.flow.model.Interrupt;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import dev.flow.store.RequestRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Questions for people: human nodes, and interrupts before or after a node. A question is a row
 * that is asked once per node, iteration and kind (a unique index sees to it, whatever crashes
 * happen); its node waits durably until the answer, which is applied in the same transaction that
 * records it, or until its deadline passes and the default answer is taken.
 */
final class Humans {
    static final String HUMAN = "human";
    static final String BEFORE = "before";
    static final String AFTER = "after";
    static final String PROCEED = "proceed";
    static final String STOP = "stop";
    static final String SKIP = "skip";

    /** What an interrupt says about going on. */
    enum Gate {
        PROCEED,
        WAIT,
        SKIP
    }

    private final Step step;

    Humans(Step step) {
        this.step = step;
    }

    void askHuman(RunContext ctx, Node node, NodeRow row) {
        var spec = (NodeSpec.Human) node.spec();
        var evaluator = new Evaluator(new RunScope(step, ctx, node.id(), null, Json.readMap(row.inputJson())));
        String prompt = spec.prompt() == null ? null : Templates.fill(spec.prompt(), evaluator);
        Long deadline = node.timeout() == null ? null : step.now + node.timeout().toMillis();
        String fallback = spec.defaultOutput() == null ? null : spec.defaultOutput().name();
        ask(ctx, row, HUMAN, spec.title() != null ? spec.title() : node.title(), prompt, node.effectiveOutputs(), fallback, deadline);
    }

    /** Asks a person on behalf of a node that is no human node (an escalation agent that answered "ask"), with no deadline. */
    void ask(RunContext ctx, NodeRow row, String title, String prompt, List<String> options) {
        ask(ctx, row, HUMAN, title, prompt, options, null, null);
    }

    private void ask(RunContext ctx, NodeRow row, String kind, String title, String prompt, List<String> options, String fallback, Long deadline) {
        long id = step.tx.requests().insert(new RequestRow(0, ctx.id(), row.nodeId(), row.iteration(), kind, title, prompt, options, fallback,
                deadline, RequestRow.PENDING, null, null, step.now, null));
        var b = row.toBuilder();
        b.status(NodeStatus.WAITING);
        if (row.startedAt() == null) {
            b.startedAt(step.now);
        }
        step.put(ctx, b.build());
        step.event(ctx, "node_waiting", row.nodeId(), Json.object("request", id, "kind", kind, "options", options));
        step.tags.add("waiting");
    }

    Gate interruptBefore(RunContext ctx, NodeRow row) {
        for (Interrupt i : ctx.graph.interruptsBefore(row.nodeId())) {
            if (!applies(ctx, i, row, null)) {
                continue;
            }
            Optional<RequestRow> asked = step.tx.requests().find(ctx.id(), row.nodeId(), row.iteration(), BEFORE);
            if (asked.isEmpty()) {
                ask(ctx, row, BEFORE, "Before \"" + row.nodeId() + "\"", prompt(ctx, i, row, "Run node \"" + row.nodeId() + "\"?"),
                        options(i), null, null);
                return Gate.WAIT;
            }
            RequestRow q = asked.get();
            if (q.isPending()) {
                return Gate.WAIT;
            }
            if (RequestRow.ANSWERED.equals(q.status()) && SKIP.equals(q.answer())) {
                return Gate.SKIP;
            }
            return Gate.PROCEED;
        }
        return Gate.PROCEED;
    }

    /** Asks after a node when an interrupt says so; true when the node now waits for the answer. */
    boolean interruptAfter(RunContext ctx, NodeRow done) {
        for (Interrupt i : ctx.graph.interruptsAfter(done.nodeId())) {
            if (!applies(ctx, i, done, done.output())) {
                continue;
            }
            Optional<RequestRow> asked = step.tx.requests().find(ctx.id(), done.nodeId(), done.iteration(), AFTER);
            if (asked.isEmpty()) {
                ask(ctx, done, AFTER, "After \"" + done.nodeId() + "\"",
                        prompt(ctx, i, done, "Node \"" + done.nodeId() + "\" produced \"" + done.output() + "\". Go on?"), options(i), null, null);
                return true;
            }
            return asked.get().isPending();
        }
        return false;
    }

    private boolean applies(RunContext ctx, Interrupt i, NodeRow row, String output) {
        if (i.condition() == null) {
            return true;
        }
        try {
            return new Evaluator(new RunScope(step, ctx, row.nodeId(), output, Json.readMap(row.inputJson()))).test(i.condition());
        } catch (EvalException ex) {
            step.event(ctx, "warning", row.nodeId(), Json.object("message", "the interrupt's condition cannot be evaluated, so it asks: "
                    + ex.getMessage()));
            return true;
        }
    }

    private String prompt(RunContext ctx, Interrupt i, NodeRow row, String fallback) {
        if (i.prompt() == null) {
            return fallback;
        }
        return Templates.fill(i.prompt(), new Evaluator(new RunScope(step, ctx, row.nodeId(), row.output(), Json.readMap(row.inputJson()))));
    }

    private static List<String> options(Interrupt i) {
        var out = new ArrayList<>(List.of(PROCEED, STOP));
        if (!i.required()) {
            out.add(SKIP);
        }
        return out;
    }

    /** Applies a recorded answer to the node that waits for it. */
    void apply(RunContext ctx, RequestRow q, String answer, String note, boolean byDeadline) {
        NodeRow row = step.node(ctx, q.nodeId());
        if (row.status() != NodeStatus.WAITING || row.iteration() != q.iteration()) {
            return;
        }
        step.event(ctx, byDeadline ? "answer_defaulted" : "answered", q.nodeId(), Json.object("request", q.id(), "answer", answer, "note", note));
        switch (q.kind()) {
            case HUMAN -> {
                Node node = ctx.graph.node(q.nodeId());
                var result = new LinkedHashMap<String, Object>();
                result.put("summary", note != null && !note.isBlank() ? note : "answered \"" + answer + "\"");
                result.put("approved", answer.equals(node.effectiveOutputs().get(0)));
                result.put("answer", answer);
                result.put("note", note == null ? "" : note);
                step.completion.complete(ctx, row, answer, result, 0, Map.of());
            }
            case BEFORE -> applyBefore(ctx, row, answer, note);
            case AFTER -> applyAfter(ctx, row, answer, note);
            default -> throw new IllegalStateException("unknown request kind " + q.kind());
        }
    }

    private void applyBefore(RunContext ctx, NodeRow row, String answer, String note) {
        var b = row.toBuilder();
        b.status(NodeStatus.PENDING);
        b.startedAt(null);
        NodeRow pending = b.build();
        step.put(ctx, pending);
        switch (answer) {
            case STOP -> step.lifecycle.stop(ctx, ExecutionStatus.CANCELLED, stopReport(row, BEFORE, note));
            case SKIP -> skipPast(ctx, pending);
            default -> step.entering.enter(ctx, row.nodeId(), Json.readMap(row.inputJson()));
        }
    }

    /**
     * A person skipped the node: it does not run, and the run goes on past it along its edges that
     * have no condition (conditions would read a result it never produced).
     */
    private void skipPast(RunContext ctx, NodeRow row) {
        var edges = ctx.graph.outgoing(row.nodeId());
        var taken = new ArrayList<String>();
        for (var e : edges) {
            if (e.condition() == null && !e.isLoop() && !e.onLimitReached()) {
                taken.add(Integer.toString(ctx.graph.ordinal(e)));
            }
        }
        var b = row.toBuilder();
        b.status(NodeStatus.SKIPPED);
        b.taken(String.join(",", taken));
        b.error("skipped by a person");
        b.finishedAt(step.now);
        NodeRow skipped = b.build();
        step.put(ctx, skipped);
        step.event(ctx, "node_skipped", row.nodeId(), Json.object("by", "person"));
        step.routing.decideNone(ctx, skipped);
    }

    private void applyAfter(RunContext ctx, NodeRow row, String answer, String note) {
        var b = row.toBuilder();
        b.status(NodeStatus.COMPLETED);
        NodeRow done = b.build();
        step.put(ctx, done);
        // After the node has run there is nothing left to skip: skip goes on like proceed.
        if (STOP.equals(answer)) {
            step.lifecycle.stop(ctx, ExecutionStatus.CANCELLED, stopReport(row, AFTER, note));
        } else {
            step.routing.decide(ctx, done);
        }
    }

    private static String stopReport(NodeRow row, String when, String note) {
        return "stopped by a person at the interrupt " + when + " \"" + row.nodeId() + "\"" + (note == null || note.isBlank() ? "" : ": " + note);
    }

    /** Takes the default answer of every question in the tree whose deadline has passed. */
    void expireDue(String rootId) {
        for (RequestRow q : step.tx.requests().pending(rootId)) {
            if (q.deadline() == null || q.deadline() > step.now) {
                continue;
            }
            RunContext ctx = step.run(q.executionId());
            if (q.defaultOutput() != null) {
                if (step.tx.requests().resolve(q.id(), RequestRow.EXPIRED, q.defaultOutput(), "no answer before the deadline", step.now)) {
                    apply(ctx, q, q.defaultOutput(), "no answer before the deadline; took the default \"" + q.defaultOutput() + "\"", true);
                }
            } else if (step.tx.requests().resolve(q.id(), RequestRow.EXPIRED, null, "no answer before the deadline", step.now)) {
                NodeRow row = step.node(ctx, q.nodeId());
                if (row.status() == NodeStatus.WAITING) {
                    step.completion.fail(ctx, row, "no answer before the deadline, and the node has no default", false, Map.of());
                }
            }
        }
    }
}

package dev.flow.engine.step;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.engine.exec.ResultFields;
import dev.flow.growth.Grower;
import dev.flow.growth.GrowthCheck;
import dev.flow.model.Escalation;
import dev.flow.model.FlowGraph;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.OutputDecl;
import dev.flow.store.ErrorClass;
import dev.flow.store.GraphVersionRow;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import dev.flow.store.RunRow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Escalation: a node that fails for good hands its failure to its escalation node instead of failing
 * the run ({@link Escalation}). The failed node waits, keeping its error; the escalation node (a node
 * of the workflow, or {@code escalate-NODE} grown for an automatic escalation) runs with pointers to
 * what failed in its input ({@code failed_node}, {@code failed_error}, {@code failed_artifacts},
 * {@code failed_stdout}, ...: {@code FLOW_ARG_*} and the context file) and its prompt. Its answer
 * decides: {@value Escalation#RETRY} runs the failed node again as a new pass (attempts counted
 * afresh, the escalation's {@code note} at the end of its prompt), after the nodes the escalation
 * added when it added some; {@value Escalation#ASK} asks a person to choose retry or give_up; any
 * other answer, or the escalation node failing, lets the failure stand. A node escalates at most
 * {@link Escalation#limit()} times in a run, counted under {@code escalation:NODE}.
 */
final class Escalating {
    /** The keys of an escalation node's input. */
    static final String FAILED_NODE = "failed_node";
    /** The keys of a failed node's input when it runs again. */
    static final String NOTE = "escalation_note";
    static final String BY = "escalated_to";
    static final String EARLIER_ERROR = "escalated_error";

    private final Step step;

    Escalating(Step step) {
        this.step = step;
    }

    /** Whether the row is a node waiting for its escalation (a failed node, not a person or a child execution). */
    static boolean isEscalated(NodeRow row) {
        return row.status() == NodeStatus.WAITING && row.error() != null && row.childId() == null;
    }

    /** The failed node the handler's row is handling, while that node still waits for it; null otherwise. */
    String handledBy(RunContext ctx, NodeRow handler) {
        if (!ctx.graph.handlesEscalations(handler.nodeId())) {
            return null;
        }
        Object failed = Json.readMap(handler.inputJson()).get(FAILED_NODE);
        if (!(failed instanceof String id) || !ctx.graph.hasNode(id)) {
            return null;
        }
        return isEscalated(step.node(ctx, id)) ? id : null;
    }

    private static String counter(String nodeId) {
        return "escalation:" + nodeId;
    }

    /**
     * The node failed for good: hands the failure to its escalation node when it has one that is free
     * and its limit allows. True when it did (the node now waits); false when the failure stands.
     */
    boolean escalate(RunContext ctx, NodeRow row, String error, ErrorClass errorClass, String resultJson, Double cost, String session) {
        Escalation e = ctx.isLive() ? ctx.graph.escalations().of(row.nodeId()).orElse(null) : null;
        if (e == null) {
            return false;
        }
        int times = step.tx.loops().get(ctx.id(), counter(row.nodeId()));
        if (times >= e.limit()) {
            warn(ctx, row.nodeId(), "\"" + row.nodeId() + "\" escalated " + times + " times already, its limit; its failure stands");
            return false;
        }
        String handler = e.mode() == Escalation.Mode.TO ? e.target().name() : Escalation.autoNodeId(row.nodeId());
        if (!ctx.graph.hasNode(handler)) {
            String why = growAutomatic(ctx, row, e, handler);
            if (why != null) {
                warn(ctx, row.nodeId(), "\"" + row.nodeId() + "\" could not escalate: " + why + "; its failure stands");
                return false;
            }
        }
        NodeRow h = step.node(ctx, handler);
        if (h.status() == NodeStatus.READY || h.status() == NodeStatus.RUNNING || h.status() == NodeStatus.WAITING) {
            warn(ctx, row.nodeId(), "\"" + row.nodeId() + "\" could not escalate: \"" + handler + "\" is still handling another failure;"
                    + " its failure stands");
            return false;
        }
        step.tx.loops().increment(ctx.id(), counter(row.nodeId()));
        NodeRow waiting = Completion.ended(row, NodeStatus.WAITING, null, error, errorClass, cost, session, resultJson, step.now);
        step.put(ctx, waiting);
        step.event(ctx, "node_escalated", row.nodeId(), Json.object("to", handler, "error", error, "class", errorClass.keyword(),
                "attempt", row.attempt(), "escalation", times + 1, "limit", e.limit(), "cost", cost));
        step.tags.add("escalated");
        step.loops.renew(ctx, handler);
        step.entering.enter(ctx, handler, pointers(ctx, waiting));
        return true;
    }

    /** Adds the automatic escalation node {@code escalate-NODE} as the execution's next graph version; why not, when it cannot. */
    private String growAutomatic(RunContext ctx, NodeRow failed, Escalation e, String id) {
        var spec = NodeSpec.Task.builder().call(c -> c.agent(e.agent() == null ? null : NameRef.of(e.agent().name()))
                .role(e.agent() == null ? Escalation.PLANNER_ROLE : null).prompt(autoPrompt(failed.nodeId()))).build();
        List<OutputDecl> outputs = List.of(OutputDecl.of(Escalation.RETRY), OutputDecl.of(Escalation.ASK), OutputDecl.of(Escalation.GIVE_UP));
        Node node = Node.builder().id(id).label("escalation of \"" + failed.nodeId() + "\"").spec(spec).outputs(outputs)
                .escalation(new Escalation(Escalation.Mode.NONE, null, null, null, null)).build();
        List<GraphVersionRow> versions = step.tx.graphVersions().all(ctx.id());
        int version = versions.isEmpty() ? 1 : versions.get(versions.size() - 1).version() + 1;
        FlowGraph before = ctx.graph.flowGraph();
        Grower.Grown grown = Grower.addEscalationNode(before, ctx.graph.workflow().id(), failed.nodeId(), node, version);
        List<Diagnostic> errors = GrowthCheck.newErrors(before, grown.graph());
        if (!errors.isEmpty()) {
            return "its escalation node \"" + id + "\" cannot be added:" + GrowthCheck.describe(errors);
        }
        step.growing.apply(ctx, failed, new Growing.Prepared(grown, version, null));
        return null;
    }

    private static String autoPrompt(String failed) {
        return "Node \"" + failed + "\" of this workflow failed for good, and its failure is yours to handle. Find out why from what it left"
                + " (below). Then answer \"" + Escalation.RETRY + "\" to run \"" + failed + "\" again (with a \"note\" that tells it what to do"
                + " differently), \"" + Escalation.ASK + "\" to ask a person whether to (your summary is the question), or \""
                + Escalation.GIVE_UP + "\" to let the failure stand. If something must be done first, add nodes that do it: they run"
                + " before \"" + failed + "\" runs again.";
    }

    /** What the escalation node learns of the failure: where to look, as handed values. */
    private Map<String, Object> pointers(RunContext ctx, NodeRow failed) {
        var in = new LinkedHashMap<String, Object>();
        in.put(FAILED_NODE, failed.nodeId());
        in.put("failed_iteration", (long) failed.iteration());
        in.put("failed_attempt", (long) failed.attempt());
        in.put("failed_error", failed.error());
        in.put("failed_error_class", failed.errorClass() == null ? null : failed.errorClass().keyword());
        Path dir = step.core.runDir(ctx.id(), failed.nodeId(), failed.iteration(), failed.attempt());
        in.put("failed_artifacts", dir.toString());
        for (String file : List.of("stdout.log", "stderr.log", "prompt.txt", "result.json", "error.txt")) {
            if (Files.isRegularFile(dir.resolve(file))) {
                in.put("failed_" + file.substring(0, file.indexOf('.')), dir.resolve(file).toString());
            }
        }
        if (failed.resultJson() != null) {
            var result = step.core.results.decode(failed.resultJson());
            ResultFields.RECORD_ONLY.forEach(result::remove);
            if (!result.isEmpty()) {
                in.put("failed_result_fields", result);
            }
        }
        in.values().removeIf(Objects::isNull);
        return in;
    }

    /** The prompt's section about the failure an escalation node handles, from its input. */
    static String section(Map<String, Object> input) {
        Object failed = input.get(FAILED_NODE);
        if (failed == null) {
            return null;
        }
        var text = new StringBuilder("Escalation: node \"" + failed + "\" failed for good (attempt " + input.get("failed_attempt")
                + (input.get("failed_error_class") == null ? "" : ", " + input.get("failed_error_class")) + "):\n" + input.get("failed_error"));
        text.append("\nWhat it left (FLOW_ARG_failed_* holds the same):");
        for (String key : List.of("failed_artifacts", "failed_stdout", "failed_stderr", "failed_prompt", "failed_result", "failed_error")) {
            if (input.get(key) != null && !key.equals("failed_error")) {
                text.append("\n- ").append(key.substring("failed_".length())).append(": ").append(input.get(key));
            }
        }
        text.append("\nAnswer \"").append(Escalation.RETRY).append("\" to run \"").append(failed).append("\" again (\"note\": what to do")
                .append(" differently), or \"").append(Escalation.GIVE_UP).append("\" to let its failure stand.");
        return text.toString();
    }

    /**
     * An escalation agent answered {@value Escalation#ASK}: a person chooses retry or give_up, asked
     * on the escalation node itself (its summary is the question). True when it now waits.
     */
    boolean ask(RunContext ctx, NodeRow handler, String failed, Map<String, Object> result) {
        String question = result.get("summary") instanceof String s && !s.isBlank() ? s : "Run \"" + failed + "\" again?";
        var b = handler.toBuilder();
        b.resultJson(step.core.results.encode(result, () -> step.core.runDir(ctx.id(), handler.nodeId(), handler.iteration(), handler.attempt())));
        b.leaseOwner(null);
        b.leaseExpires(null);
        NodeRow asking = b.build();
        step.put(ctx, asking);
        NodeRow f = step.node(ctx, failed);
        step.humans.ask(ctx, asking, "Escalation of \"" + failed + "\"", question + "\n\n\"" + failed + "\" failed: " + f.error(),
                List.of(Escalation.RETRY, Escalation.GIVE_UP));
        return true;
    }

    /**
     * The escalation node completed with {@code output}: the failed node runs again on {@value
     * Escalation#RETRY} (once the nodes the escalation added are done, when their join node has yet
     * to run), and its failure stands otherwise.
     */
    void resolve(RunContext ctx, NodeRow handler, String failed, String output, Map<String, Object> result) {
        NodeRow row = step.node(ctx, failed);
        if (!isEscalated(row)) {
            return;
        }
        if (!Escalation.RETRY.equals(output)) {
            giveUp(ctx, row, "its escalation node \"" + handler.nodeId() + "\" answered \"" + output + "\"");
            return;
        }
        step.tx.runs().insert(new RunRow(ctx.id(), failed, row.iteration(), row.attempt(), NodeStatus.FAILED, null, row.resultJson(), row.error(),
                row.startedAt(), row.finishedAt(), row.errorClass(), row.cost(), row.enteredSeq()));
        var input = new LinkedHashMap<>(Json.readMap(row.inputJson()));
        input.keySet().removeAll(List.of(NOTE, BY, EARLIER_ERROR));
        input.put(BY, handler.nodeId());
        input.put(EARLIER_ERROR, row.error());
        if (result.get("note") instanceof String note && !note.isBlank()) {
            input.put(NOTE, note);
        }
        NodeRow reset = LoopReset.nextPass(row, Json.write(input));
        step.put(ctx, reset);
        step.event(ctx, "node_reset", failed, Json.object("by", handler.nodeId(), "note", input.get(NOTE), "iteration", reset.iteration()));
        String join = Grower.joinId(handler.nodeId());
        if (ctx.graph.hasNode(join) && step.node(ctx, join).status() == NodeStatus.PENDING) {
            return; // the nodes the escalation added run first; their join node leads back to the failed node
        }
        step.entering.enter(ctx, failed, input);
    }

    /** A node that handled an escalation failed for good itself: the failure it handled stands. */
    void handlerFailed(RunContext ctx, NodeRow handler) {
        String failed = handledBy(ctx, handler);
        if (failed != null) {
            giveUp(ctx, step.node(ctx, failed), "its escalation node \"" + handler.nodeId() + "\" failed: " + handler.error());
        }
    }

    private void giveUp(RunContext ctx, NodeRow row, String why) {
        step.event(ctx, "escalation_ended", row.nodeId(), Json.object("reason", why));
        step.completion.failFinally(ctx, row, row.error() + " (" + why + ")", row.errorClass(), row.cost(), row.sessionId(), row.resultJson());
    }

    private void warn(RunContext ctx, String nodeId, String message) {
        step.event(ctx, "warning", nodeId, Json.object("message", message));
    }

    /** Values of a failed node's input that say an escalation ran it again, for its next prompt. */
    static String feedback(Map<String, Object> input) {
        if (!(input.get(BY) instanceof String by)) {
            return null;
        }
        return "You run again after a failure: " + input.get(EARLIER_ERROR) + "\nNode \"" + by + "\", which handled it, "
                + (input.get(NOTE) instanceof String note ? "says: " + note : "asked for this new attempt.");
    }
}

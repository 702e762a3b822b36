package dev.flow.check;

import dev.flow.diagnostic.Code;
import dev.flow.model.Escalation;
import dev.flow.model.Escalations;
import dev.flow.model.Node;
import dev.flow.model.SourceRef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Escalations ({@code on failure escalate to NODE}): FLOW201 for a target no node has, FLOW315 for a
 * node that escalates to itself, FLOW316 for escalations that lead round in a circle (a failure
 * handed on forever), FLOW317 for a target that cannot handle a failure (only a task run by an agent
 * and a person can). The chains are followed once each: O(nodes).
 */
final class EscalationRules {
    private EscalationRules() {}

    /** FLOW201, FLOW315, FLOW317: the target of each escalation a node or the workflow writes. */
    static void escalationTargets(WorkflowIndex w, Report out) {
        for (Node node : w.workflow().nodes()) {
            target(w, node.escalation(), node.id(), node.source(), out);
        }
        Escalation fallback = w.workflow().config().escalation();
        target(w, fallback, null, w.workflow().config().source(), out);
    }

    private static void target(WorkflowIndex w, Escalation e, String nodeId, SourceRef fallback, Report out) {
        if (e == null || e.mode() != Escalation.Mode.TO || e.target() == null) {
            return;
        }
        String target = e.target().name();
        SourceRef at = Report.at(e.target().source(), e.source(), fallback);
        if (!w.isKnown(target)) {
            out.unknown(Code.UNKNOWN_NODE, at, "unknown node " + Messages.q(target) + " to escalate to", target, w.names().nodeIds(),
                    "declare it, or write \"on failure escalate auto\" to let a planner handle the failure");
            return;
        }
        if (target.equals(nodeId)) {
            out.add(Code.SELF_ESCALATION, at, "node " + Messages.q(nodeId) + " escalates its failure to itself, which can only fail again;"
                    + " escalate to another node (a task run by an agent, or a person), or write \"on failure escalate auto\"");
            return;
        }
        Node handler = w.node(target).orElse(null);
        if (handler == null || !Escalations.canHandle(handler)) {
            String what = handler == null || ReachabilityRules.isImplicit(handler) ? "the implicit " + Messages.q(target)
                    : kind(handler);
            out.add(Code.INVALID_ESCALATION_TARGET, at, (nodeId == null ? "the workflow's failures escalate" : "node " + Messages.q(nodeId)
                    + " escalates") + " to " + Messages.q(target) + ", " + what + ", which cannot handle a failure; escalate to a task run by an"
                    + " agent or to a human node");
        }
    }

    private static String kind(Node node) {
        return node.spec() instanceof dev.flow.model.NodeSpec.Task ? "a command task" : "a " + node.kind().keyword() + " node";
    }

    /**
     * FLOW316: escalations that come back round (a to b, b to a). Each circle once, from its earliest
     * node, with the path it takes; a node that escalates to itself is FLOW315's.
     */
    static void escalationCycles(WorkflowIndex w, Report out) {
        Escalations escalations = Escalations.of(w.workflow());
        Map<String, String> next = new HashMap<>();
        escalations.all().forEach((from, e) -> {
            if (e.mode() == Escalation.Mode.TO && e.target() != null && !e.target().name().equals(from) && w.isKnown(e.target().name())) {
                next.put(from, e.target().name());
            }
        });
        Set<String> done = new HashSet<>();
        for (Node node : w.nodes()) {
            var path = new ArrayList<String>();
            var onPath = new HashMap<String, Integer>();
            String at = node.id();
            while (at != null && !done.contains(at) && !onPath.containsKey(at)) {
                onPath.put(at, path.size());
                path.add(at);
                at = next.get(at);
            }
            if (at != null && onPath.containsKey(at)) {
                report(w, path.subList(onPath.get(at), path.size()), out);
            }
            done.addAll(path);
        }
    }

    private static void report(WorkflowIndex w, List<String> circle, Report out) {
        int first = 0;
        for (int i = 1; i < circle.size(); i++) {
            if (CycleRules.TEXT_ORDER.compare(w.sourceOf(circle.get(i)), w.sourceOf(circle.get(first))) < 0) {
                first = i;
            }
        }
        var names = new ArrayList<String>();
        for (int i = 0; i <= circle.size(); i++) {
            names.add(circle.get((first + i) % circle.size()));
        }
        Node last = w.node(names.get(names.size() - 2)).orElseThrow();
        SourceRef at = Report.at(last.escalation() == null ? SourceRef.NONE : last.escalation().source(), last.source());
        out.add(Code.ESCALATION_CYCLE, at, "escalations go round in a circle: " + Messages.path(names).replace(" -> ", " escalates to ")
                + "; a failure would be handed on forever: let one of them escalate elsewhere, or \"on failure escalate none\"");
    }
}

package dev.flow.check;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.Edge;
import dev.flow.model.Node;
import java.util.Set;

/**
 * FLOW301-304, FLOW312: a run enters at {@code start}, and every node it can get to must lead on
 * to {@code end}. All from the two searches of {@link FlowAnalysis}: O(nodes + edges).
 */
final class ReachabilityRules {
    private ReachabilityRules() {}

    /** FLOW312: edges into {@code start} or out of {@code end}. */
    static void startEndMisuse(WorkflowIndex w, Report out) {
        for (Edge edge : w.workflow().edges()) {
            if (Node.START_ID.equals(edge.to().name())) {
                out.add(Code.START_END_MISUSE, Report.at(edge.to().source(), edge.source()), "edge " + WorkflowIndex.name(edge)
                        + " leads into \"start\", where runs only begin; point it at the first node instead");
            }
            if (Node.END_ID.equals(edge.from().name())) {
                out.add(Code.START_END_MISUSE, Report.at(edge.from().source(), edge.source()), "edge " + WorkflowIndex.name(edge)
                        + " leaves \"end\", where runs complete; start it from the node before \"end\"");
            }
        }
    }

    /** FLOW301: nothing leaves {@code start}. */
    static void noEntry(WorkflowIndex w, Report out) {
        if (w.edgesFrom(Node.START_ID).isEmpty()) {
            String first = w.nodes().stream().filter(n -> !isImplicit(n)).map(Node::id).findFirst().orElse("FIRST");
            out.add(Code.NO_ENTRY, w.sourceOf(Node.START_ID), "workflow " + Messages.q(w.workflow().id())
                    + " has no entry: no edge leaves \"start\"; add one, e.g. start -> " + first);
        }
    }

    /** FLOW302: no path from {@code start} to {@code end}. Not reported without an entry (FLOW301 says it). */
    static void noExit(WorkflowIndex w, Report out) {
        if (!w.edgesFrom(Node.START_ID).isEmpty() && !w.flow().reachesEnd(Node.START_ID) && !SupervisionRules.anyCannotFinish(w)) {
            out.add(Code.NO_EXIT, w.sourceOf(Node.END_ID), "no path leads from \"start\" to \"end\" in workflow " + Messages.q(w.workflow().id())
                    + ", so no run can complete; add an edge to \"end\" from a node that runs last");
        }
    }

    /**
     * FLOW303: nodes no path from {@code start} reaches. Not reported while a reachable node has an
     * edge to an unknown node: that edge may be meant for any of them; nor for a node that a
     * supervisor names but cannot lead, or that a misspelt participant suggests (FLOW701, FLOW702 say it).
     */
    static void unreachableNodes(WorkflowIndex w, Report out) {
        if (w.flow().hasDanglingEdge() || w.edgesFrom(Node.START_ID).isEmpty()) {
            return;
        }
        for (Node node : w.nodes()) {
            if (!isImplicit(node) && !w.flow().isReachable(node.id()) && !SupervisionRules.isMeantAsParticipant(w, node)) {
                out.add(Diagnostic.of(Code.UNREACHABLE_NODE, "node " + Messages.q(node.id())
                        + " cannot be reached from \"start\"; add an edge that leads to it, or remove it", node.source())
                        .withTags(Set.of(Diagnostic.Tag.UNNECESSARY)));
            }
        }
    }

    /**
     * FLOW304: reachable nodes from which no path leads to {@code end}, one diagnostic each.
     * Unreachable nodes are FLOW303's; and when not even {@code start} reaches {@code end}, FLOW302
     * says it once instead of once per node.
     */
    static void deadEnds(WorkflowIndex w, Report out) {
        if (!w.flow().reachesEnd(Node.START_ID)) {
            return;
        }
        for (Node node : w.nodes()) {
            if (!isImplicit(node) && w.flow().isReachable(node.id()) && !w.flow().reachesEnd(node.id())
                    && !SupervisionRules.explainsDeadEnd(w, node)) {
                String fix = w.edgesFrom(node.id()).isEmpty()
                        ? "nothing leaves it; add an edge from it, e.g. " + node.id() + " -> end"
                        : "every path from it ends elsewhere or goes round; add an edge towards \"end\"";
                out.add(Code.DEAD_END, node.source(), "node " + Messages.q(node.id())
                        + " cannot reach \"end\", so a run that gets there never completes: " + fix);
            }
        }
    }

    static boolean isImplicit(Node node) {
        return Node.START_ID.equals(node.id()) || Node.END_ID.equals(node.id());
    }
}

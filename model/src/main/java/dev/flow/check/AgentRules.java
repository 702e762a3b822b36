package dev.flow.check;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.AgentDef;
import dev.flow.model.AgentPermissions;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.Sandbox;
import java.util.ArrayList;
import java.util.List;

/** FLOW510-511: what an agent's CLI is allowed to do on its own. */
final class AgentRules {
    private AgentRules() {}

    /** FLOW510: a permissions level Flow does not know, so it cannot say which flags the CLI gets. */
    static void unknownPermissions(WorkflowIndex w, Report out) {
        for (AgentDef agent : w.workflow().agents()) {
            AgentPermissions p = agent.permissions();
            if (p != null && !p.known()) {
                List<String> near = NameSuggester.suggest(p.level(), AgentPermissions.LEVELS);
                out.add(Diagnostic.of(Code.UNKNOWN_PERMISSION, "agent " + Messages.q(agent.name()) + " has permissions " + Messages.q(p.level())
                        + ", which Flow does not know; use one of " + String.join(", ", AgentPermissions.LEVELS)
                        + Messages.hint(near), Report.at(p.source(), agent.source())).withSuggestions(near));
            }
        }
    }

    /**
     * FLOW511: {@code permissions full} turns the CLI's own checks off, so an agent that has it and
     * runs a task outside Flow's sandbox acts with the user's full rights on the whole machine.
     */
    static void unconfinedAgents(WorkflowIndex w, Report out) {
        for (AgentDef agent : w.workflow().agents()) {
            AgentPermissions p = agent.permissions();
            if (p == null || !AgentPermissions.FULL.equals(p.level())) {
                continue;
            }
            var unconfined = new ArrayList<String>();
            for (Node node : w.workflow().nodes()) {
                if (runs(node, agent.name()) && Sandbox.of(w.workflow(), node) == null) {
                    unconfined.add(node.id());
                }
            }
            if (!unconfined.isEmpty()) {
                out.add(Code.UNCONFINED_AGENT, Report.at(p.source(), agent.source()), "agent " + Messages.q(agent.name())
                        + " has permissions full, which turns its CLI's own checks off, and runs " + Messages.list(unconfined)
                        + " outside Flow's sandbox; add \"sandbox\" to the agent (with \"writes\" for its home folder), or use permissions run");
            }
        }
    }

    private static boolean runs(Node node, String agent) {
        if (node.spec() instanceof NodeSpec.Task task) {
            return task.call().agent() != null && agent.equals(task.call().agent().name());
        }
        return node.spec() instanceof NodeSpec.Merge merge && merge.agent() != null && agent.equals(merge.agent().name());
    }
}

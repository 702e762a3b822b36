package dev.flow.check;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.Escalation;
import dev.flow.model.Growth;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.SourceRef;
import java.util.List;

/**
 * Planners (tasks whose answers may add nodes) and the limits of growth: FLOW106 for a planner that
 * runs a command (only an agent's answer can carry nodes), FLOW508 for a limit below 1 or a planner
 * that may add more in one answer than in all.
 */
final class PlannerRules {
    private PlannerRules() {}

    /** FLOW106: a planner with a command: a command's output is a name, never nodes. */
    static void plannersWithCommands(WorkflowIndex w, Report out) {
        for (Node node : w.workflow().nodes()) {
            if (node.spec() instanceof NodeSpec.Task task && task.steering().isPlanner() && task.command() != null && task.call().agent() == null) {
                out.add(Diagnostic.of(Code.CONFLICTING_FIELDS, "task " + Messages.q(node.id()) + " is a planner and runs a command; only an"
                        + " agent's answer can add nodes: give it an agent, or remove \"planner\"",
                        Report.at(task.steering().planner().source(), node.source()))
                        .withRelated(List.of(new Diagnostic.Related(Report.at(task.command().source(), node.source()), "the command"))));
            }
        }
    }

    /** FLOW508: growth limits of planners and the workflow, and escalation limits, below 1; a planner's per answer above its total. */
    static void invalidGrowthLimits(WorkflowIndex w, Report out) {
        Growth wide = w.workflow().config().growth();
        limits(wide, "the workflow", w.workflow().config().source(), out);
        escalationLimit(w.workflow().config().escalation(), "the workflow's escalation", w.workflow().config().source(), out);
        for (Node node : w.workflow().nodes()) {
            if (node.spec() instanceof NodeSpec.Task task && task.steering().isPlanner()) {
                limits(task.steering().planner(), "planner " + Messages.q(node.id()), node.source(), out);
                Integer perAnswer = task.steering().planner().maxPerAnswer();
                if (perAnswer != null && perAnswer >= 1 && task.steering().planner().maxTotal() == null && wide != null && wide.maxTotal() != null
                        && wide.maxTotal() >= 1 && perAnswer > wide.maxTotal()) {
                    out.add(Code.INVALID_GROWTH_LIMIT, Report.at(task.steering().planner().source(), node.source()), "planner " + Messages.q(node.id())
                            + " may add " + perAnswer + " nodes in one answer, but the workflow allows " + wide.maxTotal()
                            + " in all; lower it to at most " + wide.maxTotal());
                }
            }
            if (node.escalation() != null) {
                escalationLimit(node.escalation(), "the escalation of " + Messages.q(node.id()), node.source(), out);
            }
        }
    }

    private static void limits(Growth g, String who, SourceRef fallback, Report out) {
        if (g == null) {
            return;
        }
        SourceRef at = Report.at(g.source(), fallback);
        if (g.maxPerAnswer() != null && g.maxPerAnswer() < 1) {
            out.add(Code.INVALID_GROWTH_LIMIT, at, who + " may add " + g.maxPerAnswer() + " nodes per answer; a limit is 1 or more"
                    + " (a task that must add no node is no planner)");
        }
        if (g.maxTotal() != null && g.maxTotal() < 1) {
            out.add(Code.INVALID_GROWTH_LIMIT, at, who + " may add " + g.maxTotal() + " nodes in all; a limit is 1 or more");
        }
        if (g.maxPerAnswer() != null && g.maxTotal() != null && g.maxTotal() >= 1 && g.maxPerAnswer() > g.maxTotal()) {
            out.add(Code.INVALID_GROWTH_LIMIT, at, who + " may add " + g.maxPerAnswer() + " nodes in one answer but only " + g.maxTotal()
                    + " in all; lower the first to at most " + g.maxTotal());
        }
    }

    private static void escalationLimit(Escalation e, String who, SourceRef fallback, Report out) {
        if (e != null && e.max() != null && e.max() < 1) {
            out.add(Code.INVALID_GROWTH_LIMIT, Report.at(e.source(), fallback), who + " may happen " + e.max()
                    + " times; a limit is 1 or more (write \"on failure escalate none\" for none)");
        }
    }
}

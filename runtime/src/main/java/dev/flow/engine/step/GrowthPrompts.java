package dev.flow.engine.step;

import dev.flow.model.Growth;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import java.util.Map;

/**
 * What a planner's prompt says besides its own text: the failure it handles, when it is an
 * escalation node, and how to answer with nodes to add and within which limit.
 */
final class GrowthPrompts {
    private GrowthPrompts() {}

    /** The sections to add to the node's prompt; null when there are none. */
    static String of(RunGraph graph, Node node, Map<String, Object> input) {
        var text = new StringBuilder();
        String escalation = Escalating.section(input);
        if (escalation != null) {
            text.append("\n\n---\n").append(escalation);
        }
        if (graph.isPlanner(node.id())) {
            Growth own = node.spec() instanceof NodeSpec.Task t ? t.steering().planner() : null;
            text.append("\n\n---\nYou may add nodes to this workflow; they run after you")
                    .append(escalation != null ? " and before the failed node runs again" : ", before what follows you")
                    .append(". Add them to your JSON answer: \"next\": {\"addNodes\": [{\"id\": \"write_tests\", \"title\": \"Write the tests\", ")
                    .append("\"prompt\": \"...\", \"dependsOn\": []}]}, or in Flow's graph format: \"grow\": {\"nodes\": [...], \"edges\": [...]}. ")
                    .append("Each node needs an id no node has; \"dependsOn\" names nodes of the same answer; a node without \"agent\" runs with yours. ")
                    .append("At most ").append(Growth.perAnswer(own, graph.workflow())).append(" nodes in one answer.");
        }
        return text.isEmpty() ? null : text.toString();
    }
}

package dev.flow.engine.step;

import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.ResultFields;
import dev.flow.store.ErrorClass;
import dev.flow.store.NodeRow;
import java.util.Map;

/**
 * What an agent is told when it tries again after a validation failure: what was wrong with its
 * previous answer, at the end of its prompt, so that it does not make the same mistake twice. An
 * isolated step also learns that its file changes were discarded: it starts again from a fresh
 * worktree, and must not assume its earlier edits are there. A node that an escalation runs again
 * learns how it failed and what its escalation node advised ({@link Escalating#feedback}).
 */
final class Feedback {
    private Feedback() {}

    /** Whether the node's work is done by an agent, which reads a prompt the feedback can join. */
    static boolean reachesAgent(Node node) {
        return node.spec().accept(new NodeSpec.Visitor<Boolean>() {
            @Override
            public Boolean task(NodeSpec.Task task) {
                return task.call().agent() != null || (task.command() == null && task.call().role() != null);
            }

            @Override
            public Boolean gate(NodeSpec.Gate gate) {
                return false;
            }

            @Override
            public Boolean branch(NodeSpec.Branch branch) {
                return false;
            }

            @Override
            public Boolean parallel(NodeSpec.Parallel parallel) {
                return false;
            }

            @Override
            public Boolean merge(NodeSpec.Merge merge) {
                return merge.agent() != null;
            }

            @Override
            public Boolean subgraph(NodeSpec.Subgraph subgraph) {
                return false;
            }

            @Override
            public Boolean human(NodeSpec.Human human) {
                return false;
            }

            @Override
            public Boolean checkpoint(NodeSpec.Checkpoint checkpoint) {
                return false;
            }

            @Override
            public Boolean start(NodeSpec.Start start) {
                return false;
            }

            @Override
            public Boolean end(NodeSpec.End end) {
                return false;
            }

            @Override
            public Boolean unknown(NodeSpec.Unknown unknown) {
                return false;
            }
        });
    }

    /**
     * The feedback for the attempt the row is about to run; null when its previous attempt did not fail validation.
     *
     * @param previous the result of the attempt before, as its run was recorded (a failed gate's output and log among it); empty when unknown
     */
    static String about(Node node, NodeRow row, Map<String, Object> previous) {
        if (row.attempt() == 1 && reachesAgent(node)) {
            return Escalating.feedback(Json.readMap(row.inputJson()));
        }
        if (row.attempt() <= 1 || row.errorClass() != ErrorClass.VALIDATION || row.error() == null || !reachesAgent(node)) {
            return null;
        }
        boolean isolated = node.spec() instanceof NodeSpec.Task t && t.execution().isolated();
        String said = previous.get(ResultFields.GATE_OUTPUT) instanceof String s && !s.isBlank() ? s.strip() : null;
        String log = previous.get(ResultFields.GATE_LOG) instanceof String l ? l : null;
        String gate = said == null && log == null ? "" : "\nWhat the gate printed" + (said == null ? "" : " (its end)")
                + (log == null ? "" : "; all of it is in " + log) + (said == null ? "." : ":\n" + said);
        return "Your previous answer (attempt " + (row.attempt() - 1) + ") was not accepted: " + row.error() + gate
                + (isolated ? "\nThe files you changed then were discarded: you start again from the project as it was." : "")
                + (gate.isEmpty() ? "\nDo the task again, and this time end with the JSON answer asked for."
                        : "\nDo the task again so that the gate passes, and end with your JSON answer as before.");
    }
}

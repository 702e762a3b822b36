package dev.flow.check;

import dev.flow.diagnostic.Code;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.RetryPolicy;
import java.util.List;

/**
 * FLOW507: retries that can never happen. A retry needs a failure of a class that is retried; a
 * command task whose every failure takes a declared output, or a node whose kind never fails that
 * way, only retries the outputs its {@code retry ... on} names.
 */
final class RetryRules {
    private RetryRules() {}

    static void retriesThatNeverHappen(WorkflowIndex w, Report out) {
        for (Node node : w.workflow().nodes()) {
            RetryPolicy retry = node.retry();
            if (retry == null || retry.maxRetries() <= 0 || !retry.on().isEmpty()) {
                continue;
            }
            String why = whyNeverRetried(node);
            if (why != null) {
                out.add(Code.RETRY_NEVER_HAPPENS, Report.at(retry.source(), node.source()),
                        "\"retry " + retry.maxRetries() + "\" of " + Messages.q(node.id()) + " can never happen: " + why);
            }
        }
    }

    /** Why no failure of the node is ever retried; null when some may be. */
    private static String whyNeverRetried(Node node) {
        NodeSpec spec = node.spec();
        if (spec instanceof NodeSpec.Task task) {
            if (task.command() == null || task.agent() != null || !task.gates().isEmpty()) {
                return null; // an agent can always answer badly; a task's gates can fail after it
            }
            List<String> outputs = node.effectiveOutputs();
            String failure = outputs.contains("fail") ? "fail" : outputs.contains("failure") ? "failure" : null;
            if (failure == null || !outputs.contains("timeout")) {
                return null;
            }
            return "a non-zero exit takes its output " + Messages.q(failure) + " and a timeout its output \"timeout\"; write \"retry "
                    + node.retry().maxRetries() + " on " + failure + "\" to try it again before " + Messages.q(failure) + " is routed";
        }
        if (spec instanceof NodeSpec.Gate) {
            return "a failed gate takes its output \"failed\", which is routed, not retried; write \"retry " + node.retry().maxRetries()
                    + " on failed\" to run it again before \"failed\" is routed";
        }
        if (spec instanceof NodeSpec.Merge merge && merge.agent() != null) {
            return null;
        }
        String kind = spec instanceof NodeSpec.Merge ? "a merge without an agent" : "a " + node.kind().keyword() + " node";
        return kind + " never fails in a way that is retried; remove the retry";
    }
}

package dev.flow.growth;

import dev.flow.model.Isolation;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.Sandbox;
import dev.flow.model.Workflow;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the nodes a planner adds may do: never run with weaker isolation or a weaker sandbox than
 * their planner (the planner's sandbox, or the workflow's default, holds them), and set no
 * environment variable (a planner could set {@code LD_PRELOAD} or {@code PATH} for a command) and
 * no working directory outside the workflow's folder. A growth that breaks it is refused like one
 * the checker refuses: nothing is added, and the planner's next prompt says why.
 */
public final class GrowthPolicy {
    private GrowthPolicy() {}

    /**
     * Why the nodes {@code added} of {@code grown} break the policy, one line each; empty when they
     * keep it.
     *
     * @param before the workflow as it was before the growth (it holds the planner)
     */
    public static List<String> violations(Workflow before, String planner, Workflow grown, List<String> added) {
        Node p = before.node(planner).orElseThrow(() -> new IllegalArgumentException("no node " + planner));
        Sandbox held = Sandbox.of(before, p);
        boolean isolated = p.spec() instanceof NodeSpec.Task t && t.execution().isolation() == Isolation.WORKTREE
                || before.config().isolation() == Isolation.WORKTREE;
        var out = new ArrayList<String>();
        for (String id : added) {
            Node n = grown.node(id).orElse(null);
            if (n == null || !(n.spec() instanceof NodeSpec.Task t)) {
                continue;
            }
            String weaker = weaker(Sandbox.of(grown, n), held);
            if (weaker != null) {
                out.add("node \"" + id + "\" would run " + weaker + ", and added nodes run in their planner's sandbox (\"" + planner + "\"'s)"
                        + " or a stricter one: leave \"sandbox\" out");
            }
            if (isolated && t.execution().isolation() != Isolation.WORKTREE) {
                out.add("node \"" + id + "\" would run outside a worktree, and its planner \"" + planner + "\" is isolated; added nodes are"
                        + " isolated as their planner is: leave \"isolation\" out");
            }
            if (!t.execution().env().isEmpty()) {
                out.add("node \"" + id + "\" sets environment variables (" + String.join(", ", t.execution().env().keySet()) + "); added nodes may not set"
                        + " any: pass values through inputs or the key-value store");
            }
            if (t.execution().cwd() != null && !t.execution().cwd().isBlank() && escapes(t.execution().cwd())) {
                out.add("node \"" + id + "\" works in \"" + t.execution().cwd() + "\", outside the workflow's folder; an added node's \"cwd\" is a folder"
                        + " inside it");
            }
        }
        return out;
    }

    /** How {@code added} is weaker than {@code held} ("without a sandbox", "with network"...); null when it is not. */
    static String weaker(Sandbox added, Sandbox held) {
        if (held == null) {
            return null;
        }
        if (added == null) {
            return "without a sandbox";
        }
        if (added.network() && !held.network()) {
            return "with network in its sandbox";
        }
        List<String> extra = added.writes().stream().filter(w -> !held.writes().contains(w)).toList();
        return extra.isEmpty() ? null : "in a sandbox that may also write " + String.join(", ", extra);
    }

    /** Whether a relative {@code cwd} leaves the workflow's folder (or is absolute, or starts in the home folder). */
    static boolean escapes(String cwd) {
        if (cwd.startsWith("/") || cwd.startsWith("~")) {
            return true;
        }
        Path p = Path.of(cwd).normalize();
        return p.startsWith("..");
    }
}

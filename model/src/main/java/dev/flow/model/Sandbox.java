package dev.flow.model;

import java.util.List;

/**
 * Where the process of a step may write. In a sandbox a process writes only to its working
 * directory (the step's worktree when it is isolated), its artifact folder, a private {@code /tmp}
 * and the paths of {@code writes}; everything else is read-only. Written {@code sandbox} (with
 * {@code offline} and {@code writes} as needed) or {@code sandbox none} on a task, an agent
 * definition or a whole workflow; the nearest one counts, whole: a task's own, else its agent's,
 * else its workflow's.
 *
 * @param enabled false for {@code sandbox none}: no sandbox, whatever a wider setting says
 * @param network whether the process may use the network (false for {@code sandbox offline})
 * @param writes further paths the process may write: absolute, {@code ~/...} (the home
 *     directory), or relative to the workflow's folder
 */
public record Sandbox(boolean enabled, boolean network, List<String> writes, SourceRef source) {

    public Sandbox {
        writes = Models.list(writes);
        source = source == null ? SourceRef.NONE : source;
    }

    /** {@code sandbox none}. */
    public static Sandbox none(SourceRef source) {
        return new Sandbox(false, true, List.of(), source);
    }

    /**
     * The sandbox the process of {@code node} runs in: the task's own setting, else its agent
     * definition's, else the workflow's; null when none applies or the nearest says {@code none}.
     * Only tasks and merges with an agent run a process of their own; gates run unsandboxed.
     */
    public static Sandbox of(Workflow workflow, Node node) {
        Sandbox chosen = null;
        NameRef agent = null;
        if (node.spec() instanceof NodeSpec.Task t) {
            chosen = t.sandbox();
            agent = t.agent();
        } else if (node.spec() instanceof NodeSpec.Merge m && m.agent() != null) {
            agent = m.agent();
        } else {
            return null;
        }
        if (chosen == null && agent != null) {
            chosen = workflow.agent(agent.name()).map(AgentDef::sandbox).orElse(null);
        }
        if (chosen == null) {
            chosen = workflow.config().sandbox();
        }
        return chosen != null && chosen.enabled() ? chosen : null;
    }

    /** A node whose process runs in a sandbox, and the setting that puts it there. */
    public record Use(Workflow workflow, Node node, Sandbox sandbox) {}

    /** The first node of the graph, in any of its workflows, whose process runs in a sandbox. */
    public static java.util.Optional<Use> firstUse(FlowGraph graph) {
        for (Workflow w : graph.all()) {
            for (Node n : w.nodes()) {
                Sandbox s = of(w, n);
                if (s != null) {
                    return java.util.Optional.of(new Use(w, n, s));
                }
            }
        }
        return java.util.Optional.empty();
    }
}

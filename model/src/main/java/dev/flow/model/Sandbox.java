package dev.flow.model;

import java.util.List;
import java.util.Optional;

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
        OwnProcess own = node.spec().accept(OWN_PROCESS);
        if (own == null) {
            return null;
        }
        Sandbox chosen = own.sandbox();
        NameRef agent = own.agent();
        if (chosen == null && agent != null) {
            chosen = workflow.agent(agent.name()).map(AgentDef::sandbox).orElse(null);
        }
        if (chosen == null) {
            chosen = workflow.config().sandbox();
        }
        return chosen != null && chosen.enabled() ? chosen : null;
    }

    /** What decides the sandbox of a node's own process: its own setting, and the agent it runs (either may be null). */
    private record OwnProcess(Sandbox sandbox, NameRef agent) {}

    /** The own process of each kind of node; null for a kind that runs none. */
    private static final NodeSpec.Visitor<OwnProcess> OWN_PROCESS = new NodeSpec.Visitor<OwnProcess>() {
        @Override
        public OwnProcess task(NodeSpec.Task task) {
            return new OwnProcess(task.execution().sandbox(), task.call().agent());
        }

        @Override
        public OwnProcess gate(NodeSpec.Gate gate) {
            return null;
        }

        @Override
        public OwnProcess branch(NodeSpec.Branch branch) {
            return null;
        }

        @Override
        public OwnProcess parallel(NodeSpec.Parallel parallel) {
            return null;
        }

        @Override
        public OwnProcess merge(NodeSpec.Merge merge) {
            return merge.agent() != null ? new OwnProcess(null, merge.agent()) : null;
        }

        @Override
        public OwnProcess subgraph(NodeSpec.Subgraph subgraph) {
            return null;
        }

        @Override
        public OwnProcess human(NodeSpec.Human human) {
            return null;
        }

        @Override
        public OwnProcess checkpoint(NodeSpec.Checkpoint checkpoint) {
            return null;
        }

        @Override
        public OwnProcess start(NodeSpec.Start start) {
            return null;
        }

        @Override
        public OwnProcess end(NodeSpec.End end) {
            return null;
        }

        @Override
        public OwnProcess unknown(NodeSpec.Unknown unknown) {
            return null;
        }
    };

    /** A node whose process runs in a sandbox, and the setting that puts it there. */
    public record Use(Workflow workflow, Node node, Sandbox sandbox) {}

    /** The first node of the graph, in any of its workflows, whose process runs in a sandbox. */
    public static Optional<Use> firstUse(FlowGraph graph) {
        for (Workflow w : graph.all()) {
            for (Node n : w.nodes()) {
                Sandbox s = of(w, n);
                if (s != null) {
                    return Optional.of(new Use(w, n, s));
                }
            }
        }
        return Optional.empty();
    }
}

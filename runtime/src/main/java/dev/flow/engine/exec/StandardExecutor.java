package dev.flow.engine.exec;

import dev.flow.engine.broker.KvAccess;
import dev.flow.engine.workspace.Workspaces;
import dev.flow.model.Isolation;
import dev.flow.model.NodeSpec;
import java.time.Duration;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The executor the engine uses unless told otherwise: command tasks, agent tasks and merges, gates,
 * and isolated tasks and gates in worktrees of their own ({@link IsolatedTask}).
 * Agents named in {@code inProcess} are run by Java code instead of a program (benchmarks and
 * embedders use this; workflows cannot tell the difference).
 */
public final class StandardExecutor implements WorkExecutor {
    private final CommandTask commandTask;
    private final AgentTask agentTask;
    private final Gates gates;
    private final Map<String, WorkExecutor> inProcess;
    private final IsolatedTask isolated;

    /**
     * @param roles the agents that play the roles of tasks that name a role and no agent
     * @param containment how the processes of a job are held together and killed
     * @param workspaces where isolated steps make their worktrees; null when isolation is not available
     * @param probe told of the points of an isolated step's apply ({@code before-apply}, {@code during-apply})
     * @param stepKv what the key-value broker of a sandboxed step serves it
     * @param activity told what a running agent is doing, from its event stream
     */
    public StandardExecutor(AgentCommands agents, RoleAgents roles, Map<String, WorkExecutor> inProcess, Duration defaultTimeout,
            boolean contractFooter, Containment containment, Workspaces workspaces, BiConsumer<String, String> probe, KvAccess.Factory stepKv,
            ActivitySink activity) {
        var launcher = new Launcher(containment, stepKv);
        this.gates = new Gates(launcher, defaultTimeout);
        this.commandTask = new CommandTask(launcher, gates);
        this.agentTask = new AgentTask(launcher, gates, agents, roles, contractFooter, activity);
        this.inProcess = Map.copyOf(inProcess);
        this.isolated = workspaces == null ? null : new IsolatedTask(gates, workspaces, probe);
    }

    @Override
    public Outcome execute(Job job, Cancellation cancellation) {
        if (job.promptError() != null) {
            return Outcome.failed(job.promptError(), false, Map.of());
        }
        return job.node().spec().accept(new NodeSpec.Visitor<Outcome>() {
            @Override
            public Outcome task(NodeSpec.Task task) {
                if (task.call().agent() != null && inProcess.containsKey(task.call().agent().name())) {
                    return inProcess.get(task.call().agent().name()).execute(job, cancellation);
                }
                if (task.execution().isolated()) {
                    if (isolated == null) {
                        return Outcome.failed("task \"" + job.nodeId() + "\" runs isolated, but this engine has no folder for worktrees", false, Map.of());
                    }
                    return isolated.run(job, task, cancellation, (inner, bare) -> StandardExecutor.this.task(inner, bare, cancellation));
                }
                return StandardExecutor.this.task(job, task, cancellation);
            }

            @Override
            public Outcome gate(NodeSpec.Gate gate) {
                if (gate.isolation() == Isolation.WORKTREE && isolated != null) {
                    return isolated.gate(job, gate, cancellation);
                }
                return gates.gateNode(job, gate, cancellation);
            }

            @Override
            public Outcome branch(NodeSpec.Branch branch) {
                return runsNoProcess(job);
            }

            @Override
            public Outcome parallel(NodeSpec.Parallel parallel) {
                return runsNoProcess(job);
            }

            @Override
            public Outcome merge(NodeSpec.Merge merge) {
                if (merge.agent() == null) {
                    return runsNoProcess(job);
                }
                WorkExecutor own = inProcess.get(merge.agent().name());
                if (own != null) {
                    return own.execute(job, cancellation);
                }
                return agentTask.run(job, merge.agent().name(), null, Map.of(), null, cancellation);
            }

            @Override
            public Outcome subgraph(NodeSpec.Subgraph subgraph) {
                return runsNoProcess(job);
            }

            @Override
            public Outcome human(NodeSpec.Human human) {
                return runsNoProcess(job);
            }

            @Override
            public Outcome checkpoint(NodeSpec.Checkpoint checkpoint) {
                return runsNoProcess(job);
            }

            @Override
            public Outcome start(NodeSpec.Start start) {
                return runsNoProcess(job);
            }

            @Override
            public Outcome end(NodeSpec.End end) {
                return runsNoProcess(job);
            }

            @Override
            public Outcome unknown(NodeSpec.Unknown unknown) {
                return runsNoProcess(job);
            }
        });
    }

    private static Outcome runsNoProcess(Job job) {
        return Outcome.failed("node \"" + job.nodeId() + "\" of kind " + job.node().kind().keyword() + " runs no process", false, Map.of());
    }

    /** The task's agent or command, then its gates (none when the isolated step runs them itself). */
    private Outcome task(Job job, NodeSpec.Task t, Cancellation cancellation) {
        if (t.call().agent() != null) {
            return agentTask.run(job, t.call().agent().name(), t.execution().cwd(), t.execution().env(), t, cancellation);
        }
        if (t.command() != null) {
            return commandTask.run(job, t, cancellation);
        }
        if (t.call().role() != null) {
            return agentTask.run(job, null, t.execution().cwd(), t.execution().env(), t, cancellation);
        }
        return Outcome.failed("task \"" + job.nodeId() + "\" has neither an agent nor a command to run", false, Map.of());
    }
}

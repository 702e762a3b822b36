package dev.flow.engine.exec;

import dev.flow.model.NodeSpec;
import java.time.Duration;
import java.util.Map;

/**
 * The executor the engine uses unless told otherwise: command tasks, agent tasks and merges, gates.
 * Agents named in {@code inProcess} are run by Java code instead of a program (benchmarks and
 * embedders use this; workflows cannot tell the difference).
 */
public final class StandardExecutor implements WorkExecutor {
    private final CommandTask commandTask;
    private final AgentTask agentTask;
    private final Gates gates;
    private final Map<String, WorkExecutor> inProcess;

    public StandardExecutor(AgentCommands agents, RoleAgents roles, Map<String, WorkExecutor> inProcess, Duration defaultTimeout,
            boolean contractFooter) {
        var launcher = new Launcher();
        this.gates = new Gates(launcher, defaultTimeout);
        this.commandTask = new CommandTask(launcher, gates);
        this.agentTask = new AgentTask(launcher, gates, agents, roles, contractFooter);
        this.inProcess = Map.copyOf(inProcess);
    }

    /** An executor whose role agents come from the environment {@code agents} reads. */
    public StandardExecutor(AgentCommands agents, Map<String, WorkExecutor> inProcess, Duration defaultTimeout, boolean contractFooter) {
        this(agents, new RoleAgents(Map.of(), Map.of()), inProcess, defaultTimeout, contractFooter);
    }

    @Override
    public Outcome execute(Job job, Cancellation cancellation) {
        if (job.promptError() != null) {
            return Outcome.failed(job.promptError(), false, Map.of());
        }
        NodeSpec spec = job.node().spec();
        if (spec instanceof NodeSpec.Task t) {
            if (t.agent() != null) {
                WorkExecutor own = inProcess.get(t.agent().name());
                if (own != null) {
                    return own.execute(job, cancellation);
                }
                return agentTask.run(job, t.agent().name(), t.cwd(), t.env(), t, cancellation);
            }
            if (t.command() != null) {
                return commandTask.run(job, t, cancellation);
            }
            if (t.role() != null) {
                return agentTask.run(job, null, t.cwd(), t.env(), t, cancellation);
            }
            return Outcome.failed("task \"" + job.nodeId() + "\" has neither an agent nor a command to run", false, Map.of());
        }
        if (spec instanceof NodeSpec.Gate g) {
            return gates.gateNode(job, g, cancellation);
        }
        if (spec instanceof NodeSpec.Merge m && m.agent() != null) {
            WorkExecutor own = inProcess.get(m.agent().name());
            if (own != null) {
                return own.execute(job, cancellation);
            }
            return agentTask.run(job, m.agent().name(), null, Map.of(), null, cancellation);
        }
        return Outcome.failed("node \"" + job.nodeId() + "\" of kind " + job.node().kind().keyword() + " runs no process", false, Map.of());
    }
}

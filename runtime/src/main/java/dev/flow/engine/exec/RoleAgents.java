package dev.flow.engine.exec;

import dev.flow.model.AgentDef;
import dev.flow.model.FlowGraph;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.Workflow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Who plays a role: the agent that runs a task naming a {@code role} and no agent (dialect 1's
 * {@code task_config.role}). The most specific setting wins:
 * <ol>
 *   <li>the run's own, {@code --role ROLE=COMMAND} ({@link #RoleAgents(Map, Map) overrides});
 *   <li>the environment variable {@code FLOW_ROLE_<ROLE>} ({@code FLOW_ROLE_CODE_REVIEWER} for
 *       {@code code reviewer});
 *   <li>an agent of the workflow that lists the role in its {@code roles};
 *   <li>{@code FLOW_ROLE_AGENT}, the agent of every role.
 * </ol>
 * Command lines are a JSON array or words, as for {@code FLOW_AGENT_<NAME>}; a program given by
 * a relative path is found from the folder Flow was started in. With none of these, the task fails
 * at once (not retried), and the message names the settings.
 */
public final class RoleAgents {
    /** The variable whose command line plays every role that has no agent of its own. */
    public static final String DEFAULT_VARIABLE = "FLOW_ROLE_AGENT";

    private final Map<String, List<String>> overrides;
    private final Map<String, String> env;

    /**
     * @param overrides command lines by role, from the run's own settings
     * @param env where {@code FLOW_ROLE_<ROLE>} and {@code FLOW_ROLE_AGENT} are read
     */
    public RoleAgents(Map<String, List<String>> overrides, Map<String, String> env) {
        this.overrides = Map.copyOf(overrides);
        this.env = Map.copyOf(env);
    }

    /**
     * The agent playing a role.
     *
     * @param name how messages name it: the workflow agent's name, or {@code role ROLE}
     * @param argv its command line
     * @param definition the workflow's agent definition (how the prompt is passed, its environment);
     *     null for a command line from the settings
     * @param setting where it came from, for messages ({@code FLOW_ROLE_AGENT}, {@code agent bot})
     */
    public record Played(String name, List<String> argv, AgentDef definition, String setting) {}

    /** The variable that gives {@code role}'s command line. */
    public static String variableFor(String role) {
        return "FLOW_ROLE_" + role.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
    }

    /** Who plays {@code role} in {@code workflow}; empty when nothing is configured. */
    public Optional<Played> resolve(Workflow workflow, String role) {
        String name = "role " + role;
        if (overrides.containsKey(role)) {
            return Optional.of(new Played(name, AgentCommands.anchored(overrides.get(role)), null, "--role " + role + "=..."));
        }
        String own = env.get(variableFor(role));
        if (own != null && !own.isBlank()) {
            return Optional.of(new Played(name, AgentCommands.anchored(AgentCommands.parse(own)), null, variableFor(role)));
        }
        for (AgentDef def : workflow.agents()) {
            if (def.roles().contains(role) && def.command() != null) {
                return Optional.of(new Played(def.name(), Launcher.argv(def.command()), def, "agent " + def.name()));
            }
        }
        String every = env.get(DEFAULT_VARIABLE);
        if (every != null && !every.isBlank()) {
            return Optional.of(new Played(name, AgentCommands.anchored(AgentCommands.parse(every)), null, DEFAULT_VARIABLE));
        }
        return Optional.empty();
    }

    /**
     * The roles of {@code graph} that nobody plays, each with the tasks that ask for it, in the
     * order they are met: {@code flow run} refuses to start with any (a task would fail at once).
     */
    public Map<String, List<String>> unplayed(FlowGraph graph) {
        var out = new LinkedHashMap<String, List<String>>();
        for (Workflow w : graph.all()) {
            for (Node node : w.nodes()) {
                if (node.spec() instanceof NodeSpec.Task t && t.call().agent() == null && t.command() == null && t.call().role() != null
                        && resolve(w, t.call().role()).isEmpty()) {
                    out.computeIfAbsent(t.call().role(), r -> new ArrayList<>()).add(node.id());
                }
            }
            // an automatic escalation node names no agent unless its escalation does: the planner role runs it
            dev.flow.model.Escalations.of(w).all().forEach((failed, e) -> {
                String auto = dev.flow.model.Escalation.autoNodeId(failed);
                if (e.mode() == dev.flow.model.Escalation.Mode.AUTO && e.agent() == null && w.node(auto).isEmpty()
                        && resolve(w, dev.flow.model.Escalation.PLANNER_ROLE).isEmpty()) {
                    out.computeIfAbsent(dev.flow.model.Escalation.PLANNER_ROLE, r -> new ArrayList<>()).add(auto);
                }
            });
        }
        return out;
    }

    /** Why a task asking for {@code role} cannot run, naming what to set. */
    public static String missing(String role) {
        return "no agent plays role \"" + role + "\": set " + variableFor(role) + " to its command line (or " + DEFAULT_VARIABLE
                + " for every role), pass --role " + quoted(role) + "=COMMAND to flow run, or define an agent with roles \"" + role + "\"";
    }

    /** Why the tasks of several roles cannot run ({@link #unplayed}), in one message that names the settings. */
    public static String missing(Map<String, List<String>> unplayed) {
        if (unplayed.size() == 1) {
            var only = unplayed.entrySet().iterator().next();
            return missing(only.getKey()) + " (" + tasks(only.getValue()) + ")";
        }
        var roles = new ArrayList<String>();
        unplayed.forEach((role, tasks) -> roles.add("\"" + role + "\" (" + tasks(tasks) + ")"));
        String first = unplayed.keySet().iterator().next();
        return "no agent plays the roles " + String.join(", ", roles) + ": set " + DEFAULT_VARIABLE + " to the command line of an agent"
                + " for every role, or FLOW_ROLE_<ROLE> for one (" + variableFor(first) + "), pass --role ROLE=COMMAND to flow run,"
                + " or define agents with their roles";
    }

    private static String tasks(List<String> ids) {
        return (ids.size() == 1 ? "task " : "tasks ") + String.join(", ", ids);
    }

    private static String quoted(String role) {
        return role.matches("[A-Za-z0-9_.-]+") ? role : "'" + role + "'";
    }
}

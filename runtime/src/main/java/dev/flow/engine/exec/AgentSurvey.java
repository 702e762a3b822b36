package dev.flow.engine.exec;

import dev.flow.model.AgentDef;
import dev.flow.model.Escalation;
import dev.flow.model.Escalations;
import dev.flow.model.FlowGraph;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.Workflow;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The agents a workflow uses, each with the command line Flow will run for it, whether its program
 * is there and whether its CLI's credentials are set, found the way a step finds them and without
 * calling a model: what {@code flow agents} prints and what {@code flow run} checks before it
 * starts.
 */
public final class AgentSurvey {
    private AgentSurvey() {}

    /**
     * One agent.
     *
     * @param name the agent's name ({@code role reviewer} for a role's agent)
     * @param nodes the nodes that run it
     * @param argv the command line Flow runs (its permissions applied); empty when none is set
     * @param problem why it cannot run (no command, a missing program); null when it can
     * @param program where its program is; null when not found
     * @param cli {@code claude}, {@code codex} or {@code gemini} when its program is one; else null
     * @param env the variables its process gets (the agent's {@code env} over the process's), for credentials and {@code --version}
     */
    public record Entry(String name, List<String> nodes, List<String> argv, String problem, Path program, String cli, Map<String, String> env) {
        /** Where its CLI's credentials are; null for a program that is not a known CLI. */
        public CliCredentials.Finding credentials() {
            return cli == null ? null : CliCredentials.of(cli, env);
        }
    }

    /** The agents of every workflow of {@code graph}, in the order their first node comes. */
    public static List<Entry> of(FlowGraph graph, AgentCommands commands, RoleAgents roles, Map<String, String> env, Path workflowDir) {
        var uses = new LinkedHashMap<String, Use>();
        for (Workflow w : graph.all()) {
            for (Node node : w.nodes()) {
                named(node).forEach(agent -> uses.computeIfAbsent(w.id() + "\0agent " + agent, k -> new Use(w, agent, null)).nodes.add(node.id()));
                if (node.spec() instanceof NodeSpec.Task t && t.call().agent() == null && t.command() == null && t.call().role() != null) {
                    uses.computeIfAbsent(w.id() + "\0role " + t.call().role(), k -> new Use(w, null, t.call().role())).nodes.add(node.id());
                }
            }
            Escalations.of(w).all().forEach((failed, e) -> {
                if (e.mode() == Escalation.Mode.AUTO) {
                    String auto = Escalation.autoNodeId(failed);
                    Use use = e.agent() != null ? uses.computeIfAbsent(w.id() + "\0agent " + e.agent().name(), k -> new Use(w, e.agent().name(), null))
                            : uses.computeIfAbsent(w.id() + "\0role " + Escalation.PLANNER_ROLE, k -> new Use(w, null, Escalation.PLANNER_ROLE));
                    use.nodes.add(auto);
                }
            });
        }
        var out = new LinkedHashMap<String, Entry>();
        for (Use use : uses.values()) {
            Entry e = entry(use, commands, roles, env, workflowDir);
            out.merge(e.name() + "\0" + e.argv(), e, (a, b) -> new Entry(a.name(), concat(a.nodes(), b.nodes()), a.argv(), a.problem(), a.program(),
                    a.cli(), a.env()));
        }
        return List.copyOf(out.values());
    }

    /** The built-in CLIs as this installation would run them, for {@code flow agents} without a workflow. */
    public static List<Entry> installation(AgentCommands commands, Map<String, String> env, Path dir) {
        var out = new ArrayList<Entry>();
        for (String cli : List.of("claude", "codex", "gemini")) {
            List<String> argv = commands.commandFor(cli).orElse(List.of());
            out.add(located(cli, List.of(), argv, env, dir));
        }
        return out;
    }

    /**
     * The entries whose program, named without a path, is not on the PATH: what stops {@code flow run}. An agent with no command at
     * all is left to its node, which fails naming the setting (as a role nobody plays is refused by
     * {@link RoleAgents#unplayed}).
     */
    public static List<Entry> unrunnable(List<Entry> entries) {
        // a program named by a path may be found from a step's own folder at run time; a bare name only on the PATH
        return entries.stream().filter(e -> !e.argv().isEmpty() && e.program() == null && !e.argv().get(0).contains("/")).toList();
    }

    /** One message for the agents that cannot run, naming each with its nodes and what to do. */
    public static String missing(List<Entry> unrunnable) {
        var parts = new ArrayList<String>();
        for (Entry e : unrunnable) {
            parts.add(e.problem() + (e.nodes().isEmpty() ? "" : " (" + (e.nodes().size() == 1 ? "node " : "nodes ") + String.join(", ", e.nodes()) + ")"));
        }
        return String.join("; ", parts);
    }

    private static final class Use {
        final Workflow workflow;
        final String agent;
        final String role;
        final List<String> nodes = new ArrayList<>();

        Use(Workflow workflow, String agent, String role) {
            this.workflow = workflow;
            this.agent = agent;
            this.role = role;
        }
    }

    private static List<String> named(Node node) {
        NameRef ref = node.namedAgent();
        return ref == null ? List.of() : List.of(ref.name());
    }

    private static Entry entry(Use use, AgentCommands commands, RoleAgents roles, Map<String, String> env, Path workflowDir) {
        String shown = use.agent != null ? use.agent : "role " + use.role;
        AgentResolver.Resolved agent;
        try {
            agent = AgentResolver.resolve(use.workflow, use.agent, use.role, commands, roles);
        } catch (AgentResolver.Unresolved e) {
            return new Entry(shown, use.nodes, List.of(), e.getMessage(), null, null, env);
        }
        var all = new LinkedHashMap<>(env);
        AgentDef def = agent.definition();
        if (def != null) {
            all.putAll(def.env());
        }
        return located(use.agent != null ? use.agent : agent.name(), use.nodes, agent.argvIn(workflowDir, workflowDir), all, workflowDir);
    }

    private static Entry located(String name, List<String> nodes, List<String> argv, Map<String, String> env, Path dir) {
        if (argv.isEmpty()) {
            return new Entry(name, nodes, argv, "agent \"" + name + "\" has no command: set " + AgentCommands.variableFor(name), null, null, env);
        }
        String cli = PermissionFlags.cli(argv);
        try {
            Path program = ProgramLocator.locate(argv.get(0), dir, env);
            return new Entry(name, nodes, argv, null, program, cli, env);
        } catch (LaunchException e) {
            String install = cli == null ? "" : " (" + INSTALL.get(cli) + ")";
            return new Entry(name, nodes, argv, "agent \"" + name + "\": " + e.getMessage() + install, null, cli, env);
        }
    }

    /** How each CLI is installed. */
    public static final Map<String, String> INSTALL = Map.of(
            "claude", "npm install -g @anthropic-ai/claude-code",
            "codex", "npm install -g @openai/codex",
            "gemini", "npm install -g @google/gemini-cli");

    private static List<String> concat(List<String> a, List<String> b) {
        var out = new ArrayList<>(a);
        b.stream().filter(x -> !out.contains(x)).forEach(out::add);
        return out;
    }
}

package dev.flow.engine.exec;

import dev.flow.model.AgentDef;
import dev.flow.model.AgentPermissions;
import dev.flow.model.BuiltinAgents;
import dev.flow.model.Workflow;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Which program runs an agent: a workflow's {@code agent NAME { run [...] }}, else the configured or
 * built-in command of NAME ({@link AgentCommands}); with no name, the agent that plays the role
 * ({@link RoleAgents}). Tasks and {@code flow microcall} find their agents the same way.
 */
public final class AgentResolver {
    private AgentResolver() {}

    /**
     * The agent found.
     *
     * @param definition the workflow's definition of it, or null for a configured or built-in one
     */
    public record Resolved(String name, List<String> argv, AgentDef definition) {
        /** Whether its command line is a configured or built-in one (so Flow knows how to continue its sessions). */
        public boolean builtin() {
            return definition == null || definition.command() == null;
        }

        /** Its command line run in {@code dir}: a program named by a relative path that is not there is taken from {@code workflowDir}. */
        public List<String> argvIn(Path dir, Path workflowDir) {
            return Launcher.anchored(argv, dir, workflowDir);
        }

        /** The variables its permissions need when the step runs in Flow's sandbox or not ({@link PermissionFlags#environment}). */
        public Map<String, String> permissionEnvironment(boolean sandboxed) {
            return PermissionFlags.environment(argv, definition == null ? null : definition.permissions(), sandboxed);
        }

        /** Whether its prompt goes in the file {@code FLOW_PROMPT_FILE} rather than on standard input. */
        public boolean promptViaFile() {
            return definition != null && definition.promptVia() == AgentDef.PromptVia.FILE;
        }
    }

    /** No program runs the agent; the message says what to set. */
    public static final class Unresolved extends Exception {
        private static final long serialVersionUID = 1L;

        Unresolved(String message) {
            super(message);
        }
    }

    /** The agent {@code agentName}, or, when it is null, the one that plays {@code role}. */
    public static Resolved resolve(Workflow workflow, String agentName, String role, AgentCommands commands, RoleAgents roles)
            throws Unresolved {
        if (agentName == null) {
            var played = roles.resolve(workflow, role).orElseThrow(() -> new Unresolved(RoleAgents.missing(role)));
            AgentPermissions permissions = played.definition() == null ? null : played.definition().permissions();
            return new Resolved(played.name(), PermissionFlags.apply(played.argv(), permissions), played.definition());
        }
        AgentDef def = workflow.agent(agentName).orElse(null);
        AgentPermissions permissions = def == null ? null : def.permissions();
        if (def != null && def.command() != null) {
            return new Resolved(agentName, PermissionFlags.apply(Launcher.argv(def.command()), permissions), def);
        }
        var configured = commands.commandFor(agentName);
        if (configured.isEmpty()) {
            String hint = BuiltinAgents.isBuiltin(agentName)
                    ? "set " + AgentCommands.variableFor(agentName) + " to its command line, or define \"agent " + agentName + " { run [...] }\""
                    : "define \"agent " + agentName + " { run [...] }\" in the workflow";
            throw new Unresolved("agent \"" + agentName + "\" has no command: " + hint);
        }
        return new Resolved(agentName, PermissionFlags.apply(configured.get(), permissions), def);
    }
}

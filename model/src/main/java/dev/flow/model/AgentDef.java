package dev.flow.model;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A program that plays an agent: it receives a prompt and answers with a JSON result (output name,
 * summary, state updates, cost). The built-in agents {@code claude}, {@code codex}, {@code gemini}
 * and {@code self} are defined by the runtime and need no definition; a workflow may define its
 * own or override the command of a built-in.
 *
 * @param command null for a built-in whose command line comes from the runtime's configuration
 * @param promptVia how the prompt reaches the program
 * @param sandbox the sandbox setting of the tasks that run this agent and set none of their own; null for the workflow's
 * @param roles the roles this agent plays for tasks that name a role and no agent (dialect 1's
 *     {@code task_config.role})
 * @param permissions what its CLI may do without asking; null when not written (the built-in
 *     command lines then use {@link AgentPermissions#DEFAULT}, and a configured one is taken as written)
 */
public record AgentDef(
        String name, String description, Command command, PromptVia promptVia, Map<String, String> env, Sandbox sandbox, SourceRef source,
        List<String> roles, AgentPermissions permissions) {

    public AgentDef {
        Objects.requireNonNull(name, "name");
        promptVia = promptVia == null ? PromptVia.STDIN : promptVia;
        env = Models.map(env);
        source = source == null ? SourceRef.NONE : source;
        roles = Models.list(roles);
    }

    /** An agent with no permissions setting. */
    public AgentDef(
            String name, String description, Command command, PromptVia promptVia, Map<String, String> env, Sandbox sandbox, SourceRef source,
            List<String> roles) {
        this(name, description, command, promptVia, env, sandbox, source, roles, null);
    }

    /** An agent that plays no role, with no sandbox setting of its own. */
    public AgentDef(String name, String description, Command command, PromptVia promptVia, Map<String, String> env, SourceRef source) {
        this(name, description, command, promptVia, env, null, source, List.of());
    }

    /** How an agent receives its prompt: on standard input, or in a file named by {@code FLOW_PROMPT_FILE}. */
    public enum PromptVia {
        STDIN,
        FILE
    }
}

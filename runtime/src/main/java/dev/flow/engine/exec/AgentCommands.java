package dev.flow.engine.exec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The command lines of the built-in agents, in one place. A workflow's own {@code agent} definition
 * wins; then the engine's configuration ({@link #AgentCommands(Map, Map)} overrides); then the
 * environment variable {@code FLOW_AGENT_<NAME>} (e.g. {@code FLOW_AGENT_CLAUDE='["claude", "-p"]'}
 * or {@code FLOW_AGENT_CLAUDE='claude -p'}); then the defaults below. {@code self} has no default:
 * it is whatever agent is driving the flow, so it must be configured.
 */
public final class AgentCommands {

    /**
     * The defaults: each reads the prompt on standard input, prints its answer as JSON, and may edit
     * files in its working folder without asking, and nothing more: the step's worktree and Flow's
     * sandbox are the boundary. claude's {@code acceptEdits} allows its edit tools there (a command
     * still needs {@code --allowedTools 'Bash(...)'}); codex's {@code workspace-write} sandbox lets
     * it write the folder and run commands inside that sandbox ({@code exec} never asks); gemini's
     * {@code auto_edit} runs its edit tools ({@code --skip-trust}: headless, it refuses a folder it
     * has not been told to trust). Anything the CLI refuses fails the attempt ({@link CliReport}).
     * Each prints an event stream (claude's {@code stream-json}, which needs {@code --verbose};
     * codex's {@code --json}; gemini's {@code stream-json}) whose last result is the answer, so that
     * Flow can show what the agent does while it works ({@link AgentActivity}); the level of these flags is the
     * agent's {@code permissions} ({@link PermissionFlags}).
     */
    public static final Map<String, List<String>> DEFAULTS = Map.of(
            "claude", List.of("claude", "-p", "--output-format", "stream-json", "--verbose", "--permission-mode", "acceptEdits"),
            "codex", List.of("codex", "exec", "--sandbox", "workspace-write", "--json", "--skip-git-repo-check", "-"),
            "gemini", List.of("gemini", "--output-format", "stream-json", "--skip-trust", "--approval-mode", "auto_edit"));

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Map<String, List<String>> overrides;
    private final Map<String, String> env;

    public AgentCommands(Map<String, List<String>> overrides, Map<String, String> env) {
        this.overrides = Map.copyOf(overrides);
        this.env = Map.copyOf(env);
    }

    /** Defaults and the process's environment. */
    public static AgentCommands fromEnvironment() {
        return new AgentCommands(Map.of(), System.getenv());
    }

    /** The user's prices of tokens ({@link PriceTable#VARIABLE}), for agents that report only tokens. */
    public PriceTable prices() throws PriceTable.Invalid {
        return PriceTable.fromEnvironment(env);
    }

    /** The variable that overrides an agent's command line. */
    public static String variableFor(String agent) {
        return "FLOW_AGENT_" + agent.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
    }

    /** The command line of a built-in agent, if one is known. */
    public Optional<List<String>> commandFor(String agent) {
        if (overrides.containsKey(agent)) {
            return Optional.of(anchored(overrides.get(agent)));
        }
        String configured = env.get(variableFor(agent));
        if (configured != null && !configured.isBlank()) {
            return Optional.of(anchored(parse(configured)));
        }
        return Optional.ofNullable(DEFAULTS.get(agent));
    }

    /**
     * A command line from the settings with its program, when given by a relative path
     * ({@code examples/agents/scripted-agent}), made absolute from the folder Flow was started in:
     * the user wrote it there, while the process runs in the workflow's folder.
     */
    public static List<String> anchored(List<String> argv) {
        if (argv.isEmpty() || !argv.get(0).contains("/") || Path.of(argv.get(0)).isAbsolute()) {
            return argv;
        }
        var out = new ArrayList<>(argv);
        out.set(0, Path.of("").toAbsolutePath().resolve(argv.get(0)).normalize().toString());
        return List.copyOf(out);
    }

    /** A command line from configuration: a JSON array of strings, or words separated by spaces ("..." and '...' group). */
    public static List<String> parse(String text) {
        String t = text.strip();
        if (t.startsWith("[")) {
            try {
                List<?> items = JSON.readValue(t, List.class);
                return items.stream().map(String::valueOf).toList();
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("not a JSON array of strings: " + text);
            }
        }
        var words = new ArrayList<String>();
        var cur = new StringBuilder();
        char quote = 0;
        boolean inWord = false;
        for (char c : t.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    cur.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(cur.toString());
                    cur.setLength(0);
                    inWord = false;
                }
            } else {
                cur.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(cur.toString());
        }
        return List.copyOf(words);
    }
}

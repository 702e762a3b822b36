package dev.flow.engine.exec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Whether a CLI's credentials are set, without reading them: the variables it takes a key from, then
 * the login file it keeps after {@code claude /login}, {@code codex login} or gemini's Google sign-in.
 * Only names are ever reported, never a value or a file's content.
 */
public final class CliCredentials {
    private CliCredentials() {}

    /**
     * What was found.
     *
     * @param found where the credentials are ({@code ANTHROPIC_API_KEY is set}, {@code login file
     *     ~/.codex/auth.json}); null when none were found
     * @param hint what to set when none were found
     */
    public record Finding(String found, String hint) {
        public boolean present() {
            return found != null;
        }
    }

    private record Places(List<String> variables, List<String> files, String hint) {}

    private static final Map<String, Places> PLACES = Map.of(
            "claude", new Places(List.of("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN"),
                    List.of("~/.claude/.credentials.json"), "set ANTHROPIC_API_KEY, or log in with claude /login"),
            "codex", new Places(List.of("OPENAI_API_KEY", "CODEX_API_KEY"), List.of("$CODEX_HOME/auth.json"),
                    "set OPENAI_API_KEY (or the env_key of its model provider), or log in with codex login"),
            "gemini", new Places(List.of("GEMINI_API_KEY", "GOOGLE_API_KEY", "GOOGLE_APPLICATION_CREDENTIALS"),
                    List.of("~/.gemini/oauth_creds.json"), "set GEMINI_API_KEY, or sign in with gemini once"));

    /** Where {@code cli}'s credentials are, in {@code env} (the step's variables over the process's); null for a CLI Flow does not know. */
    public static Finding of(String cli, Map<String, String> env) {
        Places places = PLACES.get(cli);
        if (places == null) {
            return null;
        }
        for (String variable : places.variables()) {
            String value = env.get(variable);
            if (value != null && !value.isBlank()) {
                return new Finding(variable + " is set", null);
            }
        }
        for (String file : places.files()) {
            Path path = resolve(file, env);
            if (path != null && Files.isRegularFile(path)) {
                return new Finding("login file " + file.replace("$CODEX_HOME", env.getOrDefault("CODEX_HOME", "").isBlank() ? "~/.codex" : "$CODEX_HOME"), null);
            }
        }
        return new Finding(null, places.hint());
    }

    private static Path resolve(String file, Map<String, String> env) {
        String home = env.getOrDefault("HOME", System.getProperty("user.home"));
        if (file.startsWith("$CODEX_HOME/")) {
            String codexHome = env.get("CODEX_HOME");
            if (codexHome != null && !codexHome.isBlank()) {
                return Path.of(codexHome, file.substring("$CODEX_HOME/".length()));
            }
            return home == null ? null : Path.of(home, ".codex", file.substring("$CODEX_HOME/".length()));
        }
        return home == null ? null : Path.of(home, file.substring(2));
    }
}

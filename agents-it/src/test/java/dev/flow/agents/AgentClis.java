package dev.flow.agents;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The real CLIs the build installed (in ~/.cache/flow-test/clis, linked from target/clis, see
 * src/test/scripts/install-clis.sh), and the
 * environment that points each at the model server and lets it start with no person and no network:
 * a home folder of its own, its settings there, its API variables. What each needs, and why, is in
 * README.md.
 */
final class AgentClis {
    private AgentClis() {}

    /**
     * The folder of the installed {@code claude}, {@code codex} and {@code gemini}, as its real path:
     * target/clis is a link into the cache outside /tmp, and codex's sandbox, which hides /tmp, must
     * find its helper by a path that does not pass through a checkout there.
     */
    static Path bin() {
        String configured = System.getProperty("flow.clis");
        Path bin = configured != null ? Path.of(configured) : Path.of("target/clis/node_modules/.bin").toAbsolutePath();
        if (!Files.isExecutable(bin.resolve("claude"))) {
            throw new IllegalStateException("the agent CLIs are not installed in " + bin
                    + ": run mvn verify (its pre-integration-test phase installs them), or src/test/scripts/install-clis.sh");
        }
        try {
            return bin.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A new home folder for one CLI run, outside /tmp (in the cache, ~/.cache/flow-test/homes):
     * codex refuses to make its helper commands (its sandbox's {@code codex-linux-sandbox}) under
     * the temporary folder, and then its sandbox cannot start, so every edit fails. The test deletes
     * it ({@link #deleteHome}).
     */
    static Path newHome(String name) {
        try {
            String configured = System.getProperty("flow.homes");
            Path root = configured != null ? Path.of(configured)
                    : Path.of(System.getProperty("user.home"), ".cache/flow-test/homes");
            Files.createDirectories(root);
            return Files.createTempDirectory(root, name + "-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes a home folder of {@link #newHome} once its CLI is gone. */
    static void deleteHome(Path home) {
        try (var files = Files.walk(home)) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            // a file a CLI still wrote while it was killed: left for the next clean of the cache
        }
    }

    /** PATH with the installed CLIs first. */
    private static Map<String, String> base(Path home) {
        var env = new HashMap<String, String>();
        env.put("HOME", home.toString());
        env.put("PATH", bin() + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        return env;
    }

    /**
     * claude: the Messages API at {@code ANTHROPIC_BASE_URL} with {@code ANTHROPIC_API_KEY}; no
     * other traffic (updates, telemetry). Its own retries of a failed request are cut to
     * {@code retries} (it makes 10 by default, about three minutes on a rate limit).
     */
    static Map<String, String> claude(ModelServer server, Path home, int retries) {
        var env = base(home);
        env.put("ANTHROPIC_BASE_URL", server.baseUrl());
        env.put("ANTHROPIC_API_KEY", "sk-ant-flow-test");
        env.put("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1");
        env.put("CLAUDE_CODE_MAX_RETRIES", Integer.toString(retries));
        return env;
    }

    /**
     * codex: a model provider in {@code $CODEX_HOME/config.toml} that speaks the Responses API at the
     * server, its key in a variable; the model is one codex knows ({@code gpt-5.5}), so that it
     * offers its {@code apply_patch} tool. Its own retries are cut to {@code retries}.
     */
    static Map<String, String> codex(ModelServer server, Path home, int retries) {
        var env = base(home);
        Path codexHome = home.resolve(".codex");
        write(codexHome.resolve("config.toml"), String.join("\n",
                "model = \"gpt-5.5\"",
                "model_provider = \"flowtest\"",
                "",
                "[model_providers.flowtest]",
                "name = \"Flow's model server\"",
                "base_url = \"" + server.baseUrl() + "/v1\"",
                "wire_api = \"responses\"",
                "env_key = \"FLOW_TEST_OPENAI_KEY\"",
                "request_max_retries = " + retries,
                "stream_max_retries = " + retries,
                ""));
        env.put("CODEX_HOME", codexHome.toString());
        env.put("FLOW_TEST_OPENAI_KEY", "sk-flow-test");
        return env;
    }

    /**
     * gemini: the Gemini API at {@code GOOGLE_GEMINI_BASE_URL} with {@code GEMINI_API_KEY}. Its
     * settings must choose the API key: with a base URL and no choice, it infers a "gateway" and
     * refuses to run headless ("Invalid auth method selected.", exit 41). Its own retries are cut
     * to {@code retries} by {@code general.maxAttempts} there, the only way to shorten them (it
     * makes 10 attempts by default, 4 to 5 minutes on a rate limit).
     */
    static Map<String, String> gemini(ModelServer server, Path home, int retries) {
        var env = base(home);
        write(home.resolve(".gemini/settings.json"), "{\"security\": {\"auth\": {\"selectedType\": \"gemini-api-key\"}},"
                + " \"general\": {\"maxAttempts\": " + (retries + 1) + "}}\n");
        env.put("GOOGLE_GEMINI_BASE_URL", server.baseUrl());
        env.put("GEMINI_API_KEY", "flow-test-key");
        // it starts a second Node process with a larger heap otherwise; one is enough here
        env.put("GEMINI_CLI_NO_RELAUNCH", "true");
        return env;
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

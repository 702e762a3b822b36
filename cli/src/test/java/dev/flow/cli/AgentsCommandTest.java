package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code flow agents} and {@code flow run}'s refusal to start when an agent's CLI is missing, with a
 * PATH of the test's own: a fake {@code claude} that answers {@code --version} and records any other
 * call, and no {@code codex}. Each test starts flow as a process (a second or two), since the PATH and
 * the credentials are the process's environment.
 */
class AgentsCommandTest {
    private static final String WORKFLOW = """
            workflow pair {
                agent claude { permissions run allow "sh test.sh" }
                task write { agent claude  prompt "Write it" }
                task review { agent codex  prompt "Review it" }
                start -> write -> review -> end
            }
            """;

    @TempDir
    Path dir;

    private Workspace ws;
    private Path bin;
    private Path calls;
    private Map<String, String> env;

    @BeforeEach
    void setUp() throws Exception {
        ws = new Workspace(dir);
        bin = Files.createDirectories(dir.resolve("bin"));
        calls = dir.resolve("claude-calls.txt");
        Path claude = bin.resolve("claude");
        Files.writeString(claude, "#!/bin/sh\nif [ \"$1\" = --version ]; then echo '2.1.332 (Claude Code)'; exit 0; fi\necho \"$@\" >> " + calls + "\n");
        Files.setPosixFilePermissions(claude, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path home = Files.createDirectories(dir.resolve("home"));
        var all = new java.util.HashMap<String, String>();
        // the machine's own settings for these CLIs, if any, blanked: the test's PATH, HOME and key are all that count
        for (String blank : new String[] {"FLOW_AGENT_CODEX", "FLOW_AGENT_CLAUDE", "FLOW_AGENT_GEMINI", "OPENAI_API_KEY", "CODEX_API_KEY",
                "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN", "CODEX_HOME"}) {
            all.put(blank, "");
        }
        all.put("PATH", bin + ":/usr/bin:/bin");
        all.put("HOME", home.toString());
        all.put("ANTHROPIC_API_KEY", "sk-secret-value-1234");
        env = Map.copyOf(all);
    }

    @Test
    void showsEachAgentsCommandLineProgramVersionAndCredentialsWithoutTheirValues() throws Exception {
        Path file = ws.write("pair.flow", WORKFLOW);
        FlowProcess r = FlowProcess.run(dir, env, "agents", file.toString());
        assertThat(r.exit()).as(r.err()).isEqualTo(ExitCode.FAILED);
        assertThat(r.out()).contains(
                "agent claude  (write)",
                "  command      claude -p --output-format stream-json --verbose --permission-mode acceptEdits --allowedTools 'Bash,Bash(sh test.sh)'",
                "  program      " + bin.resolve("claude"),
                "  version      2.1.332 (Claude Code)",
                "  credentials  ANTHROPIC_API_KEY is set",
                "agent codex  (review)",
                "  command      codex exec --sandbox workspace-write --json --skip-git-repo-check -",
                "  problem      agent \"codex\": program \"codex\" is not on PATH; install it, or give its full path (npm install -g @openai/codex)");
        assertThat(r.out() + r.err()).doesNotContain("sk-secret-value-1234");
        assertThat(calls).as("only --version was run").doesNotExist();
    }

    @Test
    void saysWhatToSetWhenNoCredentialsAreFoundAndReadsAsJson() throws Exception {
        Files.writeString(ws.dir.resolve("one.flow"), "workflow one {\n    task write { agent claude  prompt \"Write it\" }\n    start -> write -> end\n}\n");
        var noKey = new java.util.HashMap<>(env);
        noKey.put("ANTHROPIC_API_KEY", "");
        FlowProcess r = FlowProcess.run(dir, noKey, "agents", "one.flow", "--format", "json");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode claude = new ObjectMapper().readTree(r.out()).get(0);
        assertThat(claude.get("name").asText()).isEqualTo("claude");
        assertThat(claude.get("command").get(0).asText()).isEqualTo("claude");
        assertThat(claude.get("version").asText()).isEqualTo("2.1.332 (Claude Code)");
        assertThat(claude.get("credentials").get("found").isNull()).isTrue();
        assertThat(claude.get("credentials").get("hint").asText()).isEqualTo("set ANTHROPIC_API_KEY, or log in with claude /login");
        // a login file counts, named and not read
        Path login = Files.createDirectories(Path.of(env.get("HOME"), ".claude")).resolve(".credentials.json");
        Files.writeString(login, "{\"token\": \"sk-secret-in-file\"}");
        FlowProcess again = FlowProcess.run(dir, noKey, "agents", "one.flow");
        assertThat(again.out()).contains("  credentials  login file ~/.claude/.credentials.json").doesNotContain("sk-secret-in-file");
    }

    @Test
    void withoutAWorkflowShowsTheBuiltInClis() throws Exception {
        FlowProcess r = FlowProcess.run(dir, env, "agents", "--no-version");
        assertThat(r.out()).contains("agent claude", "agent codex", "agent gemini",
                "  command      gemini --output-format stream-json --skip-trust --approval-mode auto_edit", "  version      not asked (--no-version)");
        assertThat(r.exit()).isEqualTo(ExitCode.FAILED);
    }

    @Test
    void runRefusesToStartWhenAnAgentsCliIsMissing() throws Exception {
        Path file = ws.write("pair.flow", WORKFLOW);
        FlowProcess r = ws.process(env, "run", file.toString());
        assertThat(r.exit()).as(r.out()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).contains("agent \"codex\": program \"codex\" is not on PATH; install it, or give its full path"
                + " (npm install -g @openai/codex) (node review); \"flow agents " + file + "\" shows each agent's command line; nothing was run")
                .doesNotContain("Exception");
        assertThat(calls).as("claude's task did not run").doesNotExist();
    }
}

package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --role ROLE=COMMAND} and the refusal to start a run whose roles nobody plays (issue 10,
 * item 2). Flow runs in this JVM, so these tests need an environment without {@code FLOW_ROLE_*}
 * settings (the build's is); the environment variables are covered by the engine's tests and by
 * {@link CorpusRunsTest}.
 */
class RoleAgentsCommandTest {
    private static final String SCRIPTED = Path.of("").toAbsolutePath().getParent().resolve("examples/agents/scripted-agent").toString();
    private static final String WORKFLOW = """
            id: w
            name: W
            entry_point: plan
            nodes:
              - {id: plan, type: task, task_config: {role: planner, task_template: "Plan: {issue}"}}
              - {id: review, type: task, task_config: {role: reviewer}}
            edges:
              - {id: e1, source: plan, target: review}
            """;

    @TempDir
    Path dir;

    private Workspace ws;

    @BeforeEach
    void setUp() {
        assumeTrue(System.getenv().keySet().stream().noneMatch(k -> k.startsWith("FLOW_ROLE_")), "no FLOW_ROLE_* in this environment");
        ws = new Workspace(dir);
    }

    @Test
    void runRefusesToStartWhileARoleHasNoAgentAndNamesTheSettings() {
        Path file = ws.write("w.yaml", WORKFLOW);
        Cli r = ws.flow("run", file.toString(), "--input", "issue=x", "--role", "planner=" + SCRIPTED);
        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).contains("no agent plays role \"reviewer\": set FLOW_ROLE_REVIEWER to its command line (or FLOW_ROLE_AGENT for every"
                + " role), pass --role reviewer=COMMAND to flow run, or define an agent with roles \"reviewer\" (task review); nothing was run")
                .doesNotContain("Exception");
        assertThat(ws.flow("status").out()).doesNotContain("w ");
    }

    @Test
    void eachRolesAgentIsGivenWithRoleAndTheRunsInputsReachTheEntryTask() {
        Path file = ws.write("w.yaml", WORKFLOW);
        Cli r = ws.flow("run", file.toString(), "--input", "issue=The login page times out", "--role", "planner=" + SCRIPTED,
                "--role", "reviewer=[\"" + SCRIPTED + "\"]");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("node plan completed done", "scripted answer 1 as planner", "scripted answer 1 as reviewer");
    }

    @Test
    void resumeRefusesToGoOnWhileARoleHasNoAgent() {
        Path file = ws.write("w.yaml", WORKFLOW);
        Cli started = ws.flow("run", file.toString(), "--detach", "--input", "issue=x");
        assertThat(started.exit()).as(started.err()).isZero();
        String id = started.out().strip();
        Cli r = ws.flow("resume", id);
        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).contains("no agent plays the roles \"planner\" (task plan), \"reviewer\" (task review): set FLOW_ROLE_AGENT",
                "nothing was resumed");
        Cli resumed = ws.flow("resume", id, "--role", "planner=" + SCRIPTED, "--role", "reviewer=" + SCRIPTED);
        assertThat(resumed.exit()).as(resumed.err()).isZero();
    }

    @Test
    void aMalformedRoleSettingIsAUsageError() {
        Path file = ws.write("w.yaml", WORKFLOW);
        assertThat(ws.flow("run", file.toString(), "--role", "planner").err()).contains("--role takes ROLE=COMMAND, not \"planner\"");
        assertThat(ws.flow("run", file.toString(), "--role", "planner=[\"x\"", "--role", "reviewer=y").exit()).isEqualTo(ExitCode.USAGE);
        assertThat(Cli.run("run", "--help").out()).contains("--role=ROLE=COMMAND", "FLOW_ROLE_AGENT", "FLOW_ROLE_<ROLE>");
    }
}

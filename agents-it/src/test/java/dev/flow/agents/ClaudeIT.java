package dev.flow.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flow drives the real claude CLI (target/clis) against the model server. Each test runs
 * {@code flow run} on a workflow in a git project; claude really edits files with its own tools.
 * A run takes a few seconds: claude starts a 400 MB binary and makes one request per turn.
 */
class ClaudeIT {
    /** claude with a permission mode that lets it edit without a person: what the tests set until Flow's default does. */
    static final String UNATTENDED = "[\"claude\", \"-p\", \"--output-format\", \"json\", \"--permission-mode\", \"acceptEdits\"]";
    /** Flow's built-in command line today: claude's -p mode then refuses every edit. */
    static final String BARE = "[\"claude\", \"-p\", \"--output-format\", \"json\"]";

    @TempDir
    Path dir;
    ModelServer server;
    GitProject project;
    Path home;

    @BeforeEach
    void start() {
        server = ModelServer.start();
        project = GitProject.create(dir);
        home = AgentClis.newHome("claude");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private Map<String, String> env(String command, int retries) {
        var env = new HashMap<>(AgentClis.claude(server, home, retries));
        env.put("FLOW_AGENT_CLAUDE", command);
        return env;
    }

    private FlowRun flowRun(Map<String, String> env, String workflow) {
        return FlowRun.run(project.dir, env, 10, "run", workflow);
    }

    static final String POLISH = String.join("\n",
            "workflow polish \"An agent makes the greeting polite\" {",
            "    isolate worktree",
            "    gate tests { sh \"sh test.sh\" timeout 2m }",
            "    task polish \"Make the greeting polite\" {",
            "        agent claude",
            "        prompt \"Make the greeting in greeting.txt polite.\"",
            "        gates tests",
            "        timeout 5m",
            "    }",
            "    start -> polish -> end",
            "}",
            "");

    @Test
    void editsAFileWithItsOwnWriteToolAndTheChangeIsAppliedAsOneCommit() {
        project.write("polish.flow", POLISH);
        project.git("add", "polish.flow");
        project.git("commit", "-q", "-m", "The workflow");
        server.play(
                Step.write("greeting.txt", GitProject.POLITE),
                Step.say("The greeting is polite now. {\"output\": \"done\", \"summary\": \"made the greeting polite\"}"));

        FlowRun run = flowRun(env(UNATTENDED, 0), "polish.flow");

        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(project.read("greeting.txt")).isEqualTo(GitProject.POLITE);
        assertThat(project.commits()).hasSize(3);
        assertThat(project.commits().get(0)).contains("made the greeting polite").contains("Flow-Step: ");
        assertThat(project.filesOfLastCommit()).containsExactly("greeting.txt");
        // claude sent the prompt Flow built, ran in the step's worktree, and reported its Write's result
        var turns = server.turns();
        assertThat(turns).hasSize(2);
        assertThat(turns.get(0).text()).contains("Make the greeting in greeting.txt polite.").contains("/.flow/worktrees/");
        assertThat(turns.get(1).text()).contains("tool_result").doesNotContain("haven't granted");
    }

    /**
     * claude's -p mode without a permission mode refuses the edit and still exits 0: the refusal is
     * only in its result's {@code permission_denials}. Flow must make that a failed attempt whose
     * feedback names what was refused.
     */
    @Test
    @Tag("needs-engine")
    void aRefusedEditIsAFailedAttemptWithFeedbackThatNamesIt() {
        project.write("polish.flow", POLISH);
        server.play(
                Step.write("greeting.txt", GitProject.POLITE),
                Step.say("Done. {\"output\": \"done\", \"summary\": \"made the greeting polite\"}"),
                Step.write("greeting.txt", GitProject.POLITE),
                Step.say("Done again. {\"output\": \"done\", \"summary\": \"made the greeting polite\"}"));

        FlowRun run = flowRun(env(BARE, 0), "polish.flow");

        assertThat(run.exit()).as(run.toString()).isEqualTo(1);
        assertThat(project.read("greeting.txt")).isEqualTo(GitProject.GREETING);
        String log = FlowRun.log(project.dir, run.execution());
        assertThat(log).contains("validation").contains("Write").contains("greeting.txt");
        // the second attempt's prompt says what was refused
        var turns = server.turns();
        assertThat(turns).hasSize(4);
        assertThat(turns.get(2).text()).contains("was not accepted").contains("Write");
    }

    static final String RETRIED = String.join("\n",
            "workflow retried \"A rate limit, then an answer\" {",
            "    task ask {",
            "        agent claude",
            "        prompt \"Say hello.\"",
            "        retry 2 backoff 1s",
            "        timeout 5m",
            "    }",
            "    start -> ask -> end",
            "}",
            "");

    /**
     * With its own retries cut to none, claude gives up on a 429 at once: exit 1, {@code is_error},
     * {@code api_error_status} 429. Flow takes it for transient and tries again.
     */
    @Test
    void aRateLimitIsTransientAndTheNextAttemptSucceeds() {
        project.write("retried.flow", RETRIED);
        server.play(Step.fail(Step.Failure.RATE_LIMIT), Step.say("Hello. {\"output\": \"done\", \"summary\": \"said hello\"}"));

        FlowRun run = flowRun(env(UNATTENDED, 0), "retried.flow");

        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(server.turns()).hasSize(2);
        var node = FlowRun.status(project.dir, run.execution()).path("nodes").findParent("earlier");
        assertThat(FlowRun.log(project.dir, run.execution())).contains("transient").contains("429");
        assertThat(node).as("the status of the node that was retried").isNotNull();
    }

    /** Tokens of both attempts, from claude's {@code usage}, and their cost. */
    @Test
    @Tag("needs-engine")
    void bothAttemptsOfARetriedNodeCountTheirTokensAndCost() {
        project.write("retried.flow", RETRIED);
        server.play(Step.fail(Step.Failure.RATE_LIMIT), Step.say("Hello. {\"output\": \"done\", \"summary\": \"said hello\"}"));

        FlowRun run = flowRun(env(UNATTENDED, 0), "retried.flow");

        assertThat(run.exit()).as(run.toString()).isZero();
        String status = FlowRun.status(project.dir, run.execution()).toString();
        // the failed attempt used no tokens; the second used the script's 100 in and 20 out
        assertThat(status).contains("\"inputTokens\":100").contains("\"outputTokens\":20");
    }

    static final String CHAT = String.join("\n",
            "workflow chat \"Two runs of one conversation\" {",
            "    gate second { sh \"test $FLOW_ITERATION -ge 2\" timeout 1m }",
            "    task ask {",
            "        agent claude",
            "        session continue",
            "        prompt \"Remember the word PINEAPPLE.\"",
            "        timeout 5m",
            "    }",
            "    gate check uses second",
            "    start -> ask -> check",
            "    check -> end when check.passed",
            "    check -> ask loop max 2 when !check.passed",
            "}",
            "");

    @Test
    void sessionContinueResumesClaudesConversationAndTheServerSeesTheEarlierTurns() {
        project.write("chat.flow", CHAT);
        server.play(
                Step.say("First answer. {\"output\": \"done\", \"summary\": \"first\"}"),
                Step.say("Second answer. {\"output\": \"done\", \"summary\": \"second\"}"));

        FlowRun run = flowRun(env(UNATTENDED, 0), "chat.flow");

        assertThat(run.exit()).as(run.toString()).isZero();
        var turns = server.turns();
        assertThat(turns).hasSize(2);
        // the second request carries the first prompt and the first answer before the new prompt
        String second = turns.get(1).body().path("messages").toString();
        assertThat(second).contains("Remember the word PINEAPPLE").contains("First answer.");
        assertThat(second.indexOf("First answer.")).isLessThan(second.lastIndexOf("Remember the word PINEAPPLE"));
        assertThat(turns.get(0).headers().get("x-claude-code-session-id")).isEqualTo(turns.get(1).headers().get("x-claude-code-session-id"));
    }

    static final String STALLED = String.join("\n",
            "workflow stalled \"The model never answers\" {",
            "    task ask {",
            "        agent claude",
            "        prompt \"Say hello.\"",
            "        timeout 3s",
            "    }",
            "    start -> ask -> end",
            "}",
            "");

    /** The step's timeout is 3 s because the model never answers: the test waits for Flow to give up. */
    @Test
    void aStallPastTheTimeoutLeavesNoProcessOfTheCliBehind() throws InterruptedException {
        project.write("stalled.flow", STALLED);
        server.play(new Step.Stall());

        FlowRun run = flowRun(env(UNATTENDED, 0), "stalled.flow");

        assertThat(run.exit()).as(run.toString()).isEqualTo(1);
        assertThat(server.turns()).as("claude reached the server before it was killed").hasSize(1);
        assertThat(LeftProcesses.awaitNone(home, Duration.ofSeconds(30))).isEmpty();
        assertThat(FlowRun.log(project.dir, run.execution())).contains("timed out after 3s and was killed");
    }
}

package dev.flow.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every real agent CLI must do when Flow drives it against the model server, in a git project
 * of the test's own: edit a file with its own tool in an isolated task whose gate passes (one commit
 * applied), make a refused edit a visible failed attempt, continue its conversation with
 * {@code session continue}, be tried again after a rate limit, and leave no process behind when it
 * stalls past its timeout. Each CLI's
 * class says how to reach it and how to let it edit unattended. A run takes seconds: each CLI starts
 * a large program and makes one request per turn.
 */
abstract class AgentCliTests {

    @TempDir
    Path dir;
    ModelServer server;
    GitProject project;
    Path home;

    /** The built-in agent's name in the workflow: {@code claude}, {@code codex}, {@code gemini}. */
    abstract String agent();

    /** The CLI's variables and settings for the model server, with its own retries cut to {@code retries}. */
    abstract Map<String, String> cli(int retries);

    /** A command line that lets the CLI edit its working folder without a person: Flow's default (null: FLOW_AGENT_<NAME> is not set). */
    String unattended() {
        return null;
    }

    /** A command line under which the CLI refuses edits. */
    abstract String refusing();

    /** The conversation in the CLI's request (the prompt Flow built, earlier turns when resumed), as JSON text. */
    abstract String conversation(Exchange turn);

    /** Whether the test failed: its CLI's home folder is then kept, for its logs and sessions. */
    private boolean failed;

    @RegisterExtension
    final AfterTestExecutionCallback noteFailure = context -> failed = context.getExecutionException().isPresent();

    @BeforeEach
    void start() {
        server = ModelServer.start();
        project = GitProject.create(dir);
        home = AgentClis.newHome(agent());
    }

    @AfterEach
    void stop() {
        server.close();
        if (!failed) {
            AgentClis.deleteHome(home);
        } else {
            System.err.println("the CLI's home folder is kept: " + home);
        }
    }

    Map<String, String> env(String command, int retries) {
        var env = new HashMap<>(cli(retries));
        if (command != null) {
            env.put("FLOW_AGENT_" + agent().toUpperCase(Locale.ROOT), command);
        }
        return env;
    }

    FlowRun flowRun(Map<String, String> env, String workflow) {
        return FlowRun.run(project.dir, env, 10, "run", workflow);
    }

    String polish() {
        return String.join("\n",
                "workflow polish \"An agent makes the greeting polite\" {",
                "    isolate worktree",
                "    gate tests { sh \"sh test.sh\" timeout 2m }",
                "    task polish \"Make the greeting polite\" {",
                "        agent " + agent(),
                "        prompt \"Make the greeting in greeting.txt polite.\"",
                "        gates tests",
                "        timeout 5m",
                "    }",
                "    start -> polish -> end",
                "}",
                "");
    }

    @Test
    void editsAFileWithItsOwnToolAndTheChangeIsAppliedAsOneCommit() {
        project.write("polish.flow", polish());
        project.git("add", "polish.flow");
        project.git("commit", "-q", "-m", "The workflow");
        server.play(
                Step.write("greeting.txt", GitProject.POLITE),
                Step.say("The greeting is polite now. {\"output\": \"done\", \"summary\": \"made the greeting polite\"}"));

        FlowRun run = flowRun(env(unattended(), 0), "polish.flow");

        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(project.read("greeting.txt")).isEqualTo(GitProject.POLITE);
        assertThat(project.commits()).hasSize(3);
        assertThat(project.commits().get(0)).contains("made the greeting polite").contains("Flow-Step: ");
        assertThat(project.filesOfLastCommit()).containsExactly("greeting.txt");
        var turns = server.turns();
        assertThat(turns).as("the turns: the tool call, then the answer").hasSize(2);
        assertThat(conversation(turns.get(0))).contains("Make the greeting in greeting.txt polite.");
        assertThat(turns.get(0).text()).as("the CLI worked in the step's worktree").contains("/.flow/worktrees/");
    }

    /**
     * Under {@link #refusing()} the CLI refuses the edit and still exits 0, the refusal only in its
     * own output; Flow must make that a failed attempt whose feedback names what was refused.
     */
    @Test
    void aRefusedEditIsAFailedAttemptWithFeedbackThatNamesIt() {
        project.write("polish.flow", polish());
        server.play(
                Step.write("greeting.txt", GitProject.POLITE),
                Step.say("Done. {\"output\": \"done\", \"summary\": \"made the greeting polite\"}"),
                Step.write("greeting.txt", GitProject.POLITE),
                Step.say("Done again. {\"output\": \"done\", \"summary\": \"made the greeting polite\"}"));

        FlowRun run = flowRun(env(refusing(), 0), "polish.flow");

        assertThat(run.exit()).as(run.toString()).isEqualTo(1);
        assertThat(project.read("greeting.txt")).isEqualTo(GitProject.GREETING);
        assertThat(FlowRun.log(project.dir, run.execution())).contains("validation").contains("refused").contains("greeting.txt");
        var turns = server.turns();
        assertThat(turns).hasSize(4);
        assertThat(conversation(turns.get(2))).contains("was not accepted").contains("greeting.txt");
    }

    /** While the agent works, flow run says what it does; the whole stream is kept as the attempt's stdout.log. */
    @Test
    void whatTheAgentDoesShowsInFlowRunsLinesAndItsTranscriptIsKept() throws IOException {
        project.write("polish.flow", polish());
        project.git("add", "polish.flow");
        project.git("commit", "-q", "-m", "The workflow");
        server.play(
                Step.write("greeting.txt", GitProject.POLITE),
                Step.say("The greeting is polite now. {\"output\": \"done\", \"summary\": \"made the greeting polite\"}"));

        FlowRun run = flowRun(env(unattended(), 0), "polish.flow");

        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(run.out()).contains("polish: editing greeting.txt");
        try (Stream<Path> files = Files.walk(project.dir.resolve(".flow"))) {
            List<Path> transcripts = files.filter(f -> f.getFileName().toString().equals("stdout.log")).toList();
            assertThat(transcripts).as("the attempt's stdout.log").isNotEmpty();
            assertThat(Files.readString(transcripts.get(0))).contains("greeting.txt").contains("made the greeting polite");
        }
    }

    /**
     * {@code permissions run} in the workflow lets the agent run a command with its own shell tool
     * (claude refuses one under Flow's default, edit); the model sees the command's output.
     */
    @Test
    void permissionsRunLetsTheAgentRunTheProjectsTests() {
        project.write("check.flow", String.join("\n",
                "workflow check \"The agent runs the tests\" {",
                "    agent " + agent() + " { permissions run }",
                "    task check {",
                "        agent " + agent(),
                "        prompt \"Run the tests with sh test.sh and say what they print.\"",
                "        timeout 5m",
                "    }",
                "    start -> check -> end",
                "}",
                ""));
        server.play(
                Step.shell("sh test.sh"),
                Step.say("They fail. {\"output\": \"done\", \"summary\": \"ran the tests\"}"));

        FlowRun run = flowRun(env(null, 0), "check.flow");

        assertThat(run.exit()).as(run.toString()).isZero();
        var turns = server.turns();
        assertThat(turns).hasSize(2);
        assertThat(conversation(turns.get(1))).as("the command's output went back to the model").contains("tests failed");
    }

    /** Tokens priced by the user's table (FLOW_PRICES) where the CLI reports no cost; the status shows the run's token totals. */
    @Test
    void tokensArePricedFromTheUsersTableWhereTheCliReportsNoCost() {
        project.write("retried.flow", retried());
        server.play(Step.say("Hello. {\"output\": \"done\", \"summary\": \"said hello\"}"));
        var env = env(unattended(), 0);
        env.put("FLOW_PRICES", "{\"" + agent() + "\": {\"input\": 10, \"output\": 50}}");

        FlowRun run = flowRun(env, "retried.flow");

        assertThat(run.exit()).as(run.toString()).isZero();
        var status = FlowRun.status(project.dir, run.execution());
        long in = status.path("inputTokens").asLong();
        long out = status.path("outputTokens").asLong();
        assertThat(in).isPositive();
        assertThat(out).isPositive();
        if (!agent().equals("claude")) {
            assertThat(status.path("cost").asDouble()).isCloseTo((in * 10 + out * 50) / 1e6, org.assertj.core.api.Assertions.within(1e-9));
        } else {
            assertThat(status.path("cost").asDouble()).as("claude's own cost").isPositive();
        }
    }

    String chat() {
        return String.join("\n",
                "workflow chat \"Two runs of one conversation\" {",
                "    gate second { sh \"test $FLOW_ITERATION -ge 2\" timeout 1m }",
                "    task ask {",
                "        agent " + agent(),
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
    }

    @Test
    void sessionContinueResumesTheConversationAndTheServerSeesTheEarlierTurns() {
        project.write("chat.flow", chat());
        server.play(
                Step.say("First answer. {\"output\": \"done\", \"summary\": \"first\"}"),
                Step.say("Second answer. {\"output\": \"done\", \"summary\": \"second\"}"));

        FlowRun run = flowRun(env(unattended(), 0), "chat.flow");

        assertThat(run.exit()).as(run.toString()).isZero();
        var turns = server.turns();
        assertThat(turns).hasSize(2);
        // the second request carries the first prompt and the first answer before the new prompt
        String second = conversation(turns.get(1));
        assertThat(second).contains("Remember the word PINEAPPLE").contains("First answer.");
        assertThat(second.indexOf("First answer.")).isLessThan(second.lastIndexOf("Remember the word PINEAPPLE"));
        // each run counts its own tokens, not the conversation's so far (codex reports the thread's total)
        var ask = nodeStatus(run, "ask");
        assertThat(ask.path("inputTokens").asLong()).isPositive();
        assertThat(ask.path("inputTokens").asLong()).isEqualTo(ask.path("earlier").path(0).path("inputTokens").asLong());
        assertThat(ask.path("outputTokens").asLong()).isEqualTo(ask.path("earlier").path(0).path("outputTokens").asLong());
    }

    /** One node of {@code flow status --format json}. */
    com.fasterxml.jackson.databind.JsonNode nodeStatus(FlowRun run, String id) {
        for (var node : FlowRun.status(project.dir, run.execution()).path("nodes")) {
            if (node.path("id").asText().equals(id)) {
                return node;
            }
        }
        throw new AssertionError("no node " + id);
    }

    String retried() {
        return String.join("\n",
                "workflow retried \"A rate limit, then an answer\" {",
                "    task ask {",
                "        agent " + agent(),
                "        prompt \"Say hello.\"",
                "        retry 2 backoff 1s",
                "        timeout 5m",
                "    }",
                "    start -> ask -> end",
                "}",
                "");
    }

    /** With its own retries cut to none, the CLI fails on a 429 at once (exit 1); Flow takes that for transient and tries again. */
    @Test
    void aRateLimitIsTransientAndTheNextAttemptSucceeds() {
        project.write("retried.flow", retried());
        server.play(Step.fail(Step.Failure.RATE_LIMIT), Step.say("Hello. {\"output\": \"done\", \"summary\": \"said hello\"}"));

        FlowRun run = flowRun(env(unattended(), 0), "retried.flow");

        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(server.turns()).hasSize(2);
        assertThat(FlowRun.log(project.dir, run.execution())).contains("transient");
    }

    /**
     * Tokens the CLI reports for an attempt that ended on a 429 (input, output): gemini's stream-json
     * counts its router's request before the turn that failed (the script's 100 in and 20 out);
     * claude and codex report none.
     */
    long[] tokensBeforeARateLimit() {
        return new long[] {0, 0};
    }

    /**
     * Tokens and cost of both attempts of a retried node, from what the CLI reports, priced by
     * FLOW_PRICES where the CLI reports no cost: the run's totals are the sum of its attempts'.
     */
    @Test
    void bothAttemptsOfARetriedNodeCountTheirTokensAndCost() {
        project.write("retried.flow", retried());
        server.play(Step.fail(Step.Failure.RATE_LIMIT), Step.say("Hello. {\"output\": \"done\", \"summary\": \"said hello\"}"));
        var env = env(unattended(), 0);
        env.put("FLOW_PRICES", "{\"" + agent() + "\": {\"input\": 10, \"output\": 50}}");

        FlowRun run = flowRun(env, "retried.flow");

        assertThat(run.exit()).as(run.toString()).isZero();
        var status = FlowRun.status(project.dir, run.execution());
        var ask = nodeStatus(run, "ask");
        var failed = ask.path("earlier").path(0);
        assertThat(failed.path("errorClass").asText()).as(ask.toString()).isEqualTo("transient");
        assertThat(ask.path("inputTokens").asLong()).as("the answer's tokens").isGreaterThanOrEqualTo(100);
        assertThat(ask.path("outputTokens").asLong()).isGreaterThanOrEqualTo(20);
        long[] before = tokensBeforeARateLimit();
        assertThat(failed.path("inputTokens").asLong(0)).as(failed.toString()).isEqualTo(before[0]);
        assertThat(failed.path("outputTokens").asLong(0)).isEqualTo(before[1]);
        assertThat(status.path("inputTokens").asLong()).isEqualTo(ask.path("inputTokens").asLong() + before[0]);
        assertThat(status.path("outputTokens").asLong()).isEqualTo(ask.path("outputTokens").asLong() + before[1]);
        assertThat(status.path("cost").asDouble()).as("the run's cost is its attempts'").isPositive()
                .isCloseTo(ask.path("cost").asDouble(0) + failed.path("cost").asDouble(0), org.assertj.core.api.Assertions.within(1e-9));
        if (!agent().equals("claude")) {
            // priced by the table: what the failed attempt spent counts too
            double expected = (status.path("inputTokens").asLong() * 10 + status.path("outputTokens").asLong() * 50) / 1e6;
            assertThat(status.path("cost").asDouble()).isCloseTo(expected, org.assertj.core.api.Assertions.within(1e-9));
        }
    }

    /** The setting that holds the CLI's key, as Flow names it when the API refuses the key. */
    abstract String keySetting();

    /** A key the API refuses is not a passing trouble: one attempt, no retry, and the error names the setting that holds the key. */
    @Test
    void aRefusedKeyIsNotRetriedAndTheErrorNamesTheSetting() {
        project.write("retried.flow", retried());
        server.play(Step.fail(Step.Failure.BAD_KEY), Step.say("Hello. {\"output\": \"done\", \"summary\": \"said hello\"}"));

        FlowRun run = flowRun(env(unattended(), 0), "retried.flow");

        assertThat(run.exit()).as(run.toString()).isEqualTo(1);
        assertThat(server.turns()).as("no second attempt").hasSize(1);
        var ask = nodeStatus(run, "ask");
        assertThat(ask.path("errorClass").asText()).as(ask.toString()).isEqualTo("logic");
        assertThat(ask.path("earlier")).isEmpty();
        assertThat(ask.path("error").asText()).contains(keySetting());
    }

    /**
     * The step's timeout in the stall test: long enough for the CLI to start and reach the server
     * (which the test checks), short because the test waits for Flow to give up.
     */
    String stallTimeout() {
        return "10s";
    }

    String stalled() {
        return String.join("\n",
                "workflow stalled \"The model never answers\" {",
                "    task ask {",
                "        agent " + agent(),
                "        prompt \"Say hello.\"",
                "        timeout " + stallTimeout(),
                "    }",
                "    start -> ask -> end",
                "}",
                "");
    }

    /** The model never answers: the test waits for Flow's timeout ({@link #stallTimeout()}) to end the step. */
    @Test
    void aStallPastTheTimeoutLeavesNoProcessOfTheCliBehind() throws InterruptedException {
        project.write("stalled.flow", stalled());
        server.play(new Step.Stall());

        FlowRun run = flowRun(env(unattended(), 0), "stalled.flow");

        assertThat(run.exit()).as(run.toString()).isEqualTo(1);
        assertThat(server.turns()).as("the CLI reached the server before it was killed").hasSize(1);
        assertThat(LeftProcesses.awaitNone(home, Duration.ofSeconds(30))).isEmpty();
        assertThat(FlowRun.log(project.dir, run.execution())).contains("timed out after " + stallTimeout() + " and was killed");
    }
}

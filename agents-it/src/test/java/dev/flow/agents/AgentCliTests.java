package dev.flow.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every real agent CLI must do when Flow drives it against the model server, in a git project
 * of the test's own: edit a file with its own tool in an isolated task whose gate passes (one commit
 * applied), make a refused edit a visible failed attempt, continue its conversation with
 * {@code session continue}, and leave no process behind when it stalls past its timeout. Each CLI's
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

    /** A command line that lets the CLI edit its working folder without a person (set until Flow's default does). */
    abstract String unattended();

    /** A command line under which the CLI refuses edits. */
    abstract String refusing();

    /** Where the CLI puts the prompt in its request, to find what Flow built. */
    abstract String prompts(Exchange turn);

    /** Where the CLI puts the earlier turns of a resumed conversation and the new prompt. */
    String history(Exchange turn) {
        return turn.text();
    }

    @BeforeEach
    void start() {
        server = ModelServer.start();
        project = GitProject.create(dir);
        home = AgentClis.newHome(agent());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    Map<String, String> env(String command, int retries) {
        var env = new HashMap<>(cli(retries));
        env.put("FLOW_AGENT_" + agent().toUpperCase(Locale.ROOT), command);
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
        assertThat(prompts(turns.get(0))).contains("Make the greeting in greeting.txt polite.");
        assertThat(turns.get(0).text()).as("the CLI worked in the step's worktree").contains("/.flow/worktrees/");
    }

    /**
     * Under {@link #refusing()} the CLI refuses the edit and still exits 0, the refusal only in its
     * own output; Flow must make that a failed attempt whose feedback names what was refused.
     */
    @Test
    @Tag("needs-engine")
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
        assertThat(prompts(turns.get(2))).contains("was not accepted").contains("greeting.txt");
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
        String second = history(turns.get(1));
        assertThat(second).contains("Remember the word PINEAPPLE").contains("First answer.");
        assertThat(second.indexOf("First answer.")).isLessThan(second.lastIndexOf("Remember the word PINEAPPLE"));
    }

    String stalled() {
        return String.join("\n",
                "workflow stalled \"The model never answers\" {",
                "    task ask {",
                "        agent " + agent(),
                "        prompt \"Say hello.\"",
                "        timeout 20s",
                "    }",
                "    start -> ask -> end",
                "}",
                "");
    }

    /**
     * The step's timeout is 20 s because the model never answers: the test waits for Flow to give up
     * (20 s leaves the slowest CLI, gemini, time to start and reach the server).
     */
    @Test
    void aStallPastTheTimeoutLeavesNoProcessOfTheCliBehind() throws InterruptedException {
        project.write("stalled.flow", stalled());
        server.play(new Step.Stall());

        FlowRun run = flowRun(env(unattended(), 0), "stalled.flow");

        assertThat(run.exit()).as(run.toString()).isEqualTo(1);
        assertThat(server.turns()).as("the CLI reached the server before it was killed").hasSize(1);
        assertThat(LeftProcesses.awaitNone(home, Duration.ofSeconds(30))).isEmpty();
        assertThat(FlowRun.log(project.dir, run.execution())).contains("timed out after 20s and was killed");
    }
}

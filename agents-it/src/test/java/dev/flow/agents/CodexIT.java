package dev.flow.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Flow drives the real codex CLI (target/clis) against the model server, through a model provider in its config.toml. */
class CodexIT extends AgentCliTests {

    @Override
    String agent() {
        return "codex";
    }

    @Override
    Map<String, String> cli(int retries) {
        return AgentClis.codex(server, home, retries);
    }

    /** {@code --sandbox workspace-write}: codex's own sandbox lets it write its working folder; exec never asks. */
    @Override
    String unattended() {
        return "[\"codex\", \"exec\", \"--skip-git-repo-check\", \"--sandbox\", \"workspace-write\", \"-\"]";
    }

    /** Flow's built-in command line today: exec's sandbox is read-only, so apply_patch is rejected, and codex exits 0. */
    @Override
    String refusing() {
        return "[\"codex\", \"exec\", \"--skip-git-repo-check\", \"-\"]";
    }

    /** The prompt is the text of the user's message in {@code input}. */
    @Override
    String prompts(Exchange turn) {
        return turn.body().path("input").toString();
    }

    @Override
    String history(Exchange turn) {
        return turn.body().path("input").toString();
    }

    static final String RETRIED = String.join("\n",
            "workflow retried \"A rate limit, then an answer\" {",
            "    task ask {",
            "        agent codex",
            "        prompt \"Say hello.\"",
            "        retry 2 backoff 1s",
            "        timeout 5m",
            "    }",
            "    start -> ask -> end",
            "}",
            "");

    /** With its own retries cut to none, codex exits 1 on a 429 ("exceeded retry limit"); Flow tries again. */
    @Test
    void aRateLimitIsTransientAndTheNextAttemptSucceeds() {
        project.write("retried.flow", RETRIED);
        server.play(Step.fail(Step.Failure.RATE_LIMIT), Step.say("Hello. {\"output\": \"done\", \"summary\": \"said hello\"}"));

        FlowRun run = flowRun(env(unattended(), 0), "retried.flow");

        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(server.turns()).hasSize(2);
        assertThat(FlowRun.log(project.dir, run.execution())).contains("transient");
    }
}

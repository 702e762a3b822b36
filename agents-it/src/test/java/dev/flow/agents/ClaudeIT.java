package dev.flow.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Flow drives the real claude CLI (target/clis) against the model server. */
class ClaudeIT extends AgentCliTests {

    @Override
    String agent() {
        return "claude";
    }

    @Override
    Map<String, String> cli(int retries) {
        return AgentClis.claude(server, home, retries);
    }

    /** {@code acceptEdits}: edits in its working folder without asking; other commands still need {@code --allowedTools}. */
    @Override
    String unattended() {
        return "[\"claude\", \"-p\", \"--output-format\", \"json\", \"--permission-mode\", \"acceptEdits\"]";
    }

    /** Flow's built-in command line today: -p mode refuses every edit, lists it in permission_denials and exits 0. */
    @Override
    String refusing() {
        return "[\"claude\", \"-p\", \"--output-format\", \"json\"]";
    }

    /** The prompt is the last text block of the first user message. */
    @Override
    String prompts(Exchange turn) {
        return turn.body().path("messages").toString();
    }

    @Override
    String history(Exchange turn) {
        return turn.body().path("messages").toString();
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

        FlowRun run = flowRun(env(unattended(), 0), "retried.flow");

        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(server.turns()).hasSize(2);
        assertThat(FlowRun.log(project.dir, run.execution())).contains("transient").contains("429");
    }

    /** Tokens of both attempts, from claude's {@code usage} (its cost is the session's total on a resumed run). */
    @Test
    @Tag("needs-engine")
    void bothAttemptsOfARetriedNodeCountTheirTokensAndCost() {
        project.write("retried.flow", RETRIED);
        server.play(Step.fail(Step.Failure.RATE_LIMIT), Step.say("Hello. {\"output\": \"done\", \"summary\": \"said hello\"}"));

        FlowRun run = flowRun(env(unattended(), 0), "retried.flow");

        assertThat(run.exit()).as(run.toString()).isZero();
        String status = FlowRun.status(project.dir, run.execution()).toString();
        // the failed attempt used no tokens; the second used the script's 100 in and 20 out
        assertThat(status).contains("\"inputTokens\":100").contains("\"outputTokens\":20");
    }
}

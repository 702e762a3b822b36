package dev.flow.agents;

import java.util.Map;

/**
 * Flow drives the real gemini CLI (target/clis) against the model server. gemini retries a 429 or
 * a 5xx itself about ten times with a backoff of seconds, and has no setting to shorten that, so
 * its rate limit is not tested here.
 */
class GeminiIT extends AgentCliTests {

    @Override
    String agent() {
        return "gemini";
    }

    @Override
    Map<String, String> cli(int retries) {
        return AgentClis.gemini(server, home);
    }

    /** {@code auto_edit}: its edit tools run without asking; {@code --skip-trust}: it refuses an untrusted folder headless (exit 55). */
    @Override
    String unattended() {
        return "[\"gemini\", \"--output-format\", \"json\", \"--skip-trust\", \"--approval-mode\", \"auto_edit\"]";
    }

    /** The default approval mode: headless, gemini does not even offer write_file, and the call fails as "not found". */
    @Override
    String refusing() {
        return "[\"gemini\", \"--output-format\", \"json\", \"--skip-trust\"]";
    }

    /** The prompt is the text of the user's parts in {@code contents}. */
    @Override
    String prompts(Exchange turn) {
        return turn.body().path("contents").toString();
    }

    @Override
    String history(Exchange turn) {
        return turn.body().path("contents").toString();
    }
}

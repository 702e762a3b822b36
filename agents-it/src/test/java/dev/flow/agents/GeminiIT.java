package dev.flow.agents;

import java.util.Map;

/** Flow drives the real gemini CLI (target/clis) against the model server. */
class GeminiIT extends AgentCliTests {

    @Override
    String agent() {
        return "gemini";
    }

    @Override
    Map<String, String> cli(int retries) {
        return AgentClis.gemini(server, home, retries);
    }


    /** Without --approval-mode, in its default mode: headless, gemini does not even offer write_file, and the call fails as "not found". */
    @Override
    String refusing() {
        return "[\"gemini\", \"--output-format\", \"stream-json\", \"--skip-trust\"]";
    }

    /** The conversation is the request's {@code contents}. */
    @Override
    String conversation(Exchange turn) {
        return turn.body().path("contents").toString();
    }

    /** Its router's request (100 in, 20 out) came before the turn that got the 429. */
    @Override
    long[] tokensBeforeARateLimit() {
        return new long[] {100, 20};
    }

    /** gemini takes 6 to 10 s to start, and asks its router first. */
    @Override
    String stallTimeout() {
        return "30s";
    }

    @Override
    String keySetting() {
        return "GEMINI_API_KEY";
    }
}

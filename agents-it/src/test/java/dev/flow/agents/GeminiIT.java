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
        return "[\"gemini\", \"--output-format\", \"json\", \"--skip-trust\"]";
    }

    /** The conversation is the request's {@code contents}. */
    @Override
    String conversation(Exchange turn) {
        return turn.body().path("contents").toString();
    }

    /** gemini's default --output-format json is one object at its end: nothing to follow while it works. */
    @Override
    boolean streamsActivity() {
        return false;
    }

    /** gemini takes 6 to 10 s to start, and asks its router first. */
    @Override
    String stallTimeout() {
        return "30s";
    }
}

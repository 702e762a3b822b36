package dev.flow.agents;

import java.util.Map;

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


    /** Without a permission mode, -p mode refuses every edit, lists it in permission_denials and exits 0. */
    @Override
    String refusing() {
        return "[\"claude\", \"-p\", \"--output-format\", \"json\"]";
    }

    /** The conversation is the request's {@code messages}. */
    @Override
    String conversation(Exchange turn) {
        return turn.body().path("messages").toString();
    }

    @Override
    String keySetting() {
        return "ANTHROPIC_API_KEY";
    }
}

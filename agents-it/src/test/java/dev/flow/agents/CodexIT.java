package dev.flow.agents;

import java.util.Map;

/** Flow drives the real codex CLI (installed outside /tmp, see install-clis.sh) against the model server, through a model provider in its config.toml. */
class CodexIT extends AgentCliTests {

    @Override
    String agent() {
        return "codex";
    }

    @Override
    Map<String, String> cli(int retries) {
        return AgentClis.codex(server, home, retries);
    }


    /** Without --sandbox, exec's sandbox is read-only, so apply_patch is rejected (only its stderr says so), and codex exits 0. */
    @Override
    String refusing() {
        return "[\"codex\", \"exec\", \"--json\", \"--skip-git-repo-check\", \"-\"]";
    }

    /** The conversation is the request's {@code input}. */
    @Override
    String conversation(Exchange turn) {
        return turn.body().path("input").toString();
    }

    @Override
    String keySetting() {
        return "env_key";
    }
}

package dev.flow.agents;

import java.util.Map;

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

    /** The conversation is the request's {@code input}. */
    @Override
    String conversation(Exchange turn) {
        return turn.body().path("input").toString();
    }
}

package dev.flow.agents;

import java.nio.file.Path;
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


    /**
     * codex runs its tools inside its own bubblewrap sandbox, which mounts a fresh {@code /tmp}: a
     * codex installed under {@code /tmp} (a checkout there) cannot start its {@code
     * codex-linux-sandbox} helper inside it ("bwrap: execvp codex-linux-sandbox: No such file or
     * directory"), so every tool call fails. Users install codex outside {@code /tmp}.
     */
    @Override
    String cannotRunHere() {
        Path bin = AgentClis.bin().toAbsolutePath().normalize();
        return bin.startsWith(Path.of("/tmp")) ? "codex's own sandbox hides /tmp, where this checkout installed it (" + bin + ")" : null;
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
}

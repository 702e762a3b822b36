package dev.flow.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bash completion the distribution ships, in a real bash: sourced as INSTALL.md says, then
 * called as bash calls it on TAB, with the words typed so far in COMP_WORDS.
 */
class CompletionIT {
    @TempDir
    static Path root;
    static Installation flow;

    @BeforeAll
    static void install() throws IOException, InterruptedException {
        flow = Installation.unpack(root);
    }

    @Test
    void completesVerbs() throws Exception {
        assertThat(complete("flow", "r")).contains("run", "resume").allMatch(verb -> verb.startsWith("r"));
        assertThat(complete("flow", "")).contains("check", "compile", "graph", "import", "run", "resume", "status", "log", "answer",
                "worker", "studio", "kv", "lsp");
        assertThat(complete("flow", "kv", "")).contains("get", "put", "ls");
    }

    @Test
    void completesTheOptionsOfAVerb() throws Exception {
        assertThat(complete("flow", "run", "--d")).contains("--db", "--detach").doesNotContain("--format");
        assertThat(complete("flow", "check", "--f")).contains("--format");
    }

    @Test
    void completesFileNamesWhereAVerbTakesAFile() throws Exception {
        assertThat(complete("flow", "check", flow.home.resolve("examples/hel").toString()))
                .containsExactly(flow.home.resolve("examples/hello.flow").toString());
    }

    /** What the completion function puts in COMPREPLY for these words, the cursor on the last. */
    private static List<String> complete(String... words) throws IOException, InterruptedException {
        String script = "source \"$1\"; shift; COMP_WORDS=(\"$@\"); COMP_CWORD=$(( $# - 1 )); COMP_LINE=\"$*\"; COMP_POINT=${#COMP_LINE}; "
                + "_complete_flow \"$1\" \"${COMP_WORDS[COMP_CWORD]}\" \"${COMP_WORDS[COMP_CWORD-1]}\"; printf '%s\\n' \"${COMPREPLY[@]}\"";
        List<String> command = new ArrayList<>(List.of("bash", "-c", script, "bash", flow.home.resolve("completions/flow.bash").toString()));
        command.addAll(List.of(words));
        Command bash = Command.run(root, Map.of("PATH", System.getenv("PATH"), "HOME", root.toString()), command);
        assertThat(bash.exit()).as(bash.transcript()).isZero();
        return bash.out().lines().filter(l -> !l.isEmpty()).toList();
    }
}

package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input of every kind gets a diagnostic with a position and an exit code, never a stack trace. */
class MalformedInputTest {

    @TempDir
    Path dir;

    private Cli check(String name, String text) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        return Cli.run("check", "--color=never", file.toString());
    }

    private static void noStackTrace(Cli r) {
        assertThat(r.out() + r.err()).doesNotContain("Exception", "\tat ", "internal error");
    }

    @Test
    void anUnterminatedStringIsASyntaxErrorAtItsStart() throws Exception {
        Cli r = check("s.flow", "workflow w {\n    task a { prompt \"never closed }\n    start -> a -> end\n}\n");
        assertThat(r.exit()).isEqualTo(ExitCode.FAILED);
        assertThat(r.out()).contains("s.flow:2:").contains("error FLOW001");
        noStackTrace(r);
    }

    @Test
    void tenThousandNestedParenthesesAreRefusedWithAPosition() throws Exception {
        String condition = "(".repeat(10_000) + "true" + ")".repeat(10_000);
        Cli r = check("deep.flow", "workflow w {\n    task a { run [\"true\"] }\n    start -> a\n    a -> end when " + condition + "\n}\n");
        assertThat(r.exit()).isEqualTo(ExitCode.FAILED);
        assertThat(r.out()).contains("deep.flow:4:").contains("error FLOW002");
        noStackTrace(r);
    }

    @Test
    void tenThousandNestedParenthesesInAYamlConditionAreRefusedWithAPosition() throws Exception {
        String condition = "(".repeat(10_000) + "state.x" + ")".repeat(10_000);
        Cli r = check("deep.yaml", "workflow: w\nstate:\n  variables: {x: true}\nnodes:\n  a: {type: checkpoint, outputs: [done]}\n"
                + "edges:\n  - {from: START, to: a}\n  - {from: a, to: END, condition: \"" + condition + "\"}\n");
        assertThat(r.exit()).isEqualTo(ExitCode.FAILED);
        assertThat(r.out()).contains("deep.yaml:8:").contains("FLOW403");
        noStackTrace(r);
    }

    @Test
    void aFiveMegabyteWorkflowIsCheckedAndItsProblemIsFound() throws Exception {
        // About 5 MB (40,000 tasks in one chain): the issue asks for a 5 MB file. Parsing and
        // linking it takes several seconds, the slowest test of this module.
        var text = new StringBuilder("workflow big {\n");
        int tasks = 0;
        while (text.length() < 5_000_000) {
            text.append("    task t").append(tasks).append(" \"step ").append(tasks).append(" of a long generated chain\" { run [\"true\"] }\n");
            tasks++;
        }
        text.append("    start -> t0\n");
        for (int i = 1; i < tasks; i++) {
            text.append("    t").append(i - 1).append(" -> t").append(i).append('\n');
        }
        text.append("    t").append(tasks - 1).append(" -> t0\n}\n"); // an uncontrolled cycle and no way to end
        Cli r = check("big.flow", text.toString());
        assertThat(r.exit()).isEqualTo(ExitCode.FAILED);
        assertThat(r.out()).contains("FLOW306");
        noStackTrace(r);
    }

    @Test
    void bytesThatAreNotUtf8AreRefusedWithTheirPosition() throws Exception {
        Path file = dir.resolve("latin1.flow");
        Files.write(file, "workflow w {\n    // caf\u00e9\n}\n".getBytes(StandardCharsets.ISO_8859_1));
        Cli r = Cli.run("check", file.toString());
        assertThat(r.exit()).isEqualTo(ExitCode.FAILED);
        assertThat(r.out()).contains("latin1.flow:2:11: error FLOW003").contains("is not UTF-8: byte 0xE9");
        noStackTrace(r);
    }

    @Test
    void binaryGarbageIsASyntaxErrorNotACrash() throws Exception {
        Path file = dir.resolve("garbage.flow");
        byte[] bytes = new byte[4096];
        new Random(7).nextBytes(bytes);
        // Keep it valid UTF-8 so that the parser, not the decoder, meets it.
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        Files.writeString(file, text);
        Cli r = Cli.run("check", file.toString());
        assertThat(r.exit()).isEqualTo(ExitCode.FAILED);
        assertThat(r.out()).contains("FLOW001");
        noStackTrace(r);
    }

    @Test
    void aCompiledGraphWithAnotherFormatIsRefusedWithTheVersionFlowReads() throws Exception {
        Cli r = check("g.json", "{\"format\": \"flow-graph/2\", \"workflow\": {}}");
        assertThat(r.exit()).isEqualTo(ExitCode.FAILED);
        assertThat(r.out()).contains("unsupported format \"flow-graph/2\": this version of Flow reads \"flow-graph/1\"");
        noStackTrace(r);
    }
}

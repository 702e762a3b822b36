package dev.flow.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.json.GraphJson;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** FLOW107 from every front end: node ids that could step out of their folder are refused however they were written. */
class UnsafeNodeIdsTest {
    @TempDir
    Path dir;

    private static List<String> unsafe(List<Diagnostic> found) {
        return found.stream().filter(d -> d.code() == Code.UNSAFE_ID).map(d -> d.source().line() + ":" + d.source().column()).toList();
    }

    @Test
    void dialect1() {
        var c = Checking.text(dir, "d1.yaml", "id: w\nname: W\nentry_point: a/b\nnodes:\n  - id: a/b\n    type: task\n    task_config: {role: r}\n"
                + "edges: []\n");
        assertThat(unsafe(c.diagnostics())).as(Checking.describe(c.diagnostics())).containsExactly("5:9");
    }

    @Test
    void dialect2() {
        var c = Checking.text(dir, "d2.yaml", "workflow: w\nnodes:\n  \"..\\\\up\":\n    type: task\n    agent: bash\n    command: make\n"
                + "    outputs: [done]\nedges:\n  - {from: START, to: \"..\\\\up\"}\n  - {from: \"..\\\\up\", to: END}\n");
        assertThat(unsafe(c.diagnostics())).as(Checking.describe(c.diagnostics())).containsExactly("3:3");
    }

    @Test
    void theLanguageWithAQuotedName() {
        var c = Checking.text(dir, "w.flow", "workflow w {\n    task `a/b` { sh \"make\" }\n    start -> `a/b` -> end\n}\n");
        assertThat(unsafe(c.diagnostics())).as(Checking.describe(c.diagnostics())).containsExactly("2:10");
    }

    @Test
    void aCompiledGraphReadBack() throws Exception {
        // a graph with a NUL in an id, as a hand-edited (or generated) compiled file could hold
        var yaml = Checking.text(dir, "clean.yaml", "workflow: w\nnodes:\n  ok:\n    type: task\n    agent: bash\n    command: make\n"
                + "    outputs: [done]\nedges:\n  - {from: START, to: ok}\n  - {from: ok, to: END}\n");
        assertThat(yaml.diagnostics()).isEmpty();
        String json = GraphJson.write(yaml.graph().orElseThrow()).replace("\"ok\"", "\"o\\u0000k\"");
        var c = Checking.text(dir, "w.json", json);
        assertThat(c.diagnostics()).extracting(Diagnostic::code).containsExactly(Code.UNSAFE_ID);
    }

    @Test
    void plainIdsAreQuietInEveryFrontEnd() {
        var c = Checking.text(dir, "ok.flow", "workflow w {\n    task `run-tests.v2` { sh \"make\" }\n    start -> `run-tests.v2` -> end\n}\n");
        assertThat(c.diagnostics()).isEmpty();
    }
}

package dev.flow.engine;

import static dev.flow.testing.GraphBuilder.ref;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.Type;
import dev.flow.store.ExecutionStatus;
import dev.flow.testing.GraphBuilder;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@dev.flow.store.BothStores
class SubgraphTest {
    @TempDir
    Path dir;

    private static dev.flow.model.Workflow child(String command) {
        return GraphBuilder.workflow("child")
                .input("topic", Type.STRING, null)
                .state("verdict", Type.STRING, null)
                .sh("work", command).on("work", "done", "verdict", ref("work.summary"))
                .chain("start", "work", "end").build();
    }

    @Test
    void aSubgraphRunsAsAChildExecutionWithMappedInputsAndOutputs() {
        var g = GraphBuilder.workflow("parent")
                .input("issue", Type.STRING, null)
                .state("answer", Type.STRING, null)
                .subgraph("sub", "child", Map.of("topic", ref("input.issue")), Map.of("verdict", ref("state.verdict")))
                .on("sub", "done", "answer", ref("sub.verdict"))
                .chain("start", "sub", "end")
                .sub(child("echo \"handled $FLOW_INPUT_topic\""))
                .graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g, Map.of("issue", "bug 7"));
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.state(id, "answer")).isEqualTo("handled bug 7");
            var children = h.engine.queries().status(id).children();
            assertThat(children).singleElement().satisfies(c -> {
                assertThat(c.status()).isEqualTo(ExecutionStatus.COMPLETED);
                assertThat(c.parentId()).isEqualTo(id);
                assertThat(c.rootId()).isEqualTo(id);
            });
        }
    }

    @Test
    void aFailingChildFailsItsSubgraphNodeWithTheChildsReport() {
        var g = GraphBuilder.workflow("parent").subgraph("sub", "child", Map.of("topic", GraphBuilder.lit("x")), Map.of())
                .chain("start", "sub", "end").sub(child("echo nope >&2; exit 9")).graph();
        try (var h = new Harness(dir)) {
            RunResult r = h.run(g);
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report()).contains("subgraph \"child\"").contains("exited with code 9: nope");
        }
    }

    @Test
    void aPersonInsideASubgraphPausesTheWholeRunAndIsAnsweredThroughTheTop() {
        var inner = GraphBuilder.workflow("child").human("ask", "ok?", null, "yes", "no").chain("start", "ask", "end").build();
        var g = GraphBuilder.workflow("parent").subgraph("sub", "child", Map.of(), Map.of()).chain("start", "sub", "end").sub(inner).graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult paused = h.engine.run(id);
            assertThat(paused.outcome()).isEqualTo(RunOutcome.PAUSED);
            assertThat(paused.questions()).singleElement().satisfies(q -> assertThat(q.executionId()).isEqualTo(id + ".sub.1"));
            h.engine.answer(id, "ask", "yes", null);
            assertThat(h.engine.resume(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
        }
    }
}

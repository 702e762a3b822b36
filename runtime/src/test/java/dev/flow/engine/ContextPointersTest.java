package dev.flow.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.WaitMode;
import dev.flow.testing.GraphBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a process learns of where it stands: its parent node and execution, and the run's artifact folder. */
@dev.flow.store.BothStores
class ContextPointersTest {
    /** Appends "NODE ITERATION [PARENT_NODE] [PARENT_EXECUTION]" to pointers.txt in the workflow's folder. */
    private static final String REPORT = "echo \"$FLOW_NODE_ID $FLOW_ITERATION [$FLOW_PARENT_NODE_ID] [$FLOW_PARENT_EXECUTION_ID]\" >> pointers.txt";

    @TempDir
    Path dir;

    private List<String> reported() throws Exception {
        return Files.readAllLines(dir.resolve("pointers.txt"));
    }

    @Test
    void theParentIsTheSourceOfTheEdgeTakenAndTheFirstNodeHasNone() throws Exception {
        var g = GraphBuilder.workflow("w").sh("a", REPORT).checkpoint("c").sh("b", REPORT + "; echo \"$FLOW_RUNS_DIR\" > runs.txt")
                .chain("start", "a", "c", "b", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            // a control node is a parent too: the source of the edge taken, whatever its kind
            assertThat(reported()).containsExactly("a 1 [] []", "b 1 [c] []");
            assertThat(Files.readString(dir.resolve("runs.txt")).strip()).isEqualTo(h.store.artifactsDir().resolve(id).toString());
            String context = Files.readString(h.store.artifactsDir().resolve(id).resolve("b").resolve("1-1").resolve("context.json"));
            assertThat(context).contains("\"parent\":{\"execution\":\"" + id + "\",\"node\":\"c\"}");
        }
    }

    @Test
    void onALaterLoopPassTheParentIsTheNodeWhoseLoopEdgeWasTaken() throws Exception {
        var g = GraphBuilder.workflow("w").sh("work", REPORT).sh("check", REPORT + "; test \"$FLOW_ITERATION\" -ge 2 && echo yes || echo no")
                .outputs("check", "yes", "no")
                .chain("start", "work", "check").edge("check", "end", GraphBuilder.any("yes")).loop("check", "work", 3, GraphBuilder.any("no"))
                .graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(reported()).containsExactly("work 1 [] []", "check 1 [work] []", "work 2 [check] []", "check 2 [work] []");
        }
    }

    @Test
    void aNodeThatWaitsForAllHasAsParentTheLastToArrive() throws Exception {
        // one slot, so that x runs before y
        var g = GraphBuilder.workflow("w").config(1, true).parallel("p").sh("x", "true").sh("y", "true").sh("t", REPORT).wait("t", WaitMode.ALL)
                .chain("start", "p").edge("p", "x").edge("p", "y").edge("x", "t").edge("y", "t").chain("t", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(reported()).containsExactly("t 1 [y] []");
        }
    }

    @Test
    void theFirstNodeOfAChildExecutionHasTheSubgraphNodeAsParent() throws Exception {
        var child = GraphBuilder.workflow("child").sh("c1", REPORT).sh("c2", REPORT).chain("start", "c1", "c2", "end").build();
        var g = GraphBuilder.workflow("parent").sh("before", "true").subgraph("sub", "child", Map.of(), Map.of())
                .chain("start", "before", "sub", "end").sub(child).graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(reported()).containsExactly("c1 1 [sub] [" + id + "]", "c2 1 [c1] [" + id + "]");
        }
    }
}

package dev.flow.engine;

import static dev.flow.testing.GraphBuilder.not;
import static dev.flow.testing.GraphBuilder.ref;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.FlowGraph;
import dev.flow.store.NodeStatus;
import dev.flow.store.RunRow;
import dev.flow.testing.GraphBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@dev.flow.store.BothStores
class LoopTest {
    @TempDir
    Path dir;

    /** A gate that fails until it has run {@code passOn} times. */
    private static final String COUNTING_GATE = "n=$(cat gate.count 2>/dev/null || echo 0); n=$((n+1)); echo $n > gate.count; "
            + "echo \"gate run $n\"; [ $n -ge %d ]";

    private static FlowGraph debugLoop(int passOn, int limit, boolean limitRoute) {
        var f = GraphBuilder.workflow("debug_loop")
                .gateDef("tests", String.format(COUNTING_GATE, passOn))
                .sh("fix", "echo \"fix $FLOW_ITERATION\" >> fixes.log")
                .gate("test", "tests")
                .sh("review", "echo reviewed >> review.log")
                .chain("start", "fix", "test")
                .edge("test", "review", ref("test.passed"))
                .loop("test", "fix", limit, not(ref("test.passed")))
                .chain("review", "end");
        if (limitRoute) {
            f.sh("escalate", "echo escalated >> escalate.log").onLimit("test", "escalate").chain("escalate", "end");
        }
        return f.graph();
    }

    private String read(String file) throws IOException {
        Path p = dir.resolve(file);
        return Files.exists(p) ? Files.readString(p) : "";
    }

    @Test
    void aLoopWhoseGateFailsTwiceThenPassesRunsItsBodyThreeTimesAndCompletes() throws IOException {
        try (var h = new Harness(dir)) {
            String id = h.start(debugLoop(3, 3, true));
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(read("fixes.log")).isEqualTo("fix 1\nfix 2\nfix 3\n");
            assertThat(read("review.log")).isEqualTo("reviewed\n");
            assertThat(read("escalate.log")).isEmpty();
            assertThat(h.status(id, "escalate")).isEqualTo(NodeStatus.SKIPPED);
            assertThat(h.engine.queries().status(id).loops()).containsEntry("test->fix", 2);
            assertThat(h.history(id, "fix")).extracting(RunRow::iteration).containsExactly(1, 2, 3);
            assertThat(h.history(id, "test")).extracting(RunRow::output).containsExactly("failed", "failed", "passed");
        }
    }

    @Test
    void theSameLoopWithALimitOfTwoTakesItsLimitRoute() throws IOException {
        try (var h = new Harness(dir)) {
            String id = h.start(debugLoop(3, 2, true));
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(read("fixes.log")).isEqualTo("fix 1\nfix 2\n");
            assertThat(read("escalate.log")).isEqualTo("escalated\n");
            assertThat(read("review.log")).isEmpty();
            assertThat(h.status(id, "review")).isEqualTo(NodeStatus.SKIPPED);
            assertThat(h.eventKinds(id, "test")).contains("loop_limit");
        }
    }

    @Test
    void aSpentLoopWithNoLimitRouteStopsTheRunWithALimitReport() {
        try (var h = new Harness(dir)) {
            RunResult r = h.run(debugLoop(10, 2, false));
            assertThat(r.outcome()).isEqualTo(RunOutcome.LIMIT_REACHED);
            assertThat(r.exitCode()).isEqualTo(4);
            assertThat(r.report()).contains("loop edge \"test->fix\" reached its limit of 2 iterations").contains("no \"on limit\" edge");
        }
    }

    @Test
    void aTwoNodeLoopOfControlNodesRunsInOneTransaction() {
        var g = GraphBuilder.workflow("spin")
                .checkpoint("a").checkpoint("b")
                .chain("start", "a", "b")
                .loop("b", "a", 100, null)
                .onLimit("b", "end")
                .graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.history(id, "a")).hasSize(100);
            assertThat(h.engine.queries().status(id).loops()).containsEntry("b->a", 99);
        }
    }

    @Test
    void aNodeAfterTheLoopThatAnEarlierPassSkippedRunsWhenALaterPassTakesIt() throws IOException {
        // 'note' follows 'fix' only when the gate has passed before: skipped on early passes, taken on the last.
        var g = GraphBuilder.workflow("late")
                .gateDef("tests", String.format(COUNTING_GATE, 2))
                .sh("fix", "echo fix")
                .gate("test", "tests")
                .sh("note", "echo noted >> note.log")
                .chain("start", "fix", "test")
                .edge("test", "note", ref("test.passed"))
                .loop("test", "fix", 5, not(ref("test.passed")))
                .chain("note", "end")
                .graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(read("note.log")).isEqualTo("noted\n");
        }
    }

    @Test
    void aBranchReportsThatItsLoopReachedItsLimit() {
        var g = GraphBuilder.workflow("b")
                .checkpoint("work")
                .branch("check", GraphBuilder.lit(false))
                .chain("start", "work", "check")
                .loop("check", "work", 3, GraphBuilder.any("on_false"))
                .edge("check", "end", GraphBuilder.any("on_true"))
                .onLimit("check", "end")
                .graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            String result = h.engine.store().read(tx -> tx.nodes().get(id, "check")).orElseThrow().resultJson();
            assertThat(result).contains("\"branch_outcome\":\"max_iterations_reached\"");
        }
    }
}

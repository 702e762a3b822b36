package dev.flow.check;

import static dev.flow.check.Findings.codes;
import static dev.flow.check.Findings.of;
import static dev.flow.check.Findings.only;
import static dev.flow.check.TestFlow.command;
import static dev.flow.check.TestFlow.outputs;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import org.junit.jupiter.api.Test;

class CycleRulesTest {

    private static TestFlow analyzeFixTest(String back) {
        return TestFlow.workflow("demo")
                .gateDef("tests")
                .task("analyze", command("true"))
                .task("fix", command("true"))
                .gate("test", "tests")
                .edge("start -> analyze -> fix -> test")
                .edge("test -> end when test.passed")
                .edge(back);
    }

    @Test
    void reportsACycleWithoutALoopLimitFromItsEarliestNode() {
        var flow = analyzeFixTest("test -> analyze when test.failed");
        var d = only(flow.check(), Code.UNCONTROLLED_CYCLE);
        assertThat(d.message()).isEqualTo(
                "cycle without a loop limit: \"analyze\" -> \"fix\" -> \"test\" -> \"analyze\"; add \"loop max N\" to one of its edges");
        assertThat(flow.text(d.source())).isEqualTo("test -> analyze when test.failed");
        assertThat(d.related()).extracting(Diagnostic.Related::source).extracting(flow::text)
                .containsExactly("analyze -> fix", "fix -> test");
    }

    @Test
    void aCycleBoundedOnlyByTheRunWideLimitIsAWarningThatNamesTheLimit() {
        var flow = analyzeFixTest("test -> analyze when test.failed").limits(20L, null, null);
        var d = only(flow.check(), Code.UNCONTROLLED_CYCLE);
        assertThat(d.severity()).isEqualTo(dev.flow.model.Severity.WARNING);
        assertThat(d.message()).contains("only the run-wide limit of 20 node executions stops it");
        assertThat(d.related()).extracting(Diagnostic.Related::message).contains("the run-wide limit");
    }

    @Test
    void aCycleWithALoopEdgeIsControlled() {
        var found = analyzeFixTest("test -> analyze loop max 3 when test.failed").check();
        assertThat(found).as(Findings.describe(found)).isEmpty();
    }

    @Test
    void reportsASelfLoopWithoutALimit() {
        var flow = TestFlow.workflow("demo")
                .task("poll", command("true"), outputs("done", "again"))
                .edge("start -> poll")
                .edge("poll -> poll when again")
                .edge("poll -> end when done");
        var d = only(flow.check(), Code.UNCONTROLLED_CYCLE);
        assertThat(d.message()).startsWith("cycle without a loop limit: \"poll\" -> \"poll\";");
        assertThat(d.related()).isEmpty();
    }

    @Test
    void reportsOneDiagnosticPerComponentNotPerCycle() {
        // a <-> b and b <-> c: two simple cycles, one strongly connected component.
        var flow = TestFlow.workflow("demo")
                .task("a", command("true"), outputs("on", "off"))
                .task("b", command("true"), outputs("left", "right", "out"))
                .task("c", command("true"))
                .edge("start -> a")
                .edge("a -> b when on")
                .edge("a -> end when off")
                .edge("b -> a when left")
                .edge("b -> c when right")
                .edge("b -> end when out")
                .edge("c -> b");
        var d = only(flow.check(), Code.UNCONTROLLED_CYCLE);
        assertThat(d.message()).contains("\"a\" -> \"b\" -> \"a\"");
    }

    /**
     * Two rails of n rungs where every step may stay on its rail or cross: 2^n paths from the first
     * rung to the last, each closed into a cycle by the edges back. With n = 30 that is over a
     * billion simple cycles; the checker must still report one uncontrolled component, at once.
     */
    @Test
    void aLadderWithMoreThanAMillionSimpleCyclesIsReportedOnce() {
        int n = 30;
        var flow = ladder(n, false);
        var found = flow.check();
        var d = only(found, Code.UNCONTROLLED_CYCLE);
        assertThat(d.message()).startsWith("cycle without a loop limit: \"a0\" -> \"a1\" -> ");
        assertThat(d.message()).contains("\"a" + n + "\" -> \"a0\"");
        assertThat(found).as(Findings.describe(found)).hasSize(1);

        var controlled = ladder(n, true).check();
        assertThat(controlled).as(Findings.describe(controlled)).isEmpty();
    }

    private static TestFlow ladder(int n, boolean loops) {
        var flow = TestFlow.workflow("ladder");
        for (int i = 0; i <= n; i++) {
            flow.checkpoint("a" + i, outputs("stay", "cross")).checkpoint("b" + i, outputs("stay", "cross"));
        }
        flow.edge("start -> a0");
        for (int i = 0; i < n; i++) {
            flow.edge("a" + i + " -> a" + (i + 1) + " when stay")
                    .edge("a" + i + " -> b" + (i + 1) + " when cross")
                    .edge("b" + i + " -> b" + (i + 1) + " when stay")
                    .edge("b" + i + " -> a" + (i + 1) + " when cross");
        }
        String limit = loops ? " loop max 5" : "";
        flow.edge("a" + n + " -> a0" + limit + " when stay")
                .edge("a" + n + " -> end when cross")
                .edge("b" + n + " -> b0" + limit + " when stay")
                .edge("b" + n + " -> end when cross");
        return flow;
    }

    @Test
    void reportsALoopEdgeThatClosesNoCycle() {
        var flow = TestFlow.workflow("demo")
                .task("a", command("true"))
                .edge("start -> a")
                .edge("a -> end loop max 2");
        var d = only(flow.check(), Code.LOOP_OUTSIDE_CYCLE);
        assertThat(flow.text(d.source())).isEqualTo("loop max 2");
        assertThat(d.message()).isEqualTo("loop edge \"a\" -> \"end\" closes no cycle: no path leads from \"end\" back to \"a\";"
                + " remove \"loop max 2\", or point the edge back into the loop");
    }

    @Test
    void aSelfLoopWithALimitClosesACycle() {
        var flow = TestFlow.workflow("demo")
                .task("poll", command("true"), outputs("done", "again"))
                .edge("start -> poll")
                .edge("poll -> poll loop max 5 when again")
                .edge("poll -> end when done");
        assertThat(flow.check()).isEmpty();
    }

    @Test
    void reportsALimitRouteFromANodeWithoutALoopEdge() {
        var flow = TestFlow.workflow("demo")
                .task("a", command("true"))
                .task("b", command("true"))
                .edge("start -> a -> end")
                .edge("a -> b on limit")
                .edge("b -> end");
        var d = only(flow.check(), Code.LIMIT_ROUTE_WITHOUT_LOOP);
        assertThat(flow.text(d.source())).isEqualTo("a -> b on limit");
        assertThat(d.message()).startsWith("edge \"a\" -> \"b\" is taken \"on limit\", but no loop edge leaves \"a\"");
    }

    @Test
    void aLimitRouteNextToALoopEdgeIsFine() {
        var found = ValidWorkflowsTest.debugLoop().check();
        assertThat(of(found, Code.LIMIT_ROUTE_WITHOUT_LOOP)).isEmpty();
    }

    @Test
    void reportsWorkflowsThatRunThemselvesThroughSubgraphs() {
        var main = TestFlow.workflow("main")
                .subgraph("callB", "b")
                .edge("start -> callB -> end");
        var b = TestFlow.workflow("b")
                .subgraph("callMain", "main")
                .edge("start -> callMain -> end");
        var self = TestFlow.workflow("self")
                .subgraph("again", "self")
                .edge("start -> again -> end");
        var found = of(main.check(b, self), Code.RECURSIVE_SUBGRAPH);
        assertThat(found).extracting(Diagnostic::message).containsExactlyInAnyOrder(
                "workflow \"b\" runs itself through subgraphs: \"b\" -> \"main\" -> \"b\"; a run would never end, so break the circle",
                "workflow \"self\" runs itself through subgraphs: \"self\" -> \"self\"; a run would never end, so break the circle");
        var mutual = found.stream().filter(d -> d.message().contains("\"main\"")).findFirst().orElseThrow();
        assertThat(main.text(mutual.source())).isEqualTo("b");
        assertThat(mutual.related()).singleElement().satisfies(r -> assertThat(b.text(r.source())).isEqualTo("main"));
    }

    @Test
    void aSubgraphChainWithoutACircleIsFine() {
        var main = TestFlow.workflow("main").subgraph("callB", "b").edge("start -> callB -> end");
        var b = TestFlow.workflow("b").subgraph("callC", "c").edge("start -> callC -> end");
        var c = TestFlow.workflow("c").edge("start -> end");
        assertThat(codes(main.check(b, c))).isEmpty();
    }
}

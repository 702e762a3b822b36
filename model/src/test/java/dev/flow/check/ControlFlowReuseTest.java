package dev.flow.check;

import static dev.flow.check.Findings.only;
import static dev.flow.check.TestFlow.command;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.model.FlowGraph;
import org.junit.jupiter.api.Test;

/**
 * The control-flow searches are made once per shape ({@link ControlFlow}): an edit that leaves the
 * shape alone (names, positions, gates, conditions) reuses them, and every finding still names the
 * edited workflow's own nodes at their own positions; an edit that changes the shape gets its own.
 */
class ControlFlowReuseTest {

    private static TestFlow loop(String a, String b, String gate, String back) {
        return loop(TestFlow.workflow("demo"), a, b, gate, back);
    }

    private static TestFlow loop(TestFlow start, String a, String b, String gate, String back) {
        return start
                .gateDef(gate)
                .task(a, command("true"))
                .task(b, command("true"))
                .gate("test", gate)
                .edge("start -> " + a + " -> " + b + " -> test")
                .edge("test -> end when test.passed")
                .edge(back);
    }

    private static FlowAnalysis analysis(TestFlow flow) {
        FlowGraph graph = flow.graph();
        return new WorkflowIndex(graph.main(), graph).flow();
    }

    @Test
    void workflowsOfOneShapeShareTheSearchesAndKeepTheirOwnNamesAndPositions() {
        var first = loop("analyze", "fix", "tests", "test -> analyze when test.failed");
        // renamed nodes and gate, and a longer text before the cycle: positions move, the shape does not
        var second = loop(TestFlow.workflow("demo").input("branch_name", "string"), "study", "repair", "suite", "test -> study when test.failed");

        assertThat(analysis(second).shape()).isSameAs(analysis(first).shape());

        var d = only(second.check(), Code.UNCONTROLLED_CYCLE);
        assertThat(d.message()).contains("\"study\" -> \"repair\" -> \"test\" -> \"study\"");
        assertThat(second.text(d.source())).isEqualTo("test -> study when test.failed");
        assertThat(d.source().offset()).isGreaterThan(only(first.check(), Code.UNCONTROLLED_CYCLE).source().offset());
        assertThat(only(first.check(), Code.UNCONTROLLED_CYCLE).message()).contains("\"analyze\" -> \"fix\"");
    }

    @Test
    void aChangedShapeGetsItsOwnAnswerAfterTheOldOneWasCached() {
        var unbounded = loop("analyze", "fix", "tests", "test -> analyze when test.failed");
        var bounded = loop("analyze", "fix", "tests", "test -> analyze loop max 3 when test.failed");
        var elsewhere = loop("analyze", "fix", "tests", "test -> fix when test.failed");

        assertThat(only(unbounded.check(), Code.UNCONTROLLED_CYCLE)).isNotNull();
        assertThat(analysis(bounded).shape()).isNotSameAs(analysis(unbounded).shape());
        assertThat(bounded.check()).as(Findings.describe(bounded.check())).isEmpty();
        assertThat(analysis(elsewhere).shape()).isNotSameAs(analysis(unbounded).shape());
        assertThat(only(elsewhere.check(), Code.UNCONTROLLED_CYCLE).message()).contains("\"fix\" -> \"test\" -> \"fix\"");
    }

    @Test
    void reachabilityIsAnsweredThroughTheWorkflowsOwnNumbering() {
        var reached = TestFlow.workflow("demo").task("a", command("true")).task("b", command("true"))
                .edge("start -> a -> end").edge("a -> b -> end");
        var stranded = TestFlow.workflow("demo").task("a", command("true")).task("b", command("true"))
                .edge("start -> a -> end").edge("b -> end");

        assertThat(analysis(reached).isReachable("b")).isTrue();
        assertThat(analysis(stranded).isReachable("b")).isFalse();
        assertThat(Findings.codes(stranded.check())).contains(Code.UNREACHABLE_NODE);
        assertThat(Findings.codes(reached.check())).doesNotContain(Code.UNREACHABLE_NODE);
    }
}

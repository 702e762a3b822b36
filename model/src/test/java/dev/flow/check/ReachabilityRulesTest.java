package dev.flow.check;

import static dev.flow.check.Findings.codes;
import static dev.flow.check.Findings.of;
import static dev.flow.check.Findings.only;
import static dev.flow.check.TestFlow.command;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import org.junit.jupiter.api.Test;

class ReachabilityRulesTest {

    @Test
    void reportsAWorkflowThatNothingLeavesStartIn() {
        var flow = TestFlow.workflow("demo")
                .task("a", command("true"))
                .edge("a -> end");
        var found = flow.check();
        var d = only(found, Code.NO_ENTRY);
        assertThat(flow.text(d.source())).isEqualTo("workflow demo {");
        assertThat(d.message()).isEqualTo("workflow \"demo\" has no entry: no edge leaves \"start\"; add one, e.g. start -> a");
        // Without an entry, nothing else about reachability is worth saying.
        assertThat(codes(found)).containsExactly(Code.NO_ENTRY);
    }

    @Test
    void reportsAWorkflowWithNoPathToEndOnceInsteadOfOncePerNode() {
        var flow = TestFlow.workflow("demo")
                .task("a", command("true"))
                .task("b", command("true"))
                .edge("start -> a -> b");
        var found = flow.check();
        var d = only(found, Code.NO_EXIT);
        assertThat(flow.text(d.source())).as("end has no text of its own, so the workflow is named").isEqualTo("workflow demo {");
        assertThat(d.message()).startsWith("no path leads from \"start\" to \"end\" in workflow \"demo\"");
        assertThat(of(found, Code.DEAD_END)).isEmpty();
    }

    @Test
    void reportsEachNodeThatCannotBeReachedAsUnnecessary() {
        var flow = TestFlow.workflow("demo")
                .task("a", command("true"))
                .task("orphan", command("true"))
                .task("orphan2", command("true"))
                .edge("start -> a -> end")
                .edge("orphan -> orphan2 -> end");
        var found = of(flow.check(), Code.UNREACHABLE_NODE);
        assertThat(found).extracting(d -> flow.text(d.source())).containsExactly("task orphan { run [true] }", "task orphan2 { run [true] }");
        assertThat(found).allSatisfy(d -> assertThat(d.tags()).containsExactly(Diagnostic.Tag.UNNECESSARY));
        assertThat(found.get(0).message()).isEqualTo("node \"orphan\" cannot be reached from \"start\"; add an edge that leads to it, or remove it");
    }

    @Test
    void reportsEachReachableNodeThatCannotReachEnd() {
        var flow = TestFlow.workflow("demo")
                .task("a", command("true"), TestFlow.outputs("done", "failed"))
                .task("stuck", command("true"))
                .task("stuck2", command("true"))
                .edge("start -> a")
                .edge("a -> end when done")
                .edge("a -> stuck when failed")
                .edge("stuck -> stuck2");
        var found = of(flow.check(), Code.DEAD_END);
        assertThat(found).extracting(d -> flow.text(d.source())).containsExactly("task stuck { run [true] }", "task stuck2 { run [true] }");
        assertThat(found.get(1).message()).isEqualTo("node \"stuck2\" cannot reach \"end\", so a run that gets there never completes:"
                + " nothing leaves it; add an edge from it, e.g. stuck2 -> end");
        assertThat(found.get(0).message()).endsWith("every path from it ends elsewhere or goes round; add an edge towards \"end\"");
    }

    @Test
    void nodesThatCannotBeReachedAreNotAlsoDeadEnds() {
        var flow = TestFlow.workflow("demo")
                .task("a", command("true"))
                .task("island", command("true"))
                .edge("start -> a -> end");
        assertThat(codes(flow.check())).containsExactly(Code.UNREACHABLE_NODE);
    }

    @Test
    void reportsEdgesIntoStartAndOutOfEnd() {
        var flow = TestFlow.workflow("demo")
                .task("a", command("true"), TestFlow.outputs("done", "again"))
                .edge("start -> a")
                .edge("a -> end when done")
                .edge("a -> start when again")
                .edge("end -> a");
        var found = of(flow.check(), Code.START_END_MISUSE);
        assertThat(found).extracting(d -> flow.text(d.source())).containsExactly("start", "end");
        assertThat(found.get(0).message()).isEqualTo("edge \"a\" -> \"start\" leads into \"start\", where runs only begin; point it at the first node instead");
        assertThat(found.get(1).message()).startsWith("edge \"end\" -> \"a\" leaves \"end\"");
        // Those edges take no part in the control flow: they close no uncontrolled cycle.
        assertThat(of(flow.check(), Code.UNCONTROLLED_CYCLE)).isEmpty();
    }

    @Test
    void aWorkflowWithoutImplicitNodesIsReportedWithoutFailing() {
        var flow = TestFlow.workflow("demo")
                .task("a", command("true"))
                .edge("start -> a -> end")
                .withoutImplicitNodes();
        assertThat(flow.check()).isEmpty();
    }

    @Test
    void aPlainChainReachesEverythingAndEnds() {
        var flow = TestFlow.workflow("demo")
                .task("a", command("true"))
                .edge("start -> a -> end");
        assertThat(flow.check()).isEmpty();
    }
}

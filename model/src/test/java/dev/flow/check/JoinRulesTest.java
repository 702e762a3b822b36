package dev.flow.check;

import static dev.flow.check.Findings.of;
import static dev.flow.check.Findings.only;
import static dev.flow.check.TestFlow.branches;
import static dev.flow.check.TestFlow.command;
import static dev.flow.check.TestFlow.waitFor;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import org.junit.jupiter.api.Test;

class JoinRulesTest {

    /** start -> fan -> (a, b) -> join -> end. */
    private static TestFlow fanOutAndIn(TestFlow.Part... mergeParts) {
        return TestFlow.workflow("demo")
                .parallel("fan", branches("a", "b"))
                .task("a", command("true"))
                .task("b", command("true"))
                .merge("join", mergeParts)
                .edge("start -> fan")
                .edge("fan -> a -> join")
                .edge("fan -> b -> join")
                .edge("join -> end");
    }

    @Test
    void aParallelFanOutJoinedByAMergeChecksClean() {
        var found = fanOutAndIn(waitFor("a", "b")).check();
        assertThat(found).as(Findings.describe(found)).isEmpty();
    }

    @Test
    void reportsAMergeWithASingleIncomingBranch() {
        var flow = TestFlow.workflow("demo")
                .task("a", command("true"))
                .merge("join")
                .edge("start -> a -> join -> end");
        var d = only(flow.check(), Code.MERGE_TOO_FEW_INPUTS);
        assertThat(flow.text(d.source())).isEqualTo("merge join");
        assertThat(d.message()).isEqualTo("merge \"join\" has only one incoming branch, from \"a\";"
                + " a merge joins two or more, so add the edges it should join or make it a plain node");
    }

    @Test
    void twoEdgesFromOneNodeAreOneBranch() {
        var flow = TestFlow.workflow("demo")
                .task("a", command("true"), TestFlow.outputs("x", "y"))
                .merge("join")
                .edge("start -> a")
                .edge("a -> join when x")
                .edge("a -> join when y")
                .edge("join -> end");
        assertThat(only(flow.check(), Code.MERGE_TOO_FEW_INPUTS).message()).contains("only one incoming branch");
    }

    @Test
    void reportsAMergeWaitingForANodeThatDoesNotLeadIntoIt() {
        var flow = TestFlow.workflow("demo")
                .parallel("fan")
                .task("a", command("true"))
                .task("b", command("true"))
                .task("c", command("true"))
                .merge("join", waitFor("a", "fan"))
                .edge("start -> fan")
                .edge("fan -> a -> join")
                .edge("fan -> b -> c -> join")
                .edge("join -> end");
        var d = only(flow.check(), Code.JOIN_MISMATCH);
        assertThat(flow.text(d.source())).isEqualTo("fan");
        assertThat(d.message()).isEqualTo("merge \"join\" waits for \"fan\", which has no edge into it; add fan -> join, or wait for one of its inputs");
        assertThat(flow.text(d.related().get(0).source())).isEqualTo("parallel fan");
    }

    @Test
    void reportsAParallelBranchThatNoEdgeFromTheParallelNodeReaches() {
        var flow = TestFlow.workflow("demo")
                .parallel("fan", branches("lint", "tests"))
                .task("lint", command("true"))
                .task("test", command("true"))
                .task("tests", command("true"))
                .merge("join")
                .edge("start -> fan")
                .edge("fan -> lint -> join")
                .edge("fan -> test -> tests -> join")
                .edge("join -> end");
        var d = only(flow.check(), Code.PARALLEL_BRANCH_NOT_SUCCESSOR);
        assertThat(flow.text(d.source())).isEqualTo("tests");
        assertThat(d.message()).isEqualTo("parallel \"fan\" lists branch \"tests\", but no edge leads from \"fan\" to it; did you mean \"test\"?");
        assertThat(d.suggestions()).containsExactly("test");
    }

    @Test
    void saysHowToFixABranchWhenNoSuccessorIsNear() {
        var listed = TestFlow.workflow("demo")
                .parallel("fan", branches("a", "other"))
                .task("a", command("true"))
                .task("other", command("true"))
                .merge("join")
                .edge("start -> fan -> a -> join")
                .edge("start -> other -> join")
                .edge("join -> end");
        assertThat(only(listed.check(), Code.PARALLEL_BRANCH_NOT_SUCCESSOR).message())
                .endsWith("no edge leads from \"fan\" to it; add fan -> other, or remove it from the branches");
    }

    @Test
    void reportsAParallelNodeWhoseBranchesNeverMeetAtAMerge() {
        var flow = TestFlow.workflow("demo")
                .parallel("fan")
                .task("a", command("true"))
                .task("b", command("true"))
                .edge("start -> fan")
                .edge("fan -> a -> end")
                .edge("fan -> b -> end");
        var d = only(flow.check(), Code.UNJOINED_PARALLEL);
        assertThat(flow.text(d.source())).isEqualTo("parallel fan");
        assertThat(d.message()).isEqualTo("the branches of parallel \"fan\" (\"a\", \"b\") never meet at a merge; add a merge that they all lead to");
    }

    @Test
    void branchesMayMeetFurtherDownAfterOtherNodes() {
        var flow = TestFlow.workflow("demo")
                .parallel("fan")
                .task("a", command("true"))
                .task("a2", command("true"))
                .task("b", command("true"))
                .task("meet", command("true"))
                .task("c", command("true"))
                .task("d", command("true"))
                .merge("join")
                .edge("start -> fan")
                .edge("fan -> a -> a2 -> meet")
                .edge("fan -> b -> meet")
                .edge("meet -> c -> join")
                .edge("meet -> d -> join")
                .edge("join -> end");
        assertThat(of(flow.check(), Code.UNJOINED_PARALLEL)).isEmpty();
    }

    @Test
    void aMergeThatOnlyOneBranchReachesDoesNotJoinThem() {
        var flow = TestFlow.workflow("demo")
                .parallel("fan")
                .task("a", command("true"))
                .task("b", command("true"))
                .task("x", command("true"))
                .merge("join")
                .edge("start -> fan")
                .edge("fan -> a -> join")
                .edge("start -> x -> join")
                .edge("fan -> b -> end")
                .edge("join -> end");
        assertThat(only(flow.check(), Code.UNJOINED_PARALLEL).message()).contains("(\"a\", \"b\")");
    }

    @Test
    void aListedBranchThatNoEdgeReachesIsLeftToTheBranchCheck() {
        // report runs after the join: FLOW314 says it is no branch, and the real branches do meet.
        var flow = TestFlow.workflow("demo")
                .parallel("fan", branches("lint", "report"))
                .task("lint", command("true"))
                .task("test", command("true"))
                .task("report", command("true"))
                .merge("join")
                .edge("start -> fan")
                .edge("fan -> lint -> join")
                .edge("fan -> test -> join")
                .edge("join -> report -> end");
        var found = flow.check();
        assertThat(found).as(Findings.describe(found)).extracting(d -> d.code()).containsExactly(Code.PARALLEL_BRANCH_NOT_SUCCESSOR);
    }
}

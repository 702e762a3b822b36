package dev.flow.check;

import static dev.flow.check.TestFlow.agent;
import static dev.flow.check.TestFlow.isolated;
import static dev.flow.check.TestFlow.prompt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import java.util.List;
import org.junit.jupiter.api.Test;

/** FLOW318: isolated tasks side by side, on one repository, without an edge for their conflict (issue 19, item 6). */
class ConflictRulesTest {

    /** examples/worktree.flow's shape: start -> edits -> (polite, curt) -> joined -> end, both isolated. */
    private static TestFlow sideBySide() {
        return sideBySide(isolated());
    }

    private static TestFlow sideBySide(TestFlow.Part isolation) {
        return TestFlow.workflow("demo")
                .parallel("edits")
                .task("polite", agent("bot"), prompt("Make it polite."), isolation)
                .task("curt", agent("bot"), prompt("Make it curt."), isolation)
                .merge("joined")
                .edge("start -> edits")
                .edge("edits -> polite -> joined")
                .edge("edits -> curt -> joined")
                .edge("joined -> end");
    }

    private static List<Diagnostic> conflicts(TestFlow flow) {
        return flow.check().stream().filter(d -> d.code() == Code.UNHANDLED_CONFLICT).toList();
    }

    @Test
    void reportsIsolatedTasksSideBySideWhoseOnlyWayOnIsAnEdgeWithoutACondition() {
        var flow = sideBySide();
        var found = conflicts(flow);
        assertThat(found).extracting(d -> flow.text(d.source()).split(" ")[1]).containsExactly("polite", "curt");
        assertThat(found.get(0).message()).isEqualTo("isolated tasks \"polite\" and \"curt\" may run at the same time and apply their changes"
                + " to the same repository; when they conflict, \"polite\" fails (an edge without a condition does not take a conflict);"
                + " handle it with an edge, e.g. polite -> NEXT when conflict");
        assertThat(found.get(1).severity()).isEqualTo(dev.flow.model.Severity.WARNING);
    }

    @Test
    void reportsTasksThatANodeWithTwoEdgesWithoutAConditionStartsAtOnce() {
        var flow = TestFlow.workflow("demo")
                .task("prepare", TestFlow.command("true"))
                .task("a", agent("bot"), prompt("A."), isolated())
                .task("b", agent("bot"), prompt("B."), isolated())
                .edge("start -> prepare")
                .edge("prepare -> a -> end")
                .edge("prepare -> b -> end");
        assertThat(conflicts(flow)).extracting(d -> flow.text(d.source()).split(" ")[1]).containsExactly("a", "b");
    }

    @Test
    void isQuietWhenEachTaskHandlesItsConflict() {
        var flow = sideBySide().edge("polite -> polite loop max 2 when conflict").edge("curt -> joined when conflict");
        assertThat(conflicts(flow)).as(Findings.describe(flow.check())).isEmpty();
    }

    @Test
    void isQuietForIsolatedTasksInARowUnderMaxParallelOneAndForTasksThatAreNotIsolated() {
        var row = TestFlow.workflow("demo")
                .task("a", agent("bot"), prompt("A."), isolated())
                .task("b", agent("bot"), prompt("B."), isolated())
                .edge("start -> a -> b -> end");
        assertThat(conflicts(row)).isEmpty();
        assertThat(conflicts(sideBySide().maxParallel(1))).isEmpty();
        assertThat(conflicts(sideBySide((d, t) -> { }))).isEmpty();
    }

    @Test
    void aTaskAfterTheBranchesMeetRunsBesideNone() {
        // only "polite" and "after" are isolated, and "after" runs once both branches are done
        var joinedAfter = TestFlow.workflow("demo")
                .parallel("edits")
                .task("polite", agent("bot"), prompt("Make it polite."), isolated())
                .task("curt", agent("bot"), prompt("Make it curt."))
                .task("after", agent("bot"), prompt("After."), isolated())
                .merge("joined")
                .edge("start -> edits")
                .edge("edits -> polite -> joined")
                .edge("edits -> curt -> joined")
                .edge("joined -> after -> end");
        assertThat(conflicts(joinedAfter)).isEmpty();
    }
}

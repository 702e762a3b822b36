package dev.flow.check;

import static dev.flow.check.Findings.of;
import static dev.flow.check.Findings.only;
import static dev.flow.check.TestFlow.agent;
import static dev.flow.check.TestFlow.command;
import static dev.flow.check.TestFlow.escalateTo;
import static dev.flow.check.TestFlow.planner;
import static dev.flow.check.TestFlow.prompt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import org.junit.jupiter.api.Test;

class PlannerRulesTest {

    private static TestFlow plan(TestFlow.Part... parts) {
        return TestFlow.workflow("demo")
                .task("plan", TestFlow.prepend(agent("claude"), parts))
                .edge("start -> plan")
                .edge("plan -> end");
    }

    @Test
    void aPlannerWithinItsLimitsIsFine() {
        assertThat(plan(prompt("plan it"), planner(null, null)).check()).isEmpty();
        assertThat(plan(prompt("plan it"), planner(5, 20)).check()).isEmpty();
        assertThat(plan(prompt("plan it"), planner(5, null)).grows(null, 50).check()).isEmpty();
    }

    @Test
    void limitsBelowOneAreRefused() {
        var flow = plan(prompt("plan it"), planner(0, null));
        var d = only(flow.check(), Code.INVALID_GROWTH_LIMIT);
        assertThat(flow.text(d.source())).isEqualTo("planner grows max 0 nodes");
        assertThat(d.message()).isEqualTo("planner \"plan\" may add 0 nodes per answer; a limit is 1 or more (a task that must add no node is no planner)");
        assertThat(of(plan(planner(null, null)).grows(null, 0).check(), Code.INVALID_GROWTH_LIMIT)).extracting(Diagnostic::message)
                .containsExactly("the workflow may add 0 nodes in all; a limit is 1 or more");
        var escalating = TestFlow.workflow("demo").task("a", command("make"), escalateTo("b", 0))
                .task("b", agent("claude"), prompt("fix")).edge("start -> a").edge("a -> end");
        assertThat(of(escalating.check(), Code.INVALID_GROWTH_LIMIT)).extracting(Diagnostic::message)
                .containsExactly("the escalation of \"a\" may happen 0 times; a limit is 1 or more (write \"on failure escalate none\" for none)");
    }

    @Test
    void oneAnswerMayNotAddMoreThanAll() {
        assertThat(of(plan(planner(8, 4)).check(), Code.INVALID_GROWTH_LIMIT)).extracting(Diagnostic::message)
                .containsExactly("planner \"plan\" may add 8 nodes in one answer but only 4 in all; lower the first to at most 4");
        assertThat(of(plan(planner(8, null)).grows(null, 6).check(), Code.INVALID_GROWTH_LIMIT)).extracting(Diagnostic::message)
                .containsExactly("planner \"plan\" may add 8 nodes in one answer, but the workflow allows 6 in all; lower it to at most 6");
    }

    @Test
    void aPlannerThatRunsACommandConflicts() {
        var flow = TestFlow.workflow("demo").task("plan", command("./plan.sh"), planner(null, null)).edge("start -> plan").edge("plan -> end");
        var d = only(flow.check(), Code.CONFLICTING_FIELDS);
        assertThat(flow.text(d.source())).isEqualTo("planner");
        assertThat(d.message()).startsWith("task \"plan\" is a planner and runs a command");
    }
}

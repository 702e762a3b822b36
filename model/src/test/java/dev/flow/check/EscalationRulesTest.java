package dev.flow.check;

import static dev.flow.check.Findings.of;
import static dev.flow.check.Findings.only;
import static dev.flow.check.TestFlow.agent;
import static dev.flow.check.TestFlow.command;
import static dev.flow.check.TestFlow.escalateTo;
import static dev.flow.check.TestFlow.outputs;
import static dev.flow.check.TestFlow.prompt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import org.junit.jupiter.api.Test;

class EscalationRulesTest {

    /** A build that escalates to {@code triage}, an agent task with the escalation's outputs. */
    private static TestFlow build(TestFlow.Part escalation) {
        return TestFlow.workflow("demo")
                .task("build", command("make"), escalation)
                .task("triage", agent("claude"), prompt("what went wrong?"), outputs("retry", "give_up"))
                .edge("start -> build")
                .edge("build -> end");
    }

    @Test
    void anEscalationTargetIsReachedAndLeadsOnWithNoWarning() {
        assertThat(build(escalateTo("triage", null)).check()).isEmpty();
    }

    @Test
    void anUnknownTargetIsAnUnknownNodeWithTheNearestName() {
        var flow = build(escalateTo("traige", null));
        var d = only(flow.check(), Code.UNKNOWN_NODE);
        assertThat(flow.text(d.source())).isEqualTo("traige");
        assertThat(d.message()).isEqualTo("unknown node \"traige\" to escalate to; did you mean \"triage\"?");
    }

    @Test
    void aNodeThatEscalatesToItselfIsRefused() {
        var flow = TestFlow.workflow("demo")
                .task("fix", agent("claude"), prompt("fix it"), escalateTo("fix", null))
                .edge("start -> fix")
                .edge("fix -> end");
        var d = only(flow.check(), Code.SELF_ESCALATION);
        assertThat(flow.text(d.source())).isEqualTo("fix");
        assertThat(d.message()).startsWith("node \"fix\" escalates its failure to itself");
    }

    @Test
    void escalationsThatGoRoundAreAChainWithoutAnEnd() {
        var flow = TestFlow.workflow("demo")
                .task("a", agent("claude"), prompt("a"), escalateTo("b", null))
                .task("b", agent("claude"), prompt("b"), escalateTo("c", null))
                .task("c", agent("claude"), prompt("c"), escalateTo("a", null))
                .edge("start -> a")
                .edge("a -> end");
        var d = only(flow.check(), Code.ESCALATION_CYCLE);
        assertThat(d.message()).isEqualTo("escalations go round in a circle: \"a\" escalates to \"b\" escalates to \"c\" escalates to \"a\"; "
                + "a failure would be handed on forever: let one of them escalate elsewhere, or \"on failure escalate none\"");
        assertThat(flow.line(d.source())).startsWith("task c");
    }

    @Test
    void aChainThatEndsIsFine() {
        var flow = TestFlow.workflow("demo")
                .task("a", command("make"), escalateTo("b", null))
                .task("b", agent("claude"), prompt("b"), outputs("retry", "give_up"), escalateTo("c", null))
                .task("c", agent("claude"), prompt("c"), outputs("retry", "give_up"))
                .edge("start -> a")
                .edge("a -> end");
        assertThat(of(flow.check(), Code.ESCALATION_CYCLE)).isEmpty();
        assertThat(flow.check()).isEmpty();
    }

    @Test
    void onlyAnAgentOrAPersonCanHandleAFailure() {
        var flow = TestFlow.workflow("demo")
                .task("a", command("make"), escalateTo("cleanup", null))
                .task("cleanup", command("make", "clean"))
                .edge("start -> a")
                .edge("a -> end");
        var d = only(flow.check(), Code.INVALID_ESCALATION_TARGET);
        assertThat(d.message()).isEqualTo("node \"a\" escalates to \"cleanup\", a command task, which cannot handle a failure; "
                + "escalate to a task run by an agent or to a human node");
    }

    @Test
    void theWorkflowsDefaultIsCheckedAndDoesNotApplyToItsTarget() {
        var flow = TestFlow.workflow("demo")
                .task("build", command("make"))
                .human("ops", outputs("retry", "give_up"))
                .edge("start -> build")
                .edge("build -> end")
                .escalateTo("ops");
        assertThat(flow.check()).as("ops is reached through build's failures").isEmpty();
        var wrong = TestFlow.workflow("demo").task("build", command("make")).edge("start -> build").edge("build -> end").escalateTo("end");
        assertThat(of(wrong.check(), Code.INVALID_ESCALATION_TARGET)).extracting(Diagnostic::message)
                .containsExactly("the workflow's failures escalate to \"end\", the implicit \"end\", which cannot handle a failure; "
                        + "escalate to a task run by an agent or to a human node");
    }
}

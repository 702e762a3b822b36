package dev.flow.check;

import static dev.flow.check.Findings.of;
import static dev.flow.check.Findings.only;
import static dev.flow.check.TestFlow.command;
import static dev.flow.check.TestFlow.outputs;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import org.junit.jupiter.api.Test;

class OutputRulesTest {

    private static TestFlow analyze(String... edges) {
        var flow = TestFlow.workflow("demo")
                .state("ok", "bool")
                .task("analyze", command("true"), outputs("done", "blocked", "unsure"))
                .edge("start -> analyze");
        for (String edge : edges) {
            flow.edge(edge);
        }
        return flow;
    }

    @Test
    void reportsAnOutputNoEdgeLeavesOnAtItsDeclaration() {
        var flow = analyze("analyze -> end when done", "analyze -> end when unsure");
        var d = only(flow.check(), Code.UNHANDLED_OUTPUT);
        assertThat(flow.text(d.source())).isEqualTo("blocked");
        assertThat(d.message()).isEqualTo("output \"blocked\" of \"analyze\" has no edge, so a run that produces it stops there;"
                + " add one, e.g. analyze -> NEXT when blocked");
    }

    @Test
    void anEdgeOnAnOutputTheNodeDoesNotHaveMayMeanAnyOfItsOutputs() {
        // "blokced" is FLOW206's (unknown output); it is most likely "blocked", so that is not reported unhandled.
        var found = analyze("analyze -> end when done", "analyze -> end when unsure", "analyze -> end when blokced").check();
        assertThat(of(found, Code.UNHANDLED_OUTPUT)).isEmpty();
        assertThat(of(found, Code.UNKNOWN_OUTPUT)).hasSize(1);
    }

    @Test
    void anEdgeWithoutConditionHandlesEveryOutput() {
        assertThat(of(analyze("analyze -> end").check(), Code.UNHANDLED_OUTPUT)).isEmpty();
    }

    @Test
    void conditionsOverOtherThingsCountAsHandlingEveryOutput() {
        assertThat(of(analyze("analyze -> end when state.ok").check(), Code.UNHANDLED_OUTPUT)).isEmpty();
        assertThat(of(analyze("analyze -> end when analyze.summary contains \"x\"").check(), Code.UNHANDLED_OUTPUT)).isEmpty();
    }

    @Test
    void understandsOutputTestsProducedTestsAndComparisonsOfTheOutput() {
        var flow = analyze(
                "analyze -> end when any(done)",
                "analyze -> end when analyze.blocked && state.ok",
                "analyze -> end when analyze.output == \"unsure\" || false");
        assertThat(of(flow.check(), Code.UNHANDLED_OUTPUT)).isEmpty();

        var negated = analyze("analyze -> end when !analyze.done", "analyze -> end when analyze.output in [\"done\"]");
        assertThat(of(negated.check(), Code.UNHANDLED_OUTPUT)).isEmpty();

        var missing = analyze("analyze -> end when output != \"blocked\" && !analyze.unsure");
        assertThat(of(missing.check(), Code.UNHANDLED_OUTPUT)).extracting(d -> missing.text(d.source())).containsExactly("blocked", "unsure");
    }

    @Test
    void aGateFailureWithoutAnEdgeFailsTheRunOnPurpose() {
        var flow = TestFlow.workflow("demo")
                .gateDef("tests")
                .gate("test", "tests")
                .edge("start -> test")
                .edge("test -> end when test.passed");
        assertThat(flow.check()).isEmpty();
    }

    @Test
    void reportsAnUnhandledDefaultOutputOnTheNode() {
        var flow = TestFlow.workflow("demo")
                .human("ask")
                .edge("start -> ask")
                .edge("ask -> end when approved");
        var d = only(flow.check(), Code.UNHANDLED_OUTPUT);
        assertThat(flow.text(d.source())).isEqualTo("human ask");
        assertThat(d.message()).startsWith("output \"rejected\" of \"ask\" has no edge");
    }

    @Test
    void aNodeWithOneOutputNeedsOnlyAnEdge() {
        var flow = TestFlow.workflow("demo")
                .state("ok", "bool")
                .task("a", command("true"))
                .edge("start -> a")
                .edge("a -> end when state.ok")
                .edge("a -> end when !state.ok");
        assertThat(flow.check()).isEmpty();
    }
}

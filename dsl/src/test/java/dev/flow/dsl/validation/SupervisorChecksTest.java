package dev.flow.dsl.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.FlowTesting;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What an author can get wrong about a supervisor, written in the language and checked through the
 * whole pipeline as flow check does (compiler and wiring, then the checker when the language reports nothing): each mistake is one diagnostic, and a supervisor
 * written right reports nothing.
 */
class SupervisorChecksTest {

    /** A workflow with tasks venue and budget, a supervisor "planner" with the given properties, and these extra lines. */
    private static List<Diagnostic> check(String supervisor, String... more) {
        String text = "workflow demo {\n"
                + "    task venue { agent claude prompt \"Find a venue\" }\n"
                + "    task budget { agent claude prompt \"Draft a budget\" }\n"
                + "    supervisor planner { agent claude prompt \"Plan the party\" " + supervisor + " }\n"
                + "    start -> planner\n"
                + String.join("\n", more) + "\n}\n";
        var c = FlowTesting.compile(text);
        var all = new ArrayList<>(c.diagnostics());
        if (all.isEmpty()) {
            all.addAll(dev.flow.check.Checker.check(c.graph().orElseThrow()));
        }
        return all;
    }

    private static List<String> codes(List<Diagnostic> found) {
        return found.stream().map(d -> d.code().id()).toList();
    }

    @Test
    void aSupervisorWrittenRightReportsNothing() {
        assertThat(check("participants venue, budget max rounds 6")).isEmpty();
        assertThat(check("participants venue, budget ask person max rounds 6")).as("a person Flow creates").isEmpty();
        assertThat(check("participants venue, budget ask person max rounds 6", "human person { title \"Your turn\" }")).isEmpty();
        assertThat(check("participants venue, budget max rounds 1 finish never", "task report { run [\"true\"] }",
                "planner -> report on limit", "report -> end")).isEmpty();
        assertThat(check("participants venue, budget max rounds 6", "task report { run [\"true\"] }", "planner -> report when finish",
                "report -> end")).isEmpty();
    }

    @Test
    void anUnknownParticipantIsReportedOnceWithTheNearestName() {
        var found = check("participants venu, budget max rounds 6");
        assertThat(codes(found)).containsExactly("FLOW701");
        assertThat(found.get(0).message()).isEqualTo("supervisor \"planner\" names participant \"venu\", which no node has; did you mean \"venue\"?");
        assertThat(found.get(0).suggestions()).containsExactly("venue");
    }

    @Test
    void aParticipantThatCannotTakePartIsReported() {
        assertThat(codes(check("participants venue, planner, budget max rounds 6"))).containsExactly("FLOW702");
        assertThat(codes(check("participants venue, budget, venue max rounds 6"))).containsExactly("FLOW702");
        var human = check("participants venue, budget, person max rounds 6", "human person { outputs answered }");
        assertThat(codes(human)).containsExactly("FLOW702");
        assertThat(human.get(0).message()).endsWith("to ask a person, write \"ask person\"");
        assertThat(codes(check("participants venue max rounds 6 ask budget"))).as("ask names a task").containsExactly("FLOW702");
    }

    @Test
    void edgesAroundAParticipantAreReported() {
        assertThat(codes(check("participants venue, budget max rounds 6", "venue -> end"))).containsExactly("FLOW703");
        assertThat(codes(check("participants venue, budget max rounds 6", "start -> budget"))).containsExactly("FLOW703");
    }

    @Test
    void anEdgeThatLeavesTheSupervisorWithoutAConditionIsReported() {
        assertThat(codes(check("participants venue, budget max rounds 6", "planner -> end"))).containsExactly("FLOW704");
    }

    @Test
    void aSupervisorWithNoWayToFinishIsReported() {
        var found = check("participants venue, budget max rounds 6 finish never");
        assertThat(codes(found)).containsExactly("FLOW705");
    }

    @Test
    void roundsMustBeBoundedAndPositive() {
        assertThat(codes(check("participants venue, budget"))).containsExactly("FLOW706");
        var zero = check("participants venue, budget max rounds 0");
        assertThat(codes(zero)).containsExactly("FLOW706");
        assertThat(zero.get(0).message()).isEqualTo("max rounds 0 of supervisor \"planner\" would let it decide nothing; use 1 or more");
    }

    @Test
    void aSupervisorNeedsParticipantsAnAgentAndNoOutputs() {
        assertThat(codes(check("max rounds 6", "venue -> end", "budget -> end", "start -> venue", "start -> budget")))
                .containsExactly("FLOW105");
        assertThat(codes(check("participants venue, budget max rounds 6 outputs a, b"))).containsExactly("FLOW008");
    }
}

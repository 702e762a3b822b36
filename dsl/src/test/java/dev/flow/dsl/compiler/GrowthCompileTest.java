package dev.flow.dsl.compiler;

import static dev.flow.dsl.FlowTesting.workflow;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.FlowTesting;
import dev.flow.dsl.print.FlowPrinter;
import dev.flow.frontend.Compiler;
import dev.flow.frontend.LoadOptions;
import dev.flow.frontend.SourceFile;
import dev.flow.model.Escalation;
import dev.flow.model.Growth;
import dev.flow.model.NodeSpec;
import dev.flow.model.Workflow;
import dev.flow.model.json.GraphJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code planner}, {@code grows max ...} and {@code on failure escalate ...}: compiled, checked, printed back. */
class GrowthCompileTest {

    private static final String GROWING = """
            workflow w {
                agent bot { run ["bot"] }
                grows max 5 nodes, max 20 in all
                on failure escalate auto by bot max 2 times
                task plan {
                    agent bot
                    prompt "Plan."
                    planner grows max 3 nodes, max 6 in all
                }
                task more { agent bot prompt "More." planner }
                task build {
                    run ["make"]
                    on failure escalate to triage
                }
                task triage { agent bot prompt "Why?" outputs retry, give_up }
                task report { agent bot prompt "Report." on failure escalate none }
                start -> plan -> more -> build -> report -> end
            }
            """;

    private static List<Diagnostic> check(String text) {
        return Compiler.withInstalledFrontEnds().compile(new SourceFile(null, "test.flow", text), LoadOptions.DEFAULT).diagnostics();
    }

    @Test
    void plannersLimitsAndEscalationsReachTheModel() {
        Workflow w = workflow(GROWING);
        assertThat(w.config().growth()).extracting(Growth::maxPerAnswer, Growth::maxTotal).containsExactly(5, 20);
        assertThat(w.config().escalation()).satisfies(e -> {
            assertThat(e.mode()).isEqualTo(Escalation.Mode.AUTO);
            assertThat(e.agent().name()).isEqualTo("bot");
            assertThat(e.max()).isEqualTo(2);
        });
        var plan = (NodeSpec.Task) w.node("plan").orElseThrow().spec();
        assertThat(plan.steering().planner()).extracting(Growth::maxPerAnswer, Growth::maxTotal).containsExactly(3, 6);
        var more = (NodeSpec.Task) w.node("more").orElseThrow().spec();
        assertThat(more.steering().isPlanner()).isTrue();
        assertThat(more.steering().planner().maxPerAnswer()).isNull();
        assertThat(((NodeSpec.Task) w.node("build").orElseThrow().spec()).steering().isPlanner()).isFalse();
        assertThat(w.node("build").orElseThrow().escalation()).satisfies(e -> {
            assertThat(e.mode()).isEqualTo(Escalation.Mode.TO);
            assertThat(e.target().name()).isEqualTo("triage");
        });
        assertThat(w.node("report").orElseThrow().escalation().mode()).isEqualTo(Escalation.Mode.NONE);
        assertThat(check(GROWING)).isEmpty();
    }

    @Test
    void theCheckerReportsAnEscalationToAnUnknownNodeWhereItIsWritten() {
        String text = "workflow w { agent bot { run [\"bot\"] } task build { run [\"make\"] on failure escalate to triag }"
                + " task triage { agent bot prompt \"Why?\" } start -> build -> end }";
        var found = check(text);
        assertThat(found).extracting(Diagnostic::code).contains(Code.UNKNOWN_NODE);
        Diagnostic d = found.stream().filter(x -> x.code() == Code.UNKNOWN_NODE).findFirst().orElseThrow();
        assertThat(text.substring(d.source().offset(), d.source().offset() + d.source().length())).isEqualTo("triag");
        assertThat(d.message()).contains("\"triage\"");
    }

    @Test
    void thePrinterWritesThemBackAsTheyWereMeant() {
        String printed = FlowPrinter.create().print(FlowTesting.graph(GROWING));
        assertThat(printed).contains("    grows max 5 nodes, max 20 in all\n", "    on failure escalate auto by bot max 2 times\n",
                "planner grows max 3 nodes, max 6 in all", "on failure escalate to triage", "on failure escalate none");
        assertThat(GraphJson.writeWithoutSources(FlowTesting.graph(printed)))
                .isEqualTo(GraphJson.writeWithoutSources(FlowTesting.graph(GROWING)));
    }

    @Test
    void theNewKeywordsStillWorkAsNames() {
        Workflow w = workflow("workflow w { task planner { sh \"true\" outputs auto, times } task nodes { sh \"true\" }"
                + " start -> planner\n planner -> nodes when auto\n planner -> end when times\n nodes -> end }");
        assertThat(w.node("planner").orElseThrow().effectiveOutputs()).containsExactly("auto", "times");
    }
}

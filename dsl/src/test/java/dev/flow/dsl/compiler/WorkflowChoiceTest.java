package dev.flow.dsl.compiler;

import static dev.flow.dsl.FlowTesting.compile;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.dsl.frontend.FlowFrontEnd;
import dev.flow.frontend.LoadOptions;
import dev.flow.frontend.SourceFile;
import dev.flow.model.Severity;
import dev.flow.model.Workflow;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WorkflowChoiceTest {

    private static final String TWO = "workflow a { }\nworkflow b { }\n";

    @Test
    void severalWorkflowsWithNoneChosenAreAmbiguous() {
        var c = compile(TWO);
        assertThat(c.graph()).isEmpty();
        assertThat(c.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.code()).isEqualTo(Code.AMBIGUOUS_WORKFLOW);
            assertThat(d.message()).contains("\"a\", \"b\"").contains("--workflow");
            assertThat(d.suggestions()).containsExactly("a", "b");
        });
    }

    @Test
    void theChosenWorkflowIsCompiled() {
        var c = new FlowFrontEnd().load(new SourceFile(null, "two.flow", TWO),
                new LoadOptions(List.of(), Optional.empty(), Optional.of("b")));
        assertThat(c.diagnostics()).isEmpty();
        assertThat(c.graph().orElseThrow().main().id()).isEqualTo("b");
    }

    @Test
    void choosingAWorkflowThatIsNotThereSuggestsTheNearest() {
        var c = new FlowFrontEnd().load(new SourceFile(null, "two.flow", "workflow build { }\nworkflow test { }"),
                new LoadOptions(List.of(), Optional.empty(), Optional.of("biuld")));
        assertThat(c.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.code()).isEqualTo(Code.AMBIGUOUS_WORKFLOW);
            assertThat(d.suggestions()).containsExactly("build");
        });
    }

    @Test
    void theOnlyWorkflowThatNoOtherCallsIsTheMainOne() {
        var c = compile("""
                workflow helper { }
                workflow main { subgraph sub runs helper }
                workflow unused_by_main { }
                """);
        assertThat(c.diagnostics()).extracting(d -> d.code()).containsExactly(Code.AMBIGUOUS_WORKFLOW);
        var g = compile("workflow helper { subgraph deeper runs deepest }\nworkflow main { subgraph sub runs helper }\nworkflow deepest { }")
                .graph().orElseThrow();
        assertThat(g.main().id()).isEqualTo("main");
        assertThat(g.subworkflows()).extracting(Workflow::id).containsExactly("helper", "deepest");
    }

    @Test
    void workflowsThatAllRunEachOtherAreCompiledFromTheFirstSoThatTheCircleIsReported() {
        var c = compile("workflow release { subgraph check runs verify }\nworkflow verify { subgraph again runs release }");
        assertThat(c.diagnostics()).isEmpty();
        assertThat(c.graph().orElseThrow().main().id()).isEqualTo("release");
        assertThat(c.graph().get().subworkflows()).extracting(Workflow::id).containsExactly("verify");
    }

    @Test
    void aWorkflowThatCallsItselfIsCompiledOnce() {
        var g = compile("workflow again { subgraph recurse runs again }").graph().orElseThrow();
        assertThat(g.subworkflows()).isEmpty();
    }

    @Test
    void aFileWithoutWorkflowIsALibraryWithNothingToRun() {
        var c = compile("gate tests { run [\"make\", \"test\"] }");
        assertThat(c.graph()).isEmpty();
        assertThat(c.hasErrors()).isFalse();
        assertThat(c.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.code()).isEqualTo(Code.UNREADABLE_INPUT);
            assertThat(d.severity()).isEqualTo(Severity.INFO);
        });
    }
}

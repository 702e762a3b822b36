package dev.flow.dsl.print;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.dsl.FlowTesting;
import dev.flow.frontend.Compilation;
import dev.flow.model.FlowGraph;
import dev.flow.model.json.GraphJson;
import dev.flow.testing.GraphBuilder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Printing a graph and reading the text back gives the same graph, positions aside. */
class PrinterRoundTripTest {

    private static final FlowPrinter PRINTER = FlowPrinter.create();

    /** Prints, parses and compiles; fails with the printed text when anything is lost. */
    static FlowGraph roundTrip(FlowGraph graph) {
        String text = PRINTER.print(graph);
        Compilation back = FlowTesting.compile(text);
        assertThat(back.diagnostics()).as("reading back:\n" + text).isEmpty();
        assertThat(GraphJson.writeWithoutSources(back.graph().orElseThrow()))
                .as("the printed text:\n" + text)
                .isEqualTo(GraphJson.writeWithoutSources(graph));
        return back.graph().orElseThrow();
    }

    @Test
    void aModelWithEveryFeatureSurvivesPrintingAndReading() {
        roundTrip(SampleModels.everything());
    }

    @Test
    void awkwardNamesAreEscapedAndQualifiedWhereTheyWouldResolveOtherwise() {
        roundTrip(SampleModels.awkwardNames());
        String text = PRINTER.print(SampleModels.awkwardNames());
        assertThat(text).contains("workflow `parallel-review`", "task ^merge", "gate `run-tests` uses `test gate`",
                "`custom id`: passed -> end when unknown_thing", "fail -> x when x && input.x",
                "`run-tests` -> fail when any(passed)", "passed -> end when ^if || state.done");
    }

    @Test
    void trickyExpressionsKeepTheirShape() {
        roundTrip(SampleModels.trickyExpressions());
        String text = PRINTER.print(SampleModels.trickyExpressions());
        assertThat(text).contains("when (a || b) && c", "when !(a && b)", "when (!a) == false", "when (n == 1) == true",
                "when n - (1 - 2)", "when -(5) < --n", "when -(-5) > -(n + 1)", "when !!a");
    }

    static Stream<Path> examples() throws IOException {
        return FlowTesting.validExamples();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void everyExampleSurvivesPrintingAndReading(Path example) {
        Compilation c = FlowTesting.compile(example, example.getFileName().toString());
        if (c.graph().isEmpty()) {
            return; // a library: nothing to print
        }
        FlowGraph back = roundTrip(c.graph().get());
        assertThat(PRINTER.print(back)).as("printing is stable").isEqualTo(PRINTER.print(c.graph().get()));
    }

    @Test
    void theLayoutIsFixed() {
        var graph = FlowTesting.graph("""
                workflow w "Title" { version "1"
                  input issue: string
                  state { n: int = 0 }
                  gate g { sh "make" }
                  task a { agent claude prompt "hi" outputs done, blocked on done { set n = n + 1 } }
                  task b
                  task c
                  start -> a -> b when done -> c
                  c -> end
                  complete when a.done
                  max parallel 2 }
                """);
        assertThat(PRINTER.print(graph)).isEqualTo("""
                workflow w "Title" {
                    version "1"

                    max parallel 2

                    input issue: string

                    state {
                        n: int = 0
                    }

                    gate g {
                        sh "make"
                    }

                    task a {
                        agent claude
                        prompt "hi"
                        outputs done, blocked
                        on done set n = n + 1
                    }

                    task b
                    task c

                    complete when a.done

                    start -> a
                    a -> b when done
                    b -> c
                    c -> end
                }
                """);
    }

    @Test
    void commentsArePrintedBeforeTheirElements() {
        FlowGraph graph = FlowTesting.graph("workflow w { task a\nstart -> a -> end }");
        var comments = PrintComments.builder()
                .before(graph, "Imported from w.yaml")
                .before(graph.main().node("a").orElseThrow(), "The only step", "(really)")
                .before(graph.main().edges().get(1), "")
                .build();
        String text = PRINTER.print(graph, comments);
        assertThat(text).isEqualTo("""
                // Imported from w.yaml

                workflow w {
                    // The only step
                    // (really)
                    task a

                    start -> a
                    //
                    a -> end
                }
                """);
        assertThat(FlowTesting.compile(text).diagnostics()).isEmpty();
    }

    @Test
    void importsSectionsAndAFooterHaveTheirPlaces() {
        FlowGraph graph = FlowTesting.graph("""
                workflow w { max parallel 2 state { n: int = 0 } task a { outputs done }
                start -> a -> end
                complete when a.done }
                """);
        var w = graph.main();
        var comments = PrintComments.builder()
                .before(graph, "header")
                .before(new PrintComments.Section(w, PrintComments.Place.SETTINGS), "settings")
                .before(new PrintComments.Section(w, PrintComments.Place.STATE), "state")
                .before(new PrintComments.Section(w, PrintComments.Place.COMPLETION), "completion")
                .footer(List.of("the end", "really"))
                .build();
        String text = PRINTER.print(graph, comments, List.of("lib/gates.flow"));
        assertThat(text).isEqualTo("""
                // header

                import "lib/gates.flow"

                workflow w {
                    // settings
                    max parallel 2

                    // state
                    state {
                        n: int = 0
                    }

                    task a {
                        outputs done
                    }

                    // completion
                    complete when a.done

                    start -> a
                    a -> end
                }

                // the end
                // really
                """);
        assertThat(dev.flow.dsl.frontend.FlowSourceFormatter.create().format(text)).isEqualTo(text);
    }

    @Test
    void aSupervisorIsPrintedAsWrittenAndWiredAgainWhenRead() {
        FlowGraph graph = FlowTesting.graph("""
                workflow w {
                    agent bot { run ["bot"] }
                    supervisor lead "Decides" { agent bot prompt "plan" participants a, b ask person max rounds 4 finish never }
                    task a { agent bot prompt "a" }
                    task b { agent bot prompt "b" session fresh }
                    human person { title "Your turn" }
                    task report { run ["true"] }
                    start -> lead
                    lead -> report on limit
                    report -> end
                }
                """);
        assertThat(graph.main().edges()).as("wired when read").hasSizeGreaterThan(4);
        FlowGraph back = roundTrip(graph);
        String text = PRINTER.print(back);
        assertThat(text).contains("""
                    supervisor lead "Decides" {
                        agent bot
                        prompt "plan"
                        participants a, b
                        ask person
                        max rounds 4
                        finish never
                    }
                """, "session fresh", "human person {\n        title \"Your turn\"\n    }", "lead -> report on limit")
                .doesNotContain("outputs a", "loop max", "session continue", "answered", "a -> report");
        assertThat(dev.flow.dsl.frontend.FlowSourceFormatter.create().format(text)).isEqualTo(text);
    }

    @Test
    void whatTheLanguageCannotWriteIsRefusedWithAReason() {
        var graph = SampleModels.workflow("w", List.of(), List.of(SampleModels.edge("x", "start", "end",
                GraphBuilder.lit(new dev.flow.model.Value.Obj(Map.of("a", dev.flow.model.Value.of(1L)))))));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> PRINTER.print(FlowGraph.of(graph)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("object constant");
    }
}

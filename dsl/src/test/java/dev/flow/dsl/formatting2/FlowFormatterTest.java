package dev.flow.dsl.formatting2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.dsl.FlowTesting;
import dev.flow.dsl.frontend.FlowSourceFormatter;
import dev.flow.dsl.print.FlowPrinter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Formatting lays text out as the printer writes it; before/after pairs and fixpoints. */
class FlowFormatterTest {

    /** The text formatted; a conflict between two of the formatter's rules fails the test (an editor would log it). */
    static String format(String text) {
        var conflicts = new ArrayList<Exception>();
        String formatted = FlowSourceFormatter.create().format(text, conflicts::add);
        assertThat(conflicts).as("the formatter's rules conflict").isEmpty();
        return formatted;
    }

    @Test
    void aCrampedWorkflowIsLaidOutOnePropertyPerLine() {
        String before = """
                workflow w { state { n: int = 0 } task a { agent claude prompt "hi" outputs done on done { set n = n + 1 } }
                gate g { }


                task b { retry 2  meta { x: 1 } }
                start -> a -> b with { k = n } }
                """;
        assertThat(format(before)).isEqualTo("""
                workflow w {
                    state {
                        n: int = 0
                    }
                    task a {
                        agent claude
                        prompt "hi"
                        outputs done
                        on done {
                            set n = n + 1
                        }
                    }
                    gate g { }

                    task b {
                        retry 2
                        meta { x: 1 }
                    }
                    start -> a -> b with {
                        k = n
                    }
                }
                """);
    }

    @Test
    void sandboxSettingsStandOnTheirOwnLines() {
        String before = """
                workflow w { sandbox offline  writes "a","b" agent x { run ["x"] sandbox none } task t { run ["make"] sandbox writes "out" timeout 1m } }
                """;
        assertThat(format(before)).isEqualTo("""
                workflow w {
                    sandbox offline writes "a", "b"
                    agent x {
                        run ["x"]
                        sandbox none
                    }
                    task t {
                        run ["make"]
                        sandbox writes "out"
                        timeout 1m
                    }
                }
                """);
    }

    @Test
    void tokensOnOneLineAreSpacedAsThePrinterSpacesThem() {
        String before = """
                workflow   w {
                    input xs : list < string >
                    state { n:int=0  e : enum ( a , b ) = "a" }
                    task a {agent claude   prompt "x"  outputs done,blocked on done set n=n+ - 1}
                    e1 : start->a   when ! ( n  >= 2&&xs contains "x" ) || any ( done , blocked )
                    a->end when a . summary not in [ "a" ,"b" ]
                }
                """;
        assertThat(format(before)).isEqualTo("""
                workflow w {
                    input xs: list<string>
                    state {
                        n: int = 0
                        e: enum(a, b) = "a"
                    }
                    task a {
                        agent claude
                        prompt "x"
                        outputs done, blocked
                        on done set n = n + -1
                    }
                    e1: start -> a when !(n >= 2 && xs contains "x") || any(done, blocked)
                    a -> end when a.summary not in ["a", "b"]
                }
                """);
    }

    @Test
    void aRetryOnOutputsAndASessionStandOnTheirOwnLines() {
        String before = """
                workflow w { state { n: int = 0 } task a { agent claude  outputs done, fail retry 3 on fail , done backoff 2s on done set n = 1 session  continue } }
                """;
        assertThat(format(before)).isEqualTo("""
                workflow w {
                    state {
                        n: int = 0
                    }
                    task a {
                        agent claude
                        outputs done, fail
                        retry 3 on fail, done backoff 2s
                        on done set n = 1
                        session continue
                    }
                }
                """);
    }

    @Test
    void aTasksInputsStandOneALineWithTheirKeysInBrackets() {
        String before = """
                workflow w { task p { sh "true" } task a { agent claude inputs { goal = p [ "ctx.goal" ] , run [ "x" ] } prompt "go" } }
                """;
        assertThat(format(before)).isEqualTo("""
                workflow w {
                    task p {
                        sh "true"
                    }
                    task a {
                        agent claude
                        inputs {
                            goal = p["ctx.goal"],
                            run["x"]
                        }
                        prompt "go"
                    }
                }
                """);
    }

    @Test
    void theDialect1PropertiesAreLaidOutAsThePrinterWritesThem() {
        String before = """
                agent bot { run ["./bot"] roles "planner" ,"reviewer" }
                gate tests { run ["make"]  cwd   "api" }
                workflow w { task a { role "planner"   prompt   format "Plan: {input}" } start -> a -> end }
                """;
        assertThat(format(before)).isEqualTo("""
                agent bot {
                    run ["./bot"]
                    roles "planner", "reviewer"
                }
                gate tests {
                    run ["make"]
                    cwd "api"
                }
                workflow w {
                    task a {
                        role "planner"
                        prompt format "Plan: {input}"
                    }
                    start -> a -> end
                }
                """);
    }

    @Test
    void printedTextIsAlreadyFormatted() {
        String printed = FlowPrinter.create().print(FlowTesting.graph(ParserFixture.TEXT));
        assertThat(format(printed)).isEqualTo(printed);
    }

    static Stream<Path> examples() throws IOException {
        return FlowTesting.validExamples();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void theExamplesAreFormatted(Path example) throws IOException {
        String text = Files.readString(example);
        assertThat(format(text)).isEqualTo(text);
    }

    /** A workflow with blocks of every kind. */
    static final class ParserFixture {
        static final String TEXT = """
                workflow w "Title" {
                    input issue: string
                    state { n: int = 0 }
                    gate tests { run ["make"] env { CI = "1" } parallel safe }
                    agent fake { sh "fake" prompt via file }
                    task a { agent fake prompt "x" outputs done, blocked retry 2 on done set n = n + 1 on blocked { set n = 0  set n = 1 } }
                    gate t uses tests { timeout 1m }
                    branch b { if n > 1 }
                    parallel p { branches a  wait first }
                    merge m { wait all of a, t  strategy first }
                    subgraph s runs w { with { issue = issue } }
                    human h { title "T" prompt "P" outputs yes default yes }
                    start -> a -> t -> b with { x = 1 }
                    a -> end
                }
                """;
    }
}

package dev.flow.dsl.compiler;

import static dev.flow.dsl.FlowTesting.workflow;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.print.FlowPrinter;
import dev.flow.frontend.Compiler;
import dev.flow.frontend.LoadOptions;
import dev.flow.frontend.SourceFile;
import dev.flow.model.Expr;
import dev.flow.model.Isolation;
import dev.flow.model.NodeSpec;
import dev.flow.model.Workflow;
import dev.flow.model.json.GraphJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code isolate} and {@code repository}: compiled to the model, known to the checker, printed back. */
class IsolationCompileTest {

    private static final String ISOLATED = """
            workflow w {
                isolate worktree
                repository "../app"
                gate tests { run ["make", "test"] }
                task fix { sh "make fix"  gates tests }
                task look { sh "ls"  isolate none }
                gate check uses tests { isolate worktree }
                start -> fix -> look -> check -> end
                fix -> end when conflict
            }
            """;

    private static List<Diagnostic> check(String text) {
        return Compiler.withInstalledFrontEnds().compile(new SourceFile(null, "test.flow", text), LoadOptions.DEFAULT).diagnostics();
    }

    @Test
    void theWorkflowsIsolateIsTheDefaultOfItsTasksAndATaskMayOptOut() {
        Workflow w = workflow(ISOLATED);
        assertThat(w.config().isolation()).isEqualTo(Isolation.WORKTREE);
        assertThat(w.config().repository()).isEqualTo("../app");
        assertThat(((NodeSpec.Task) w.node("fix").orElseThrow().spec()).execution().isolation()).isEqualTo(Isolation.WORKTREE);
        assertThat(((NodeSpec.Task) w.node("look").orElseThrow().spec()).execution().isolation()).isEqualTo(Isolation.NONE);
        assertThat(((NodeSpec.Gate) w.node("check").orElseThrow().spec()).isolation()).isEqualTo(Isolation.WORKTREE);
        assertThat(w.node("fix").orElseThrow().effectiveOutputs()).containsExactly("done", "conflict");
        assertThat(w.node("look").orElseThrow().effectiveOutputs()).containsExactly("done");
    }

    @Test
    void withoutIsolateNothingIsIsolatedAndTheConfigIsTheDefault() {
        Workflow w = workflow("workflow w { task a { sh \"true\" }  start -> a -> end }");
        assertThat(w.config().isolation()).isEqualTo(Isolation.NONE);
        assertThat(w.config().repository()).isNull();
        assertThat(((NodeSpec.Task) w.node("a").orElseThrow().spec()).execution().isolated()).isFalse();
    }

    @Test
    void whenConflictOnAnIsolatedTaskIsAnOutputTestAndTheCheckerIsQuiet() {
        Workflow w = workflow(ISOLATED);
        var edge = w.edges().stream().filter(e -> e.from().name().equals("fix") && e.to().name().equals("end")).findFirst().orElseThrow();
        assertThat(edge.condition()).isInstanceOfSatisfying(Expr.OutputTest.class,
                t -> assertThat(t.outputs()).extracting(n -> n.name()).containsExactly("conflict"));
        assertThat(check(ISOLATED)).isEmpty();
    }

    @Test
    void anIsolatedTaskWithNoConflictEdgeIsNotWarnedAbout() {
        String text = """
                workflow w {
                    task a { sh "true"  isolate worktree  outputs ok, bad }
                    start -> a
                    a -> end when ok
                    a -> end when bad
                }
                """;
        assertThat(check(text)).isEmpty();
    }

    @Test
    void whenConflictOnATaskThatIsNotIsolatedIsFlow206WithHowToIsolateIt() {
        String text = """
                workflow w {
                    task a { sh "true" }
                    task resolve { sh "true" }
                    start -> a -> end
                    a -> resolve when conflict
                    resolve -> end
                }
                """;
        var found = check(text);
        assertThat(found).extracting(Diagnostic::code).containsExactly(Code.UNKNOWN_OUTPUT);
        Diagnostic d = found.get(0);
        assertThat(text.substring(d.source().offset(), d.source().offset() + d.source().length())).isEqualTo("conflict");
        assertThat(d.message()).contains("\"a\" has no output \"conflict\"").contains("add \"isolate worktree\" to it");
    }

    @Test
    void isolateWrittenTwiceIsReported() {
        var found = check("workflow w { isolate worktree isolate none task a { sh \"true\" isolate none isolate worktree } start -> a -> end }");
        assertThat(found).extracting(Diagnostic::code).containsExactly(Code.DUPLICATE_PROPERTY, Code.DUPLICATE_PROPERTY);
        assertThat(found).extracting(Diagnostic::message).anySatisfy(m -> assertThat(m).contains("\"isolate\" is set twice in workflow \"w\""))
                .anySatisfy(m -> assertThat(m).contains("\"isolate\" is set twice in task \"a\""));
    }

    @Test
    void thePrinterWritesTheDefaultOnceAndEachExceptionOnItsTask() {
        String printed = FlowPrinter.create().print(dev.flow.dsl.FlowTesting.graph(ISOLATED));
        assertThat(printed).contains("    isolate worktree\n    repository \"../app\"\n");
        assertThat(printed.split("isolate worktree", -1)).as(printed).hasSize(3); // the workflow's and the gate node's
        assertThat(printed).contains("isolate none");
        assertThat(GraphJson.writeWithoutSources(dev.flow.dsl.FlowTesting.graph(printed)))
                .isEqualTo(GraphJson.writeWithoutSources(dev.flow.dsl.FlowTesting.graph(ISOLATED)));
    }

    @Test
    void namesThatAreNowKeywordsStillWorkAsNames() {
        Workflow w = workflow("workflow w { task worktree { sh \"true\" outputs none, isolate } start -> worktree\n"
                + "worktree -> end when none\nworktree -> end when isolate }");
        assertThat(w.node("worktree").orElseThrow().effectiveOutputs()).containsExactly("none", "isolate");
    }
}

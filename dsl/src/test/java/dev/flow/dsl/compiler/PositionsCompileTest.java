package dev.flow.dsl.compiler;

import static dev.flow.dsl.FlowTesting.workflow;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.Expr;
import dev.flow.model.NodeSpec;
import dev.flow.model.SourceRef;
import dev.flow.model.Workflow;
import org.junit.jupiter.api.Test;

/** Every element points at the text a diagnostic about it should underline (see {@link SourceRefs}). */
class PositionsCompileTest {

    private static final String TEXT = """
            workflow demo {
                max parallel 2
                max time 1h
                max cost 3
                state { attempts: int = 0 }
                task analyze "Analyze" {
                    agent claude
                    outputs done
                    retry 2 backoff 1s
                }
                branch check { if attempts < 3 then analyze loop max 2 }
                start -> analyze -> check when done
                interrupt before check prompt "Go?"
            }
            """;

    private static final Workflow W = workflow(TEXT);

    /** The text a position covers. */
    private static String text(SourceRef at) {
        return TEXT.substring(at.offset(), at.offset() + at.length());
    }

    @Test
    void aNodeIsItsName() {
        SourceRef at = W.node("analyze").orElseThrow().source();
        assertThat(text(at)).isEqualTo("analyze");
        assertThat(at.file()).isEqualTo("test.flow");
        assertThat(at.line()).isEqualTo(6);
        assertThat(at.column()).isEqualTo(10);
        assertThat(at.endLine()).isEqualTo(6);
        assertThat(at.endColumn()).isEqualTo(17);
    }

    @Test
    void theImplicitStartAndEndAreTheWorkflowsName() {
        assertThat(text(W.node("start").orElseThrow().source())).isEqualTo("demo");
        assertThat(text(W.node("end").orElseThrow().source())).isEqualTo("demo");
        assertThat(text(W.source())).isEqualTo("demo");
    }

    @Test
    void aReferenceIsTheNameAsWritten() {
        var agent = ((NodeSpec.Task) W.node("analyze").orElseThrow().spec()).call().agent();
        assertThat(text(agent.source())).isEqualTo("claude");
        assertThat(text(W.edges().get(1).to().source())).isEqualTo("analyze");
        assertThat(text(W.edges().get(1).from().source())).isEqualTo("start");
        assertThat(text(W.edges().get(0).from().source())).as("a branch's own edges leave its name").isEqualTo("check");
    }

    @Test
    void anEdgeRunsFromItsSourceToItsTargetWithoutTheCondition() {
        assertThat(W.edges()).extracting(e -> text(e.source())).containsExactly("then analyze", "start -> analyze", "analyze -> check");
    }

    @Test
    void aBranchTargetsOutputTestIsTheThenKeyword() {
        var test = (Expr.OutputTest) W.edges().get(0).condition();
        assertThat(text(test.outputs().get(0).source())).isEqualTo("then");
        assertThat(text(W.edges().get(0).loop().source())).isEqualTo("loop max 2");
    }

    @Test
    void anExpressionIsItsWholeText() {
        var condition = ((NodeSpec.Branch) W.node("check").orElseThrow().spec()).condition();
        assertThat(text(condition.source())).isEqualTo("attempts < 3");
        assertThat(text(((Expr.Binary) condition).left().source())).isEqualTo("attempts");
        assertThat(text(W.edges().get(2).condition().source())).isEqualTo("done");
    }

    @Test
    void statementsAreTheirWholeText() {
        assertThat(text(W.node("analyze").orElseThrow().retry().source())).isEqualTo("retry 2 backoff 1s");
        assertThat(text(W.interrupts().get(0).source())).isEqualTo("interrupt before check prompt \"Go?\"");
        assertThat(text(W.limits().source())).as("the first limit").isEqualTo("max time 1h");
        assertThat(text(W.config().source())).isEqualTo("max parallel 2");
    }

    @Test
    void declarationsAreTheirNames() {
        assertThat(text(W.state().get(0).source())).isEqualTo("attempts");
        assertThat(text(W.node("analyze").orElseThrow().outputs().get(0).source())).isEqualTo("done");
    }
}

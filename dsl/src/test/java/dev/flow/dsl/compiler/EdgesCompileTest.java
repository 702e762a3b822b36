package dev.flow.dsl.compiler;

import static dev.flow.dsl.FlowTesting.workflow;
import static dev.flow.dsl.FlowTesting.wrap;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.Edge;
import dev.flow.model.Expr;
import dev.flow.model.Mapping;
import dev.flow.model.NameRef;
import dev.flow.model.Workflow;
import java.util.List;
import org.junit.jupiter.api.Test;

class EdgesCompileTest {

    private static final String NODES = "task a { outputs done, blocked }\ntask b\ntask c\n";

    @Test
    void aChainGivesOneEdgePerStepWithDerivedIds() {
        Workflow w = workflow(wrap(NODES + "start -> a -> b -> end"));
        assertThat(w.edges()).extracting(Edge::id).containsExactly("start->a", "a->b", "b->end");
        assertThat(w.edges()).extracting(e -> e.from().name(), e -> e.to().name()).containsExactly(
                org.assertj.core.groups.Tuple.tuple("start", "a"), org.assertj.core.groups.Tuple.tuple("a", "b"),
                org.assertj.core.groups.Tuple.tuple("b", "end"));
    }

    @Test
    void furtherEdgesBetweenTheSameNodesAreNumbered() {
        Workflow w = workflow(wrap(NODES + "a -> b when done\na -> b when blocked\na -> b"));
        assertThat(w.edges()).extracting(Edge::id).containsExactly("a->b", "a->b#2", "a->b#3");
    }

    @Test
    void explicitIdsAreKeptAndReservedBeforeIdsAreDerived() {
        Workflow w = workflow(wrap(NODES + "a -> b\n`a->b`: a -> b when done\ne1: b -> c"));
        assertThat(w.edges()).extracting(Edge::id).containsExactly("a->b#2", "a->b", "e1");
    }

    @Test
    void aStepCarriesItsLoopLimitLimitRouteConditionAndDataMapping() {
        Workflow w = workflow(wrap(NODES + """
                a -> b loop max 3 when done with { summary = a.summary, n = 1 }
                a -> c on limit
                """));
        Edge loop = w.edges().get(0);
        assertThat(loop.loop().maxIterations()).isEqualTo(3);
        assertThat(loop.onLimitReached()).isFalse();
        assertThat(loop.condition()).isInstanceOf(Expr.OutputTest.class);
        assertThat(loop.dataMapping()).extracting(Mapping::key).containsExactly("summary", "n");
        assertThat(((Expr.Ref) loop.dataMapping().get(0).value()).path()).isEqualTo("a.summary");
        Edge limit = w.edges().get(1);
        assertThat(limit.onLimitReached()).isTrue();
        assertThat(limit.loop()).isNull();
        assertThat(limit.condition()).isNull();
    }

    @Test
    void eachStepOfAChainHasItsOwnCondition() {
        Workflow w = workflow(wrap(NODES + "start -> a -> b when done -> c when b.output == \"done\""));
        assertThat(w.edges().get(0).condition()).isNull();
        assertThat(((Expr.OutputTest) w.edges().get(1).condition()).outputs()).extracting(NameRef::name).containsExactly("done");
        assertThat(w.edges().get(2).condition()).isInstanceOf(Expr.Binary.class);
    }

    @Test
    void branchTargetsBecomeEdgesOnItsOutputsWhereTheBranchIsDeclared() {
        Workflow w = workflow(wrap("""
                start -> check
                branch check { if true then a else b loop max 2 }
                task a
                task b
                a -> end
                """));
        assertThat(w.edges()).extracting(Edge::id).containsExactly("start->check", "check->a", "check->b", "a->end");
        Edge then = w.edges().get(1);
        assertThat(then.condition()).isInstanceOf(Expr.OutputTest.class);
        assertThat(((Expr.OutputTest) then.condition()).quantifier()).isEqualTo(Expr.Quantifier.ANY);
        assertThat(((Expr.OutputTest) then.condition()).outputs()).extracting(NameRef::name).containsExactly("on_true");
        assertThat(then.loop()).isNull();
        Edge otherwise = w.edges().get(2);
        assertThat(((Expr.OutputTest) otherwise.condition()).outputs()).extracting(NameRef::name).containsExactly("on_false");
        assertThat(otherwise.loop().maxIterations()).isEqualTo(2);
    }

    @Test
    void aBranchMayLeadToEnd() {
        Workflow w = workflow(wrap("branch check { if false then end }"));
        assertThat(w.edges()).extracting(e -> e.to().name()).containsExactly("end");
    }

    @Test
    void interruptsPauseBeforeOrAfterANode() {
        Workflow w = workflow(wrap(NODES + """
                state { iteration: int = 0 }
                interrupt after a prompt "Review findings?" optional
                interrupt before b when iteration >= 3 prompt "Continue?"
                interrupt before c
                """));
        assertThat(w.interrupts()).extracting(i -> i.timing(), i -> i.node().name(), i -> i.prompt(), i -> i.required()).containsExactly(
                org.assertj.core.groups.Tuple.tuple(dev.flow.model.Interrupt.Timing.AFTER, "a", "Review findings?", false),
                org.assertj.core.groups.Tuple.tuple(dev.flow.model.Interrupt.Timing.BEFORE, "b", "Continue?", true),
                org.assertj.core.groups.Tuple.tuple(dev.flow.model.Interrupt.Timing.BEFORE, "c", null, true));
        assertThat(w.interrupts().get(0).condition()).isNull();
        assertThat(((Expr.Ref) ((Expr.Binary) w.interrupts().get(1).condition()).left()).path()).isEqualTo("state.iteration");
    }

    @Test
    void completionConditionsAreCollectedInOrder() {
        Workflow w = workflow(wrap(NODES + "human approval { outputs yes, no }\ncomplete when approval.yes, a.output == \"done\"\ncomplete when all(yes)"));
        assertThat(w.completion()).hasSize(3);
        assertThat(((Expr.Ref) w.completion().get(0)).path()).isEqualTo("approval.yes");
        assertThat(w.completion().get(2)).isInstanceOf(Expr.OutputTest.class);
        assertThat(((Expr.OutputTest) w.completion().get(2)).quantifier()).isEqualTo(Expr.Quantifier.ALL);
    }

    @Test
    void aNamedChainGetsDerivedIds() {
        // The validator reports the name (FLOW006); the compiler does not give it to any step.
        var c = dev.flow.dsl.FlowTesting.compile(wrap(NODES + "e1: a -> b -> c"));
        assertThat(c.graph().orElseThrow().main().edges()).extracting(Edge::id).isEqualTo(List.of("a->b", "b->c"));
    }
}

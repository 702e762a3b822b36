package dev.flow.dsl.compiler;

import static dev.flow.dsl.FlowTesting.workflow;
import static dev.flow.dsl.FlowTesting.wrap;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.Expr;
import dev.flow.model.Expr.BinaryOp;
import dev.flow.model.NameRef;
import dev.flow.model.Value;
import dev.flow.model.json.GraphJson;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ExpressionsCompileTest {

    private static final String DECLARATIONS = """
            input issue: string
            input limit: int = 3
            state { attempts: int = 0  level: string = "low"  data: any = null }
            gate tests { }
            task analyze { outputs done, blocked }
            gate test uses tests
            """;

    /** The condition of the only edge, compiled in a workflow with some declarations. */
    private static Expr condition(String condition) {
        return workflow(wrap(DECLARATIONS + "analyze -> end when " + condition)).edges().get(0).condition();
    }

    private static Expr gateCondition(String condition) {
        return workflow(wrap(DECLARATIONS + "test -> end when " + condition)).edges().get(0).condition();
    }

    private static String path(Expr e) {
        return ((Expr.Ref) e).path();
    }

    @Test
    void aStateVariableIsReadUnderState() {
        assertThat(path(((Expr.Binary) condition("attempts < 3")).left())).isEqualTo("state.attempts");
    }

    @Test
    void anInputIsReadUnderInput() {
        assertThat(path(((Expr.Binary) condition("issue != \"\"")).left())).isEqualTo("input.issue");
    }

    @Test
    void aNodeFieldStaysAsWritten() {
        assertThat(path(gateCondition("test.passed"))).isEqualTo("test.passed");
        assertThat(path(condition("analyze.data.files.count"))).isEqualTo("analyze.data.files.count");
    }

    @Test
    void qualifiedNamesSayWhichKindOfNameTheyMean() {
        assertThat(path(condition("state.attempts"))).isEqualTo("state.attempts");
        assertThat(path(condition("input.limit"))).isEqualTo("input.limit");
        assertThat(path(condition("state.data.x"))).isEqualTo("state.data.x");
        assertThat(path(condition("state.nothing"))).as("unknown, carried as written").isEqualTo("state.nothing");
    }

    @Test
    void outputIsTheResultOfTheNodeBeingHandled() {
        assertThat(path(((Expr.Binary) condition("output == \"done\"")).left())).isEqualTo("output");
        assertThat(path(condition("output.summary"))).isEqualTo("output.summary");
    }

    @Test
    void aBareOutputNameOfTheSourceIsAnOutputTest() {
        var test = (Expr.OutputTest) condition("done");
        assertThat(test.quantifier()).isEqualTo(Expr.Quantifier.ANY);
        assertThat(test.outputs()).extracting(NameRef::name).containsExactly("done");
    }

    @Test
    void theDefaultOutputsOfTheSourcesKindAreOutputTestsToo() {
        assertThat(((Expr.OutputTest) gateCondition("passed")).outputs()).extracting(NameRef::name).containsExactly("passed");
    }

    @Test
    void anUnknownBareNameIsCarriedAsWrittenForTheChecker() {
        assertThat(path(condition("nothing"))).isEqualTo("nothing");
        assertThat(path(condition("nothing.here"))).isEqualTo("nothing.here");
    }

    @Test
    void anUnknownBareNameCloseToAnOutputOfTheSourceIsAnOutputTestSoThatTheCheckerNamesTheOutput() {
        assertThat(((Expr.OutputTest) condition("blokced")).outputs()).extracting(NameRef::name).containsExactly("blokced");
        assertThat(((Expr.OutputTest) gateCondition("pased")).outputs()).extracting(NameRef::name).containsExactly("pased");
    }

    @Test
    void outputTestsNameSeveralOutputs() {
        var any = (Expr.OutputTest) condition("any(done, blocked)");
        assertThat(any.outputs()).extracting(NameRef::name).containsExactly("done", "blocked");
        var all = (Expr.OutputTest) condition("all(done, typo)");
        assertThat(all.quantifier()).isEqualTo(Expr.Quantifier.ALL);
        assertThat(all.outputs()).extracting(NameRef::name).containsExactly("done", "typo");
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "attempts || attempts; OR", "attempts or attempts; OR", "attempts && attempts; AND", "attempts and attempts; AND",
        "attempts == 1; EQ", "attempts != 1; NE", "attempts < 1; LT", "attempts <= 1; LE", "attempts > 1; GT",
        "attempts >= 1; GE", "level in [\"a\"]; IN", "level not in [\"a\"]; NOT_IN", "level contains \"a\"; CONTAINS",
        "level starts with \"a\"; STARTS_WITH", "level ends  with \"a\"; ENDS_WITH", "attempts + 1; ADD",
        "attempts - 1; SUB", "attempts * 1; MUL", "attempts / 1; DIV"})
    void everyOperatorHasItsModelOperator(String condition, BinaryOp op) {
        assertThat(((Expr.Binary) condition(condition)).op()).isEqualTo(op);
    }

    @Test
    void precedenceFollowsTheModelsBindingStrength() {
        var or = (Expr.Binary) condition("attempts > 1 || attempts < 2 && !test.passed");
        assertThat(or.op()).isEqualTo(BinaryOp.OR);
        assertThat(((Expr.Binary) or.right()).op()).isEqualTo(BinaryOp.AND);
        var sum = (Expr.Binary) ((Expr.Binary) condition("attempts + 2 * 3 == 7")).left();
        assertThat(sum.op()).isEqualTo(BinaryOp.ADD);
        assertThat(((Expr.Binary) sum.right()).op()).isEqualTo(BinaryOp.MUL);
        var grouped = (Expr.Binary) ((Expr.Binary) condition("(attempts + 2) * 3 == 9")).left();
        assertThat(grouped.op()).isEqualTo(BinaryOp.MUL);
    }

    @Test
    void notBindsLooserThanAComparison() {
        var not = (Expr.Unary) condition("!attempts == 1");
        assertThat(not.op()).isEqualTo(Expr.UnaryOp.NOT);
        assertThat(not.operand()).isInstanceOf(Expr.Binary.class);
    }

    @Test
    void aMinusBeforeANumberIsANegativeLiteralButNotBeforeParentheses() {
        var literal = (Expr.Literal) ((Expr.Binary) condition("attempts > -5")).right();
        assertThat(literal.value()).isEqualTo(Value.of(-5L));
        assertThat(((Expr.Literal) ((Expr.Binary) condition("attempts > -2.5")).right()).value()).isEqualTo(Value.of(-2.5));
        var negation = (Expr.Unary) ((Expr.Binary) condition("attempts > -(5)")).right();
        assertThat(negation.op()).isEqualTo(Expr.UnaryOp.NEGATE);
        assertThat(((Expr.Literal) negation.operand()).value()).isEqualTo(Value.of(5L));
        assertThat(((Expr.Unary) ((Expr.Binary) condition("attempts > -attempts")).right()).op()).isEqualTo(Expr.UnaryOp.NEGATE);
    }

    @Test
    void literalsOfEveryKind() {
        assertThat(((Expr.Literal) ((Expr.Binary) condition("level == \"a\\\"b\\n\"")).right()).value()).isEqualTo(Value.of("a\"b\n"));
        assertThat(((Expr.Literal) ((Expr.Binary) condition("data == null")).right()).value()).isEqualTo(Value.Null.INSTANCE);
        assertThat(((Expr.Literal) ((Expr.Binary) condition("data == true")).right()).value()).isEqualTo(Value.of(true));
        assertThat(((Expr.Literal) ((Expr.Binary) condition("attempts == 5000000000")).right()).value()).isEqualTo(Value.of(5_000_000_000L));
    }

    @Test
    void aConstantListIsOneLiteral() {
        var list = (Expr.Literal) ((Expr.Binary) condition("level in [\"low\", -1, 2.5, [true], null]")).right();
        assertThat(list.value()).isEqualTo(new Value.ListOf(List.of(Value.of("low"), Value.of(-1L), Value.of(2.5),
                new Value.ListOf(List.of(Value.of(true))), Value.Null.INSTANCE)));
    }

    @Test
    void namesWrittenWithACaretOrInBackquotesLoseTheirEscape() {
        var w = workflow(wrap("task ^merge { outputs ^if }\ntask `x-y`\n^merge -> `x-y` when ^merge.^if || any(^if)"));
        var or = (Expr.Binary) w.edges().get(0).condition();
        assertThat(path(or.left())).isEqualTo("merge.if");
        assertThat(((Expr.OutputTest) or.right()).outputs()).extracting(NameRef::name).containsExactly("if");
        assertThat(w.edges().get(0).to().name()).isEqualTo("x-y");
    }

    @Test
    void theSameConditionCompilesToTheSameModelWhateverTheSpelling() {
        var a = workflow(wrap(DECLARATIONS + "analyze -> end when attempts>=1 and not_done || done")).edges().get(0);
        var b = workflow(wrap(DECLARATIONS + "analyze -> end when (attempts >= 1 && not_done) or any(done)")).edges().get(0);
        var graphA = dev.flow.model.FlowGraph.of(dev.flow.model.Workflow.builder().id("x").edges(List.of(a)).build());
        var graphB = dev.flow.model.FlowGraph.of(dev.flow.model.Workflow.builder().id("x").edges(List.of(b)).build());
        assertThat(GraphJson.writeWithoutSources(graphA)).isEqualTo(GraphJson.writeWithoutSources(graphB));
    }
}

package dev.flow.engine.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flow.model.Expr;
import dev.flow.model.Expr.BinaryOp;
import dev.flow.model.NameRef;
import dev.flow.model.Type;
import dev.flow.model.Value;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EvaluatorTest {

    /** State {attempts: 2, tags: [a, b]}, input {issue: "NPE in parser"}, node test (gate) that failed, node fix not run. */
    private static final Scope SCOPE = new Scope() {
        @Override
        public Optional<Object> state(String name) {
            return Optional.ofNullable(Map.<String, Object>of("attempts", 2L, "tags", List.of("a", "b")).get(name));
        }

        @Override
        public Optional<Object> input(String name) {
            return name.equals("issue") ? Optional.of("NPE in parser") : Optional.empty();
        }

        @Override
        public Optional<NodeView> node(String id) {
            return switch (id) {
                case "test" -> Optional.of(new NodeView(List.of("passed", "failed"), "failed",
                        Map.of("passed", false, "exit_code", 1L, "output", "3 tests failed", "data", Map.of("x", 5L))));
                case "fix" -> Optional.of(new NodeView(List.of("done"), null, Map.of()));
                default -> Optional.empty();
            };
        }

        @Override
        public String currentOutput() {
            return "failed";
        }

        @Override
        public Set<String> producedOutputs() {
            return Set.of("failed");
        }
    };

    private static Object eval(Expr e) {
        return new Evaluator(SCOPE).eval(e);
    }

    private static Expr ref(String p) {
        return new Expr.Ref(p, null);
    }

    private static Expr lit(Object v) {
        return new Expr.Literal(Value.fromJava(v), null);
    }

    private static Expr bin(BinaryOp op, Expr l, Expr r) {
        return new Expr.Binary(op, l, r, null);
    }

    @Test
    void readsCanonicalPathsAndBareNames() {
        assertThat(eval(ref("state.attempts"))).isEqualTo(2L);
        assertThat(eval(ref("attempts"))).isEqualTo(2L);
        assertThat(eval(ref("input.issue"))).isEqualTo("NPE in parser");
        assertThat(eval(ref("issue"))).isEqualTo("NPE in parser");
        assertThat(eval(ref("output"))).isEqualTo("failed");
        assertThat(eval(ref("test.exit_code"))).isEqualTo(1L);
        assertThat(eval(ref("test.data.x"))).isEqualTo(5L);
        assertThat(eval(ref("test.output"))).isEqualTo("3 tests failed");
    }

    @Test
    void aNodesOutputNameReadsAsABoolOfWhetherItProducedIt() {
        assertThat(eval(ref("test.failed"))).isEqualTo(true);
        assertThat(eval(ref("test.passed"))).isEqualTo(false);
        assertThat(eval(ref("failed"))).isEqualTo(true);
    }

    @Test
    void aNodeThatHasNotRunReadsAsNull() {
        assertThat(eval(ref("fix.summary"))).isNull();
        assertThat(eval(ref("fix.done"))).isEqualTo(false);
    }

    @Test
    void anUnknownNameIsAnErrorThatNamesIt() {
        assertThatThrownBy(() -> eval(ref("nope"))).isInstanceOf(EvalException.class).hasMessage("unknown name 'nope'");
    }

    @Test
    void comparesNumbersAcrossIntAndFloat() {
        assertThat(eval(bin(BinaryOp.EQ, lit(2L), lit(2.0)))).isEqualTo(true);
        assertThat(eval(bin(BinaryOp.GE, ref("attempts"), lit(1.5)))).isEqualTo(true);
        assertThat(eval(bin(BinaryOp.LT, lit("abc"), lit("abd")))).isEqualTo(true);
        assertThat(eval(bin(BinaryOp.LT, ref("fix.summary"), lit(3L)))).isEqualTo(false);
        assertThatThrownBy(() -> eval(bin(BinaryOp.LT, lit("a"), lit(3L)))).hasMessageContaining("compares two numbers or two strings");
    }

    @Test
    void logicShortCircuitsSoTheRightSideNeedNotMakeSense() {
        assertThat(eval(bin(BinaryOp.OR, lit(true), ref("nope")))).isEqualTo(true);
        assertThat(eval(bin(BinaryOp.AND, lit(false), ref("nope")))).isEqualTo(false);
        assertThat(eval(new Expr.Unary(Expr.UnaryOp.NOT, ref("test.passed"), null))).isEqualTo(true);
    }

    @Test
    void membershipAndTextOperatorsWorkOnListsAndStrings() {
        assertThat(eval(bin(BinaryOp.IN, lit("a"), ref("tags")))).isEqualTo(true);
        assertThat(eval(bin(BinaryOp.NOT_IN, lit("z"), ref("tags")))).isEqualTo(true);
        assertThat(eval(bin(BinaryOp.CONTAINS, ref("issue"), lit("NPE")))).isEqualTo(true);
        assertThat(eval(bin(BinaryOp.STARTS_WITH, ref("issue"), lit("NPE")))).isEqualTo(true);
        assertThat(eval(bin(BinaryOp.ENDS_WITH, ref("issue"), lit("parser")))).isEqualTo(true);
    }

    @Test
    void arithmeticKeepsIntsIntsAndRefusesDivisionByZero() {
        assertThat(eval(bin(BinaryOp.ADD, ref("attempts"), lit(1L)))).isEqualTo(3L);
        assertThat(eval(bin(BinaryOp.MUL, ref("attempts"), lit(1.5)))).isEqualTo(3.0);
        assertThat(eval(bin(BinaryOp.ADD, lit("n="), ref("attempts")))).isEqualTo("n=2");
        assertThatThrownBy(() -> eval(bin(BinaryOp.DIV, lit(1L), lit(0L)))).hasMessage("division by zero");
    }

    @Test
    void outputTestsAskWhetherTheHandledNodeProducedTheNames() {
        var any = new Expr.OutputTest(Expr.Quantifier.ANY, List.of(NameRef.of("passed"), NameRef.of("failed")), null);
        var all = new Expr.OutputTest(Expr.Quantifier.ALL, List.of(NameRef.of("passed"), NameRef.of("failed")), null);
        assertThat(eval(any)).isEqualTo(true);
        assertThat(eval(all)).isEqualTo(false);
    }

    @Test
    void templatesFillTypedValuesAndLeaveUnknownPlaceholdersAsWritten() {
        var ev = new Evaluator(SCOPE);
        assertThat(Templates.fill("Fix ${issue} (try ${state.attempts}, tags ${tags}) ${nope} $${literal}", ev))
                .isEqualTo("Fix NPE in parser (try 2, tags [\"a\",\"b\"]) ${nope} ${literal}");
        assertThat(Templates.fill("${fix.summary}|", ev)).isEqualTo("|");
    }

    @Test
    void valuesConvertToTheirDeclaredTypesOrSayWhyNot() {
        assertThat(Values.coerce(3.0, Type.INT)).isEqualTo(3L);
        assertThat(Values.coerce(3L, Type.FLOAT)).isEqualTo(3.0);
        assertThat(Values.parse("a, b", Type.list(Type.STRING))).isEqualTo(List.of("a", "b"));
        assertThat(Values.parse("[1, 2]", Type.list(Type.INT))).isEqualTo(List.of(1L, 2L));
        assertThat(Values.parse("yes", Type.BOOL)).isEqualTo(true);
        assertThatThrownBy(() -> Values.parse("abc", Type.INT)).hasMessage("expected an int, got \"abc\"");
        assertThatThrownBy(() -> Values.coerce("hi", Type.enumOf(List.of("low", "high")))).hasMessage("expected enum(low, high), got the string \"hi\"");
        assertThat(Values.format(2.50)).isEqualTo("2.5");
    }
}

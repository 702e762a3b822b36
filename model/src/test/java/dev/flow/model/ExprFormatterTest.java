package dev.flow.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.Expr.BinaryOp;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExprFormatterTest {

    private static Expr ref(String path) {
        return new Expr.Ref(path, null);
    }

    private static Expr lit(Object value) {
        return new Expr.Literal(Value.fromJava(value), null);
    }

    private static Expr bin(BinaryOp op, Expr l, Expr r) {
        return new Expr.Binary(op, l, r, null);
    }

    @Test
    void writesOperatorsWithTheFewestParentheses() {
        Expr e = bin(BinaryOp.OR, bin(BinaryOp.AND, ref("a.passed"), ref("state.ok")), bin(BinaryOp.GE, ref("state.n"), lit(3L)));
        assertThat(ExprFormatter.toText(e)).isEqualTo("a.passed && state.ok || state.n >= 3");
    }

    @Test
    void keepsParenthesesThatChangeTheMeaning() {
        Expr e = bin(BinaryOp.AND, bin(BinaryOp.OR, ref("x"), ref("y")), new Expr.Unary(Expr.UnaryOp.NOT, bin(BinaryOp.EQ, ref("z"), lit("a")), null));
        assertThat(ExprFormatter.toText(e)).isEqualTo("(x || y) && !(z == \"a\")");
        Expr minus = bin(BinaryOp.SUB, ref("a"), bin(BinaryOp.SUB, ref("b"), ref("c")));
        assertThat(ExprFormatter.toText(minus)).isEqualTo("a - (b - c)");
    }

    @Test
    void writesOutputTestsAsTheLanguageDoes() {
        var any = new Expr.OutputTest(Expr.Quantifier.ANY, List.of(NameRef.of("P0"), NameRef.of("P1")), null);
        var one = new Expr.OutputTest(Expr.Quantifier.ANY, List.of(NameRef.of("done")), null);
        var all = new Expr.OutputTest(Expr.Quantifier.ALL, List.of(NameRef.of("a"), NameRef.of("b")), null);
        assertThat(ExprFormatter.toText(any)).isEqualTo("any(P0, P1)");
        assertThat(ExprFormatter.toText(one)).isEqualTo("done");
        assertThat(ExprFormatter.toText(all)).isEqualTo("all(a, b)");
    }

    @Test
    void spellsReferencesAsTheCallerWants() {
        var f = ExprFormatter.spellingRefs(p -> p.startsWith("state.") ? p.substring(6) : p);
        assertThat(f.format(bin(BinaryOp.IN, ref("state.level"), lit(List.of("a", "b"))))).isEqualTo("level in [\"a\", \"b\"]");
    }
}

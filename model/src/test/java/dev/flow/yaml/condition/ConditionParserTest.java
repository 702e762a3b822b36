package dev.flow.yaml.condition;

import static dev.flow.yaml.YamlTestSupport.shape;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.Expr;
import dev.flow.model.SourceRef;
import dev.flow.model.Value;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class ConditionParserTest {

    /** Conditions placed at line 3, column 11 (offset 40) of "f.yaml", as if written after a key. */
    private static final PositionMap AT = PositionMap.inLine("f.yaml", 40, 3, 11);

    private static Expr parse(String text) {
        var result = ConditionParser.parse(text, AT);
        assertThat(result.error()).as("error for %s", text).isEmpty();
        return result.expr().orElseThrow();
    }

    private static Diagnostic error(String text) {
        var result = ConditionParser.parse(text, AT);
        assertThat(result.expr()).as("parsed %s", text).isEmpty();
        Diagnostic d = result.error().orElseThrow();
        assertThat(d.code()).isEqualTo(Code.MALFORMED_CONDITION);
        return d;
    }

    @Test
    void readsTheSeedsConditionForms() {
        assertThat(shape(parse("state.x >= 8 && !state.y"))).isEqualTo("((state.x >= 8) && !state.y)");
        assertThat(shape(parse("outputs.review == 'clean'"))).isEqualTo("(outputs.review == \"clean\")");
        assertThat(shape(parse("any(P0, P1)"))).isEqualTo("any[P0, P1]");
        assertThat(shape(parse("all(tests_pass, lint_pass, security_pass)"))).isEqualTo("all[tests_pass, lint_pass, security_pass]");
        assertThat(shape(parse("done"))).isEqualTo("done");
        assertThat(shape(parse("(state.approved || state.emergency) && state.tests_pass")))
                .isEqualTo("((state.approved || state.emergency) && state.tests_pass)");
        assertThat(shape(parse("state.p0_count == 0 || state.force_approve"))).isEqualTo("((state.p0_count == 0) || state.force_approve)");
    }

    @ParameterizedTest
    @CsvSource(delimiterString = "=>", value = {
            "a == 1 => ==",
            "a != 1 => !=",
            "a < 1 => <",
            "a <= 1 => <=",
            "a > 1 => >",
            "a >= 1 => >=",
            "a in [1, 2] => in",
            "a not in [1, 2] => not in",
            "a contains 'x' => contains",
            "a starts with 'x' => starts with",
            "a ends with 'x' => ends with",
            "a && b => &&",
            "a || b => ||",
            "a and b => &&",
            "a or b => ||",
            "a + 1 => +",
            "a - 1 => -",
            "a * 2 => *",
            "a / 2 => /"})
    void readsEveryOperator(String text, String symbol) {
        var e = (Expr.Binary) parse(text);
        assertThat(e.op().symbol()).isEqualTo(symbol);
        assertThat(((Expr.Ref) e.left()).path()).isEqualTo("a");
    }

    @Test
    void bindsNotTighterThanComparisonsTighterThanAndTighterThanOr() {
        assertThat(shape(parse("!a == b"))).isEqualTo("(!a == b)");
        assertThat(shape(parse("a || b && c"))).isEqualTo("(a || (b && c))");
        assertThat(shape(parse("a && b || c"))).isEqualTo("((a && b) || c)");
        assertThat(shape(parse("a == 1 && b != 2 || c"))).isEqualTo("(((a == 1) && (b != 2)) || c)");
        assertThat(shape(parse("a + 1 * 2 < 3"))).isEqualTo("((a + (1 * 2)) < 3)");
        assertThat(shape(parse("!(a || b)"))).isEqualTo("!(a || b)");
        assertThat(shape(parse("a && b && c"))).isEqualTo("((a && b) && c)");
        assertThat(shape(parse("-a > -1"))).isEqualTo("(-a > -1)");
    }

    @Test
    void readsLiteralsOfEveryType() {
        assertThat(((Expr.Literal) ((Expr.Binary) parse("a == 'it\\'s'")).right()).value()).isEqualTo(Value.of("it's"));
        assertThat(((Expr.Literal) ((Expr.Binary) parse("a == \"x\"")).right()).value()).isEqualTo(Value.of("x"));
        assertThat(((Expr.Literal) ((Expr.Binary) parse("a == 12")).right()).value()).isEqualTo(Value.of(12L));
        assertThat(((Expr.Literal) ((Expr.Binary) parse("a == 1.5")).right()).value()).isEqualTo(Value.of(1.5));
        assertThat(((Expr.Literal) ((Expr.Binary) parse("a == 1e3")).right()).value()).isEqualTo(Value.of(1000.0));
        assertThat(((Expr.Literal) ((Expr.Binary) parse("a == true")).right()).value()).isEqualTo(Value.of(true));
        assertThat(((Expr.Literal) ((Expr.Binary) parse("a == false")).right()).value()).isEqualTo(Value.of(false));
        assertThat(((Expr.Literal) ((Expr.Binary) parse("a == null")).right()).value()).isEqualTo(Value.Null.INSTANCE);
        assertThat(((Expr.Literal) ((Expr.Binary) parse("a in [P0, 'P1', 2, -3, true]")).right()).value())
                .isEqualTo(new Value.ListOf(List.of(Value.of("P0"), Value.of("P1"), Value.of(2L), Value.of(-3L), Value.of(true))));
        assertThat(((Expr.Literal) ((Expr.Binary) parse("a in []")).right()).value()).isEqualTo(new Value.ListOf(List.of()));
    }

    @Test
    void placesEveryPartInTheFile() {
        var e = (Expr.Binary) parse("state.x >= 8 && !state.y");
        assertThat(e.source()).isEqualTo(SourceRef.of("f.yaml", 40, 24, 3, 11));
        var cmp = (Expr.Binary) e.left();
        assertThat(cmp.left().source()).isEqualTo(SourceRef.of("f.yaml", 40, 7, 3, 11));
        assertThat(cmp.right().source()).isEqualTo(SourceRef.of("f.yaml", 51, 1, 3, 22));
        var not = (Expr.Unary) e.right();
        assertThat(not.source()).isEqualTo(SourceRef.of("f.yaml", 56, 8, 3, 27));
        assertThat(not.operand().source()).isEqualTo(SourceRef.of("f.yaml", 57, 7, 3, 28));
        var test = (Expr.OutputTest) parse("any(P0,  P1)");
        assertThat(test.outputs().get(1).source()).isEqualTo(SourceRef.of("f.yaml", 49, 2, 3, 20));
    }

    @ParameterizedTest
    @CsvSource(delimiterString = "=>", quoteCharacter = '~', value = {
            "__import__('os').system('x') => 0 => 11 => calls a function",
            "a; rm -rf / => 1 => 1 => never a list of commands",
            "`rm -rf /` => 0 => 1 => nothing in it is run by a shell",
            "$(reboot) => 0 => 1 => nothing in it is run by a shell",
            "state.x = 1 => 8 => 1 => compare with \"==\"",
            "a & b => 2 => 1 => \"&&\"",
            "a | b => 2 => 1 => \"||\"",
            "a == 'open => 5 => 1 => no closing quote",
            "a == => 4 => 0 => ends after \"==\"",
            "(a || b => 7 => 0 => expected \")\"",
            "a || b) => 6 => 1 => closes no \"(\"",
            "a b => 2 => 1 => expected an operator",
            "a < b < c => 6 => 1 => do not chain",
            "any() => 4 => 1 => takes output names",
            "any(a b) => 6 => 1 => expected \",\" or \")\"",
            "a. => 2 => 0 => expected a name after \".\"",
            "a not b => 6 => 1 => followed by \"in\"",
            "a starts 'x' => 9 => 3 => followed by \"with\"",
            "1abc == 2 => 0 => 4 => neither a number nor a name",
            "a == 'x\\q' => 7 => 2 => not an escape",
            "a in [b, c => 10 => 0 => expected \",\" or \"]\"",
            "x.y(1) => 3 => 1 => \"(\" cannot follow a value",
            "a == # => 5 => 1 => unexpected character \"#\"",
            "'   ' => 0 => 5 => ",
            " => 0 => 0 => the condition is empty"})
    void reportsSyntaxErrorsAtTheirColumn(String text, int column, int length, String says) {
        String condition = text == null ? "" : text;
        Diagnostic d = error(condition.equals("'   '") ? "   " : condition);
        assertThat(d.source().column()).as("column").isEqualTo(11 + column);
        assertThat(d.source().length()).as("length").isEqualTo(condition.equals("'   '") ? 3 : length);
        assertThat(d.source().line()).isEqualTo(3);
        if (says != null) {
            assertThat(d.message()).contains(says);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "__import__('os').system('x')", "a; rm -rf /", "`id`", "$(id)", "${HOME}", "os.system('id')",
            "eval(\"1\")", "lambda: 1", "a if b else c", "import os", "a\nb", "{a: 1}", "x @ y"})
    void refusesHostileStringsAsSyntaxErrors(String hostile) {
        Diagnostic d = error(hostile);
        assertThat(d.source().isUnknown()).isFalse();
        assertThat(d.message()).startsWith("malformed condition: ");
    }

    @Test
    void refusesNestingPastTheLimitWithADiagnostic() {
        String deep = "(".repeat(ConditionParser.MAX_DEPTH + 1) + "a" + ")".repeat(ConditionParser.MAX_DEPTH + 1);
        assertThat(error(deep).message()).contains("nests deeper than 200");
        assertThat(error("!".repeat(9_000) + "a").message()).contains("nests deeper than 200");
        assertThat(error("a" + " && a".repeat(1_500)).message()).contains("nests deeper than 200");
        assertThat(error("[".repeat(9_000)).message()).contains("a list holds constants");
    }

    @Test
    void refusesAConditionLongerThanTheLimitWithoutReadingIt() {
        Diagnostic d = error("a".repeat(ConditionParser.MAX_LENGTH + 1));
        assertThat(d.message()).contains("at most 10,000");
        assertThat(d.source().column()).isEqualTo(11);
        assertThat(parse("a".repeat(ConditionParser.MAX_LENGTH))).isInstanceOf(Expr.Ref.class);
    }

    @Test
    void acceptsNestingUpToTheLimit() {
        String deep = "(".repeat(ConditionParser.MAX_DEPTH - 1) + "a" + ")".repeat(ConditionParser.MAX_DEPTH - 1);
        assertThat(parse(deep)).isEqualTo(new Expr.Ref("a", SourceRef.of("f.yaml", 40 + 199, 1, 3, 11 + 199)));
        assertThat(parse("a" + " && a".repeat(150))).isInstanceOf(Expr.Binary.class);
    }

    @Test
    void readsNamesThatLookLikeKeywordsWhereAnOperandIsExpected() {
        assertThat(shape(parse("contains"))).isEqualTo("contains");
        assertThat(shape(parse("any"))).isEqualTo("any");
        assertThat(shape(parse("state.in == 1"))).isEqualTo("(state.in == 1)");
    }
}

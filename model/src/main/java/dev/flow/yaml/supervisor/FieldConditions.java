package dev.flow.yaml.supervisor;

import dev.flow.model.Expr;
import dev.flow.model.Expr.BinaryOp;
import dev.flow.model.Value;
import dev.flow.yaml.read.Fields;
import dev.flow.yaml.read.Located;
import dev.flow.yaml.read.Problems;
import dev.flow.yaml.read.YNode;
import dev.flow.yaml.read.YScalar;
import dev.flow.yaml.read.YSeq;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reads dialect 1's structured conditions: an edge's {@code TransitionCondition} and a branch's {@code LoopCondition}. */
final class FieldConditions {
    private FieldConditions() {}

    /** Every operator of an edge condition, as written, with its expression operator. */
    static final Map<String, BinaryOp> EDGE_OPERATORS = operators(List.of(
            "==", "!=", ">", "<", ">=", "<=", "in", "not_in", "contains", "starts_with", "ends_with"));
    /** A branch condition allows the comparisons and membership, not the text tests. */
    static final Map<String, BinaryOp> BRANCH_OPERATORS = operators(List.of("==", "!=", ">", "<", ">=", "<=", "in", "not_in"));

    static final List<String> EDGE_KEYS = List.of("field", "operator", "value");
    static final List<String> BRANCH_KEYS = List.of("field", "operator", "value", "max_iterations");

    /** The condition under {@code f}, or empty when a part is missing or wrong (all reported). */
    static Optional<FieldCondition> read(Fields f, Map<String, BinaryOp> operators, Problems problems) {
        boolean complete = f.require("field", "name the result field to test, such as field: test_status")
                & f.require("operator", "one of " + String.join(", ", operators.keySet()))
                & f.require("value", "the value to compare with");
        Optional<Located<String>> field = f.text("field");
        Optional<BinaryOp> op = f.scalar("operator", "an operator such as \"==\"").flatMap(s -> operator(s, f, operators, problems));
        Optional<Expr.Literal> value = f.node("value").flatMap(v -> literal(v, f, problems));
        if (!complete || field.isEmpty() || op.isEmpty() || value.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new FieldCondition(field.get(), op.get(), value.get(), f.map().source()));
    }

    private static Optional<BinaryOp> operator(YScalar s, Fields f, Map<String, BinaryOp> operators, Problems problems) {
        BinaryOp op = operators.get(s.text());
        if (op == null && s.text().isEmpty() && (s.style() == YScalar.Style.FOLDED || s.style() == YScalar.Style.LITERAL)) {
            problems.add(dev.flow.diagnostic.Diagnostic.of(dev.flow.diagnostic.Code.YAML_INVALID_VALUE,
                    f.what("operator") + " is empty: a bare \">\" or \"|\" starts a block of text in YAML; quote the operator (operator: \">\")",
                    s.source()));
        } else if (op == null) {
            problems.invalidValue(s, f.what("operator"), operators.keySet());
        }
        return Optional.ofNullable(op);
    }

    /** A value: a scalar by its YAML type, or a list of scalars ({@code in}, {@code not_in}). */
    private static Optional<Expr.Literal> literal(YNode node, Fields f, Problems problems) {
        if (node instanceof YScalar s) {
            return Optional.of(new Expr.Literal(s.toValue(), s.source()));
        }
        if (node instanceof YSeq seq) {
            var items = new ArrayList<Value>();
            for (YNode item : seq.items()) {
                if (item instanceof YScalar s) {
                    items.add(s.toValue());
                } else {
                    problems.wrongType(item, "each item of " + f.what("value"), "a text, a number or a boolean");
                }
            }
            return Optional.of(new Expr.Literal(new Value.ListOf(items), seq.source()));
        }
        problems.wrongType(node, f.what("value"), "a text, a number, a boolean or a list");
        return Optional.empty();
    }

    private static Map<String, BinaryOp> operators(List<String> written) {
        var out = new LinkedHashMap<String, BinaryOp>();
        for (String w : written) {
            out.put(w, switch (w) {
                case "==" -> BinaryOp.EQ;
                case "!=" -> BinaryOp.NE;
                case ">" -> BinaryOp.GT;
                case "<" -> BinaryOp.LT;
                case ">=" -> BinaryOp.GE;
                case "<=" -> BinaryOp.LE;
                case "in" -> BinaryOp.IN;
                case "not_in" -> BinaryOp.NOT_IN;
                case "contains" -> BinaryOp.CONTAINS;
                case "starts_with" -> BinaryOp.STARTS_WITH;
                case "ends_with" -> BinaryOp.ENDS_WITH;
                default -> throw new IllegalArgumentException(w);
            });
        }
        return Collections.unmodifiableMap(out);
    }
}

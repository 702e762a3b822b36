package dev.flow.dsl.print;

import dev.flow.model.Expr;
import dev.flow.model.Expr.BinaryOp;
import dev.flow.model.NameRef;
import dev.flow.model.Value;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Expressions as the grammar reads them back: parentheses exactly where the grammar's precedence
 * needs them, names bare where they resolve to the same thing and qualified where not, and
 * {@code -(5)} for a negation the parser would otherwise fold into the literal {@code -5}.
 */
final class ExpressionPrinter {

    // Binding levels of the grammar's expression rules, loosest first.
    private static final int OR = 1;
    private static final int AND = 2;
    private static final int NOT = 3;
    private static final int COMPARISON = 4;
    private static final int ADDITIVE = 5;
    private static final int MULTIPLICATIVE = 6;
    private static final int UNARY = 7;
    private static final int PRIMARY = 8;

    private final ValuePrinter values;

    ExpressionPrinter(ValuePrinter values) {
        this.values = values;
    }

    String print(Expr e, Scope scope) {
        return print(e, scope, OR);
    }

    private String print(Expr e, Scope scope, int required) {
        String text;
        int level;
        if (e instanceof Expr.Binary b) {
            level = levelOf(b.op());
            int left = b.op().isComparison() ? ADDITIVE : level;
            int right = b.op().isComparison() ? ADDITIVE : level == AND ? NOT : level + 1;
            text = print(b.left(), scope, left) + " " + b.op().symbol() + " " + print(b.right(), scope, right);
        } else if (e instanceof Expr.Unary u && u.op() == Expr.UnaryOp.NOT) {
            level = NOT;
            text = "!" + print(u.operand(), scope, NOT);
        } else if (e instanceof Expr.Unary u) {
            level = UNARY;
            boolean number = u.operand() instanceof Expr.Literal l && (l.value() instanceof Value.Int || l.value() instanceof Value.Real);
            text = number ? "-(" + print(u.operand(), scope, OR) + ")" : "-" + print(u.operand(), scope, UNARY);
        } else if (e instanceof Expr.Literal l) {
            level = isNegative(l.value()) ? UNARY : PRIMARY;
            text = literal(l.value());
        } else if (e instanceof Expr.OutputTest t) {
            level = PRIMARY;
            text = outputTest(t, scope);
        } else if (e instanceof Expr.Ref r) {
            level = PRIMARY;
            text = reference(r.path(), scope);
        } else {
            throw new IllegalArgumentException("unknown expression " + e);
        }
        return level < required ? "(" + text + ")" : text;
    }

    private static int levelOf(BinaryOp op) {
        return switch (op) {
            case OR -> OR;
            case AND -> AND;
            case ADD, SUB -> ADDITIVE;
            case MUL, DIV -> MULTIPLICATIVE;
            default -> COMPARISON;
        };
    }

    private static boolean isNegative(Value v) {
        return (v instanceof Value.Int i && i.value() < 0) || (v instanceof Value.Real r && (r.value() < 0 || 1 / r.value() < 0));
    }

    private String literal(Value v) {
        if (v instanceof Value.Obj) {
            throw new IllegalArgumentException("an object constant cannot be written in a Flow expression: " + v);
        }
        return values.value(v);
    }

    private String outputTest(Expr.OutputTest t, Scope scope) {
        List<NameRef> outputs = t.outputs();
        if (t.quantifier() == Expr.Quantifier.ANY && outputs.size() == 1 && isBareOutput(outputs.get(0).name(), scope)) {
            return values.name(outputs.get(0).name());
        }
        String keyword = t.quantifier() == Expr.Quantifier.ALL ? "all" : "any";
        return outputs.stream().map(o -> values.name(o.name())).collect(Collectors.joining(", ", keyword + "(", ")"));
    }

    /** A bare output name reads back as {@code any(name)} when it resolves to the output, or to nothing while the source has that output. */
    private static boolean isBareOutput(String name, Scope scope) {
        if (!scope.edgeCondition) {
            return false;
        }
        if (scope.declaredOutputs.contains(name)) {
            return true;
        }
        return scope.testableOutputs.contains(name)
                && !scope.state.contains(name) && !scope.inputs.contains(name) && !scope.nodes.contains(name);
    }

    private String reference(String path, Scope scope) {
        List<String> segments = List.of(path.split("\\.", -1));
        String head = segments.get(0);
        List<String> rest = segments.subList(1, segments.size());
        if ((head.equals("state") || head.equals("input")) && !rest.isEmpty()) {
            String name = rest.get(0);
            List<String> fields = rest.subList(1, rest.size());
            boolean bare = head.equals("state") ? bareResolvesToState(name, fields, scope) : bareResolvesToInput(name, fields, scope);
            return (bare ? "" : head + ".") + values.name(name) + fields(fields);
        }
        if (head.equals("output")) {
            return "output" + fields(rest);
        }
        return values.name(head) + fields(rest);
    }

    private static boolean bareResolvesToState(String name, List<String> fields, Scope scope) {
        if (!scope.state.contains(name)) {
            return false;
        }
        return fields.isEmpty() ? !scope.isOutputInScope(name) : !scope.nodes.contains(name);
    }

    private static boolean bareResolvesToInput(String name, List<String> fields, Scope scope) {
        if (!scope.inputs.contains(name) || scope.state.contains(name)) {
            return false;
        }
        return fields.isEmpty() ? !scope.isOutputInScope(name) : !scope.nodes.contains(name);
    }

    private String fields(List<String> fields) {
        return fields.stream().map(f -> "." + values.field(f)).collect(Collectors.joining());
    }
}

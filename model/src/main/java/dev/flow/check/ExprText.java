package dev.flow.check;

import dev.flow.model.Expr;
import dev.flow.model.NameRef;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Writes an expression the way the language would, with only the parentheses precedence needs.
 * Messages quote conditions with it, and duplicate edges are recognised by it (two conditions are
 * the same when they read the same, wherever they were written).
 */
final class ExprText {
    private ExprText() {}

    static String of(Expr expr) {
        return write(expr, 0);
    }

    /** How a message names an operand: a literal as written ({@code 3}, {@code "done"}), anything else quoted. */
    static String operand(Expr expr) {
        return expr instanceof Expr.Literal ? of(expr) : Messages.q(of(expr));
    }

    private static String write(Expr expr, int outer) {
        if (expr instanceof Expr.Literal literal) {
            return literal.value().toString();
        }
        if (expr instanceof Expr.Ref ref) {
            return ref.path();
        }
        if (expr instanceof Expr.Unary unary) {
            return unary.op().symbol() + write(unary.operand(), Integer.MAX_VALUE);
        }
        if (expr instanceof Expr.OutputTest test) {
            String names = test.outputs().stream().map(NameRef::name).collect(Collectors.joining(", "));
            return test.quantifier() == Expr.Quantifier.ANY && test.outputs().size() == 1
                    ? names
                    : test.quantifier().name().toLowerCase(Locale.ROOT) + "(" + names + ")";
        }
        var binary = (Expr.Binary) expr;
        int p = binary.op().precedence();
        // Comparisons do not chain, so an operand that is itself a comparison needs parentheses.
        String text = write(binary.left(), binary.op().isComparison() ? p + 1 : p)
                + " " + binary.op().symbol() + " "
                + write(binary.right(), p + 1);
        return p < outer ? "(" + text + ")" : text;
    }
}

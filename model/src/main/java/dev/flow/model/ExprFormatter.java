package dev.flow.model;

import java.util.Locale;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * Writes an expression back as text in the Flow language's syntax, with the fewest parentheses
 * that keep its meaning. How references are spelled is the caller's choice: canonical paths
 * ({@code state.attempts}) for messages and pictures, or the language's bare names when printing
 * source.
 */
public final class ExprFormatter {

    private final UnaryOperator<String> refSpelling;

    private ExprFormatter(UnaryOperator<String> refSpelling) {
        this.refSpelling = refSpelling;
    }

    /** References as canonical paths. */
    public static ExprFormatter canonical() {
        return new ExprFormatter(UnaryOperator.identity());
    }

    /** References spelled by {@code refSpelling} (given the canonical path). */
    public static ExprFormatter spellingRefs(UnaryOperator<String> refSpelling) {
        return new ExprFormatter(refSpelling);
    }

    /** Shorthand for {@code canonical().format(expr)}. */
    public static String toText(Expr expr) {
        return canonical().format(expr);
    }

    public String format(Expr expr) {
        return format(expr, 0);
    }

    private String format(Expr expr, int outerPrecedence) {
        if (expr instanceof Expr.Literal l) {
            return l.value().toString();
        } else if (expr instanceof Expr.Ref r) {
            return refSpelling.apply(r.path());
        } else if (expr instanceof Expr.Unary u) {
            return u.op().symbol() + format(u.operand(), 6);
        } else if (expr instanceof Expr.OutputTest t) {
            String names = t.outputs().stream().map(NameRef::name).collect(Collectors.joining(", "));
            if (t.quantifier() == Expr.Quantifier.ANY && t.outputs().size() == 1) {
                return names;
            }
            return t.quantifier().name().toLowerCase(Locale.ROOT) + "(" + names + ")";
        }
        Expr.Binary b = (Expr.Binary) expr;
        int p = b.op().precedence();
        // Comparisons do not chain, so both operands of one bind tighter; for the others the right
        // operand needs parentheses at equal precedence (a - (b - c)).
        String left = format(b.left(), b.op().isComparison() ? p + 1 : p);
        String right = format(b.right(), p + 1);
        String text = left + " " + b.op().symbol() + " " + right;
        return p < outerPrecedence ? "(" + text + ")" : text;
    }
}

package dev.flow.check;

import dev.flow.model.Expr;
import dev.flow.model.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/** Walks over expressions: the references they read, the comparisons of constants they hold. */
public final class Exprs {
    private Exprs() {}

    /** Every reference in {@code expr}, left to right. */
    public static List<Expr.Ref> refs(Expr expr) {
        var refs = new ArrayList<Expr.Ref>();
        walk(expr, e -> {
            if (e instanceof Expr.Ref ref) {
                refs.add(ref);
            }
        });
        return refs;
    }

    /** Every comparison of two literals in {@code expr}: its value never depends on the run. */
    static List<Expr.Binary> constantComparisons(Expr expr) {
        var found = new ArrayList<Expr.Binary>();
        walk(expr, e -> {
            if (e instanceof Expr.Binary b && b.op().isComparison() && b.left() instanceof Expr.Literal && b.right() instanceof Expr.Literal) {
                found.add(b);
            }
        });
        return found;
    }

    /** The value of a comparison of two literals, where Flow's rules give one (equality, order, membership). */
    static Optional<Boolean> evaluate(Expr.Binary comparison) {
        Value left = ((Expr.Literal) comparison.left()).value();
        Value right = ((Expr.Literal) comparison.right()).value();
        switch (comparison.op()) {
            case EQ -> {
                return Optional.of(same(left, right));
            }
            case NE -> {
                return Optional.of(!same(left, right));
            }
            case LT, LE, GT, GE -> {
                Integer order = compare(left, right);
                if (order == null) {
                    return Optional.empty();
                }
                return Optional.of(switch (comparison.op()) {
                    case LT -> order < 0;
                    case LE -> order <= 0;
                    case GT -> order > 0;
                    default -> order >= 0;
                });
            }
            case IN, NOT_IN -> {
                if (!(right instanceof Value.ListOf list)) {
                    return Optional.empty();
                }
                boolean in = list.items().stream().anyMatch(item -> same(left, item));
                return Optional.of(comparison.op() == Expr.BinaryOp.IN == in);
            }
            default -> {
                return Optional.empty();
            }
        }
    }

    private static boolean same(Value a, Value b) {
        if (isNumber(a) && isNumber(b)) {
            return number(a) == number(b);
        }
        return a.equals(b);
    }

    private static Integer compare(Value a, Value b) {
        if (isNumber(a) && isNumber(b)) {
            return Double.compare(number(a), number(b));
        }
        if (a instanceof Value.Str x && b instanceof Value.Str y) {
            return x.value().compareTo(y.value());
        }
        return null;
    }

    private static boolean isNumber(Value v) {
        return v instanceof Value.Int || v instanceof Value.Real;
    }

    private static double number(Value v) {
        return v instanceof Value.Int i ? i.value() : ((Value.Real) v).value();
    }

    private static void walk(Expr expr, Consumer<Expr> visit) {
        visit.accept(expr);
        if (expr instanceof Expr.Unary unary) {
            walk(unary.operand(), visit);
        } else if (expr instanceof Expr.Binary binary) {
            walk(binary.left(), visit);
            walk(binary.right(), visit);
        }
    }
}

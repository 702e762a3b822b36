package dev.flow.check;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.Expr;
import dev.flow.model.Expr.BinaryOp;
import dev.flow.model.Isolation;
import dev.flow.model.NameRef;
import dev.flow.model.Type;
import dev.flow.model.Value;
import java.util.List;

/**
 * Gives an expression its type and reports, on the offending operand, every reference that does
 * not resolve (FLOW201, FLOW204, FLOW206, FLOW207, FLOW401) and every operation on the wrong
 * types (FLOW402, FLOW405). One pass, O(size of the expression).
 *
 * <p>Typing rules: {@code && || !} take bools; {@code == !=} take two types of which one accepts
 * the other (an enum and a string literal that is one of its values); {@code < <= > >=} take two
 * numbers or two strings (compared by code point; enums have no order); {@code in} and
 * {@code not in} take a list on the right whose elements compare with the left; {@code contains}
 * takes a list or a string on the left; {@code starts with} and {@code ends with} take strings;
 * {@code + - * /} take numbers, give an int when both are ints and a float otherwise; {@code +} on
 * two strings concatenates them. {@code any} goes everywhere. Where an operand is already wrong the
 * result is {@code any}, so that one mistake is reported once.
 */
final class ExprTyper {
    private final Report out;

    ExprTyper(Report out) {
        this.out = out;
    }

    Type type(Expr expr, ExprSite site) {
        if (expr instanceof Expr.Literal literal) {
            return literal.value().type();
        }
        if (expr instanceof Expr.Ref ref) {
            return ref(ref, site);
        }
        if (expr instanceof Expr.OutputTest test) {
            outputTest(test, site);
            return Type.BOOL;
        }
        if (expr instanceof Expr.Unary unary) {
            return unary(unary, site);
        }
        return binary((Expr.Binary) expr, site);
    }

    private Type ref(Expr.Ref ref, ExprSite site) {
        if (site.outputs().open() && (ref.path().equals("output") || ref.path().startsWith("output."))) {
            return Type.ANY; // the source of the edge is unknown, and reported as such
        }
        TypeResolver.Resolution resolution = site.names().resolve(ref.path(), site.outputOf());
        if (!resolution.isResolved() && site.use() == ExprSite.Use.CONDITION && site.outputs().open()
                && resolution.problem() == Code.UNKNOWN_VARIABLE && !ref.path().contains(".")) {
            // a bare name in the condition of an edge whose source is unknown may be one of its outputs: "done" is "any(done)"
            return Type.BOOL;
        }
        if (!resolution.isResolved()) {
            out.add(Diagnostic.of(resolution.problem(), resolution.message(), site.at(ref.source()))
                    .withSuggestions(resolution.suggestions()));
            return Type.ANY;
        }
        return resolution.type();
    }

    private void outputTest(Expr.OutputTest test, ExprSite site) {
        OutputScope scope = site.outputs();
        for (NameRef output : test.outputs()) {
            if (!scope.accepts(output.name())) {
                String problem = scope.owner().equals(OutputScope.ANY_NODE)
                        ? "no node declares an output " + Messages.q(output.name())
                        : scope.owner() + " has no output " + Messages.q(output.name());
                String fix = scope.names().isEmpty() ? "declare it in \"outputs\""
                        : "use one of " + Messages.list(scope.names().stream().sorted().toList());
                if (output.name().equals(Isolation.CONFLICT_OUTPUT) && !scope.owner().equals(OutputScope.ANY_NODE)) {
                    fix = "only a task that runs isolated has \"conflict\": add \"isolate worktree\" to it, or " + fix;
                }
                out.unknown(Code.UNKNOWN_OUTPUT, site.at(Report.at(output.source(), test.source())), problem, output.name(),
                        scope.names(), fix);
            }
        }
    }

    private Type unary(Expr.Unary unary, ExprSite site) {
        Type operand = type(unary.operand(), site);
        if (unary.op() == Expr.UnaryOp.NOT) {
            if (!isBool(operand)) {
                mismatch(unary, site, "\"!\" needs a bool, but " + ExprText.operand(unary.operand()) + " is " + Messages.a(operand));
            }
            return Type.BOOL;
        }
        if (!isNumber(operand)) {
            mismatch(unary, site, "\"-\" needs a number, but " + ExprText.operand(unary.operand()) + " is " + Messages.a(operand));
            return Type.ANY;
        }
        return operand;
    }

    private Type binary(Expr.Binary binary, ExprSite site) {
        Type left = type(binary.left(), site);
        Type right = type(binary.right(), site);
        BinaryOp op = binary.op();
        switch (op) {
            case AND, OR -> {
                if (!isBool(left) || !isBool(right)) {
                    Expr wrong = isBool(left) ? binary.right() : binary.left();
                    mismatch(binary, site, Messages.q(op.symbol()) + " needs bools, but " + ExprText.operand(wrong) + " is "
                            + Messages.a(isBool(left) ? right : left));
                }
                return Type.BOOL;
            }
            case EQ, NE -> {
                if (!comparable(left, right)) {
                    cannotCompare(binary, site, left, right);
                } else {
                    enumValues(binary.left(), left, binary.right(), site);
                    enumValues(binary.right(), right, binary.left(), site);
                }
                return Type.BOOL;
            }
            case LT, LE, GT, GE -> {
                boolean numbers = isNumber(left) && isNumber(right);
                boolean strings = isText(left) && isText(right) && !(left instanceof Type.EnumType) && !(right instanceof Type.EnumType);
                if (!numbers && !strings) {
                    mismatch(binary, site, Messages.q(op.symbol()) + " compares two numbers or two strings, but " + ExprText.operand(binary.left())
                            + " is " + Messages.a(left) + " and " + ExprText.operand(binary.right()) + " is " + Messages.a(right));
                }
                return Type.BOOL;
            }
            case IN, NOT_IN -> {
                if (right instanceof Type.ListType list) {
                    if (!comparable(list.element(), left)) {
                        cannotCompare(binary, site, left, right);
                    } else {
                        enumValues(binary.left(), left, binary.right(), site);
                    }
                } else if (!Type.ANY.equals(right)) {
                    mismatch(binary, site, Messages.q(op.symbol()) + " needs a list on its right, but " + ExprText.operand(binary.right())
                            + " is " + Messages.a(right));
                }
                return Type.BOOL;
            }
            case CONTAINS -> {
                boolean fits = left instanceof Type.ListType list ? comparable(list.element(), right)
                        : Type.ANY.equals(left) || (isText(left) && isText(right));
                if (!fits) {
                    mismatch(binary, site, "\"contains\" looks for an element in a list or a string in a string, but " + ExprText.operand(binary.left())
                            + " is " + Messages.a(left) + " and " + ExprText.operand(binary.right()) + " is " + Messages.a(right));
                }
                return Type.BOOL;
            }
            case STARTS_WITH, ENDS_WITH -> {
                if (!isText(left) || !isText(right)) {
                    Expr wrong = isText(left) ? binary.right() : binary.left();
                    mismatch(binary, site, Messages.q(op.symbol()) + " needs strings, but " + ExprText.operand(wrong) + " is "
                            + Messages.a(isText(left) ? right : left));
                }
                return Type.BOOL;
            }
            default -> {
                return arithmetic(binary, site, left, right);
            }
        }
    }

    private Type arithmetic(Expr.Binary binary, ExprSite site, Type left, Type right) {
        if (Type.ANY.equals(left) || Type.ANY.equals(right)) {
            return Type.ANY;
        }
        if (isNumber(left) && isNumber(right)) {
            return Type.INT.equals(left) && Type.INT.equals(right) ? Type.INT : Type.FLOAT;
        }
        if (binary.op() == BinaryOp.ADD && isText(left) && isText(right)) {
            return Type.STRING;
        }
        String needs = binary.op() == BinaryOp.ADD ? "two numbers or two strings" : "numbers";
        mismatch(binary, site, Messages.q(binary.op().symbol()) + " needs " + needs + ", but " + ExprText.operand(binary.left()) + " is "
                + Messages.a(left) + " and " + ExprText.operand(binary.right()) + " is " + Messages.a(right));
        return Type.ANY;
    }

    /** FLOW405: string literals compared with an enum must be among its values. */
    private void enumValues(Expr enumSide, Type type, Expr literalSide, ExprSite site) {
        if (!(type instanceof Type.EnumType enumType) || !(literalSide instanceof Expr.Literal literal)) {
            return;
        }
        List<Value> candidates = literal.value() instanceof Value.ListOf list ? list.items() : List.of(literal.value());
        for (Value value : candidates) {
            if (value instanceof Value.Str str && !enumType.values().contains(str.value())) {
                out.add(Values.notInEnum(str.value(), enumType, "of " + Messages.q(ExprText.of(enumSide)), site.at(literal.source())));
            }
        }
    }

    private void cannotCompare(Expr.Binary binary, ExprSite site, Type left, Type right) {
        mismatch(binary, site, ExprText.operand(binary.left()) + " (" + Messages.a(left) + ") and " + ExprText.operand(binary.right())
                + " (" + Messages.a(right) + ") cannot be compared with " + Messages.q(binary.op().symbol()));
    }

    private void mismatch(Expr expr, ExprSite site, String message) {
        out.add(Code.TYPE_MISMATCH, site.at(expr.source()), message);
    }

    /** Whether values of the two types may be equal: one accepts the other. */
    static boolean comparable(Type a, Type b) {
        return a.accepts(b) || b.accepts(a);
    }

    static boolean isBool(Type type) {
        return Type.BOOL.equals(type) || Type.ANY.equals(type);
    }

    static boolean isNumber(Type type) {
        return type.isNumeric() || Type.ANY.equals(type);
    }

    /** Strings, enums (their values are strings) and {@code any}. */
    static boolean isText(Type type) {
        return Type.STRING.accepts(type);
    }
}

package dev.flow.engine.eval;

import dev.flow.model.Expr;
import dev.flow.model.NameRef;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Evaluates an expression tree over a {@link Scope}. References are canonical paths:
 * {@code state.X}, {@code input.X}, {@code NODE.FIELD} (or {@code NODE.OUTPUT}, a bool that holds
 * when the node's latest output is OUTPUT), {@code output}; a single bare name is looked up as a
 * state variable, then an input, then a value mapped by an incoming edge, then an output of the
 * handled node, then a node. {@code &&} and {@code ||} short-circuit; comparisons of numbers ignore
 * int/float; {@code in} and {@code contains} work on lists, strings and objects.
 */
public final class Evaluator {
    private final Scope scope;

    public Evaluator(Scope scope) {
        this.scope = scope;
    }

    /** Whether the condition holds. */
    public boolean test(Expr e) {
        return Values.truthy(eval(e));
    }

    /** The value of the expression, as a plain value. */
    public Object eval(Expr e) {
        if (e instanceof Expr.Literal l) {
            return l.value().toJava();
        } else if (e instanceof Expr.Ref r) {
            return resolve(r.path());
        } else if (e instanceof Expr.Unary u) {
            return unary(u);
        } else if (e instanceof Expr.Binary b) {
            return binary(b);
        } else if (e instanceof Expr.OutputTest t) {
            return outputTest(t);
        }
        throw new EvalException("unknown expression " + e.getClass().getSimpleName());
    }

    /** Reads a dotted path; throws for a name that means nothing here. */
    public Object resolve(String path) {
        return plain(lookup(path).orElseThrow(() -> new EvalException("unknown name '" + path + "'")));
    }

    /**
     * Reads a dotted path: empty for a name that means nothing here, {@link Scope#NULL} for a name
     * that holds no value (a node that has not run, a missing field); see {@link #plain}.
     */
    public Optional<Object> lookup(String path) {
        List<String> segments = List.of(path.split("\\.", -1));
        String head = segments.get(0);
        if (segments.size() == 1) {
            return bare(head);
        }
        Optional<Object> root;
        int rest;
        if (head.equals("state")) {
            root = scope.state(segments.get(1));
            rest = 2;
        } else if (head.equals("input")) {
            root = scope.input(segments.get(1));
            rest = 2;
        } else {
            Optional<NodeView> node = scope.node(head);
            if (node.isEmpty()) {
                root = bare(head);
                rest = 1;
            } else {
                root = Optional.of(field(node.get(), segments.get(1), segments.size() == 2));
                rest = 2;
            }
        }
        return root.map(v -> boxed(walk(plain(v), segments, rest)));
    }

    /** The plain value of a lookup: {@link Scope#NULL} becomes null. */
    public static Object plain(Object v) {
        return v == Scope.NULL ? null : v;
    }

    private static Object boxed(Object v) {
        return v == null ? Scope.NULL : v;
    }

    private Optional<Object> bare(String name) {
        if (name.equals("output")) {
            return Optional.of(scope.currentOutput() == null ? Scope.NULL : scope.currentOutput());
        }
        Optional<Object> v = scope.state(name);
        if (v.isEmpty()) {
            v = scope.input(name);
        }
        if (v.isEmpty()) {
            v = scope.mapped(name);
        }
        if (v.isEmpty() && scope.producedOutputs().contains(name)) {
            v = Optional.of(true);
        }
        if (v.isEmpty()) {
            v = scope.node(name).map(n -> n.hasRun() ? wholeResult(n) : Scope.NULL);
        }
        return v;
    }

    private static Object wholeResult(NodeView n) {
        if (!n.result().isEmpty()) {
            return n.result();
        }
        return Map.of("output", n.output());
    }

    private static Object field(NodeView node, String name, boolean last) {
        if (last && node.outputs().contains(name)) {
            return name.equals(node.output());
        }
        if (node.result().containsKey(name)) {
            Object v = node.result().get(name);
            return v == null ? Scope.NULL : v;
        }
        if (name.equals("output") && node.output() != null) {
            return node.output();
        }
        return Scope.NULL;
    }

    private static Object walk(Object value, List<String> segments, int from) {
        Object v = value;
        for (int i = from; i < segments.size() && v != null; i++) {
            v = v instanceof Map<?, ?> m ? m.get(segments.get(i)) : null;
        }
        return v;
    }

    private Object unary(Expr.Unary u) {
        Object v = eval(u.operand());
        return switch (u.op()) {
            case NOT -> !Values.truthy(v);
            case NEGATE -> {
                if (v instanceof Long l) {
                    yield -l;
                }
                if (v instanceof Number n) {
                    yield -n.doubleValue();
                }
                throw new EvalException("'-' needs a number, not " + Values.describe(v));
            }
        };
    }

    private Object binary(Expr.Binary b) {
        switch (b.op()) {
            case AND -> {
                return test(b.left()) && test(b.right());
            }
            case OR -> {
                return test(b.left()) || test(b.right());
            }
            default -> {
                Object l = eval(b.left());
                Object r = eval(b.right());
                return apply(b.op(), l, r);
            }
        }
    }

    private static Object apply(Expr.BinaryOp op, Object l, Object r) {
        return switch (op) {
            case EQ -> Values.same(l, r);
            case NE -> !Values.same(l, r);
            case LT -> l != null && r != null && Values.compare(l, r, op.symbol()) < 0;
            case LE -> l != null && r != null && Values.compare(l, r, op.symbol()) <= 0;
            case GT -> l != null && r != null && Values.compare(l, r, op.symbol()) > 0;
            case GE -> l != null && r != null && Values.compare(l, r, op.symbol()) >= 0;
            case IN -> contains(r, l);
            case NOT_IN -> !contains(r, l);
            case CONTAINS -> contains(l, r);
            case STARTS_WITH -> text(l, op).startsWith(text(r, op));
            case ENDS_WITH -> text(l, op).endsWith(text(r, op));
            case ADD -> add(l, r);
            case SUB, MUL, DIV -> arithmetic(op, l, r);
            case AND, OR -> throw new IllegalStateException("handled above");
        };
    }

    private static boolean contains(Object container, Object item) {
        if (container == null) {
            return false;
        }
        if (container instanceof Collection<?> c) {
            return c.stream().anyMatch(x -> Values.same(x, item));
        }
        if (container instanceof String s) {
            return item != null && s.contains(Values.format(item));
        }
        if (container instanceof Map<?, ?> m) {
            return item != null && m.containsKey(Values.format(item));
        }
        throw new EvalException("'in' and 'contains' look into a list, a string or an object, not " + Values.describe(container));
    }

    private static String text(Object v, Expr.BinaryOp op) {
        if (v instanceof String s) {
            return s;
        }
        if (v == null) {
            return "";
        }
        throw new EvalException("'" + op.symbol() + "' compares strings, not " + Values.describe(v));
    }

    private static Object add(Object l, Object r) {
        if (l instanceof String || r instanceof String) {
            return Values.format(l) + Values.format(r);
        }
        if (l instanceof List<?> a && r instanceof List<?> b) {
            var out = new ArrayList<Object>(a);
            out.addAll(b);
            return out;
        }
        return arithmetic(Expr.BinaryOp.ADD, l, r);
    }

    private static Object arithmetic(Expr.BinaryOp op, Object l, Object r) {
        if (!(l instanceof Number a) || !(r instanceof Number b)) {
            throw new EvalException("'" + op.symbol() + "' needs two numbers, not " + Values.describe(l) + " and " + Values.describe(r));
        }
        if (op == Expr.BinaryOp.DIV && b.doubleValue() == 0) {
            throw new EvalException("division by zero");
        }
        if (a instanceof Long x && b instanceof Long y) {
            return switch (op) {
                case ADD -> x + y;
                case SUB -> x - y;
                case MUL -> x * y;
                default -> x / y;
            };
        }
        double x = a.doubleValue();
        double y = b.doubleValue();
        return switch (op) {
            case ADD -> x + y;
            case SUB -> x - y;
            case MUL -> x * y;
            default -> x / y;
        };
    }

    private Object outputTest(Expr.OutputTest t) {
        Set<String> produced = scope.producedOutputs();
        List<String> names = t.outputs().stream().map(NameRef::name).toList();
        return switch (t.quantifier()) {
            case ANY -> names.stream().anyMatch(produced::contains);
            case ALL -> produced.containsAll(names);
        };
    }
}

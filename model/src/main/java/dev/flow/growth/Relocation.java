package dev.flow.growth;

import dev.flow.model.Expr;
import dev.flow.model.Mapping;
import dev.flow.model.NameRef;
import java.util.List;

/**
 * Rewrites what an edge reads of its source so that it reads the same node from elsewhere: a
 * planner's edges move to the join node of what it added, and their conditions and mappings must
 * still mean the planner's output. {@code output} becomes {@code PLANNER.output}; an output test
 * {@code any(a, b)} becomes {@code PLANNER.a || PLANNER.b} ({@code all}: {@code &&}); everything else
 * already names its node and stays as it is.
 */
final class Relocation {
    private Relocation() {}

    static Expr of(Expr e, String node) {
        if (e == null) {
            return null;
        }
        if (e instanceof Expr.Ref r) {
            return r.path().equals("output") || r.path().startsWith("output.") ? new Expr.Ref(node + "." + r.path(), r.source()) : r;
        }
        if (e instanceof Expr.Unary u) {
            return new Expr.Unary(u.op(), of(u.operand(), node), u.source());
        }
        if (e instanceof Expr.Binary b) {
            return new Expr.Binary(b.op(), of(b.left(), node), of(b.right(), node), b.source());
        }
        if (e instanceof Expr.OutputTest t) {
            return produced(t, node);
        }
        return e;
    }

    private static Expr produced(Expr.OutputTest t, String node) {
        Expr.BinaryOp join = t.quantifier() == Expr.Quantifier.ANY ? Expr.BinaryOp.OR : Expr.BinaryOp.AND;
        Expr out = null;
        for (NameRef o : t.outputs()) {
            Expr one = new Expr.Ref(node + "." + o.name(), o.source());
            out = out == null ? one : new Expr.Binary(join, out, one, t.source());
        }
        return out == null ? t : out;
    }

    static List<Mapping> of(List<Mapping> mappings, String node) {
        return mappings.stream().map(m -> new Mapping(m.key(), of(m.value(), node), m.source())).toList();
    }
}

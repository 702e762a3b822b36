package dev.flow.yaml.graphloop;

import dev.flow.model.Expr;
import dev.flow.model.NameRef;
import java.util.List;

/**
 * Turns dialect 2's spellings into the model's canonical references (see {@link Expr}):
 * {@code outputs.review} is {@code review.output}; {@code state.x} and {@code review.clean} stay as
 * they are. On an edge, a bare name where a truth value is expected (the whole condition, or an
 * operand of {@code &&}, {@code ||}, {@code !}) is an output of the edge's source: {@code "done"}
 * is {@code any(done)}. Elsewhere a bare name stays a reference, for the checker to resolve.
 */
final class ConditionTranslator {
    private static final String OUTPUTS = "outputs";

    private ConditionTranslator() {}

    /** An edge condition: bare names in truth positions are output tests. */
    static Expr edge(Expr e) {
        return translate(e, true);
    }

    /** A decision, interrupt or completion condition: references made canonical, nothing else. */
    static Expr value(Expr e) {
        return translate(e, false);
    }

    private static Expr translate(Expr e, boolean truthPosition) {
        if (e instanceof Expr.Ref r) {
            String path = canonical(r.path());
            if (truthPosition && !path.contains(".") && !path.equals("output")) {
                return new Expr.OutputTest(Expr.Quantifier.ANY, List.of(new NameRef(path, r.source())), r.source());
            }
            return new Expr.Ref(path, r.source());
        }
        if (e instanceof Expr.Unary u) {
            boolean logical = u.op() == Expr.UnaryOp.NOT && truthPosition;
            return new Expr.Unary(u.op(), translate(u.operand(), logical), u.source());
        }
        if (e instanceof Expr.Binary b) {
            boolean logical = b.op().isLogical() && truthPosition;
            return new Expr.Binary(b.op(), translate(b.left(), logical), translate(b.right(), logical), b.source());
        }
        return e;
    }

    /** {@code outputs.NODE[.rest]} is {@code NODE.output[.rest]}; any other path is kept. */
    static String canonical(String path) {
        var segments = path.split("\\.", -1);
        if (segments.length >= 2 && segments[0].equals(OUTPUTS)) {
            var out = new StringBuilder(segments[1]).append(".output");
            for (int i = 2; i < segments.length; i++) {
                out.append('.').append(segments[i]);
            }
            return out.toString();
        }
        return path;
    }
}

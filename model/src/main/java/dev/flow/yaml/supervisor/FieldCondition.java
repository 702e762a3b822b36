package dev.flow.yaml.supervisor;

import dev.flow.model.Expr;
import dev.flow.model.SourceRef;
import dev.flow.model.Value;
import dev.flow.yaml.read.Located;
import java.util.regex.Pattern;

/**
 * A structured condition {@code {field, operator, value}} as written, before its field is scoped:
 * an unqualified field reads the result of a node the reader picks (the edge's source, the
 * branch's predecessor), a dotted field is kept, anything else is kept verbatim for the checker to
 * report as unsafe.
 */
record FieldCondition(Located<String> field, Expr.BinaryOp op, Expr.Literal value, SourceRef source) {

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** The condition with its field read from {@code scope}'s result (when the field is a bare name and scope is known). */
    Expr toExpr(String scope) {
        return new Expr.Binary(op, new Expr.Ref(scoped(field.value(), scope), field.source()), value, source);
    }

    /** {@code field} read from node {@code scope}: {@code test_status} from {@code test} is {@code test.test_status}. */
    static String scoped(String field, String scope) {
        return scope != null && IDENTIFIER.matcher(field).matches() ? scope + "." + field : field;
    }

    /** Whether this tests {@code branch_outcome == outcome}, the supervisor's way to route a branch. */
    boolean testsOutcome(String outcome) {
        return field.value().equals("branch_outcome") && op == Expr.BinaryOp.EQ && value.value().equals(Value.of(outcome));
    }
}

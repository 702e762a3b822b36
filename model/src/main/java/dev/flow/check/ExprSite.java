package dev.flow.check;

import dev.flow.model.Expr;
import dev.flow.model.Node;
import dev.flow.model.SourceRef;

/**
 * One place where a workflow holds an expression, with what its names mean there: the checker's
 * rules on conditions and values run over the list of these that {@link ExprSites} builds once.
 *
 * @param where how messages name the place, e.g. {@code the condition of "test" -> "review"}
 * @param names resolves references; the called workflow's for a subgraph's returned values
 * @param outputOf the node {@code output} names here; null where no node is handled
 * @param outputs what output tests may name here
 * @param readPoint the point by which every node the expression reads must have been able to run;
 *     null where the order does not matter (completion conditions) or is unknown
 * @param fallback where to report when the expression itself has no position
 */
record ExprSite(
        Expr expr,
        Use use,
        String where,
        TypeResolver names,
        Node outputOf,
        OutputScope outputs,
        ReadPoint readPoint,
        SourceRef fallback) {

    enum Use {
        /** Must be a bool; taken or not. */
        CONDITION,
        /** Any type; stored or handed on. */
        VALUE
    }

    /**
     * The node at which an expression is evaluated.
     *
     * @param inclusive whether that node itself has run by then (an edge's source: yes; a branch
     *     evaluating its own condition, or the node an interrupt comes before: no)
     */
    record ReadPoint(String node, boolean inclusive) {}

    /** Where a diagnostic about {@code part} of this expression goes. */
    SourceRef at(SourceRef part) {
        return Report.at(part, expr.source(), fallback);
    }
}

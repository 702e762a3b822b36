package dev.flow.check;

import dev.flow.diagnostic.Code;
import dev.flow.model.Edge;
import dev.flow.model.Escalation;
import dev.flow.model.Expr;
import dev.flow.model.Isolation;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeKind;
import dev.flow.model.OutputDecl;
import dev.flow.model.SourceRef;
import dev.flow.model.Type;
import dev.flow.model.Value;
import java.util.List;

/**
 * FLOW305: every output a node can produce has an edge that leaves on it.
 *
 * <p>An edge handles output X unless its condition is certainly false when the source produced X.
 * Conditions are evaluated in three values (true, false, unknown) with the output fixed at X:
 * output tests, {@code NODE.X} for the source's own outputs, and {@code output == "X"} (or
 * {@code in [...]}) are decided; anything else is unknown, and so handles every output. The rule
 * never warns about an output that some condition might select.
 *
 * <p>Not reported: a gate's {@code failed} and an isolated task's {@code conflict} (unhandled, they
 * fail the node on purpose; FLOW318 warns about a conflict that tasks side by side make likely),
 * nodes with a single output and any edge, nodes with no edge at all (FLOW304 covers those), and
 * outputs of a node with an edge that tests an output it does not have (FLOW206 reports that
 * name, which may be the unhandled output misspelled).
 */
final class OutputRules {
    private OutputRules() {}

    private enum Truth {
        TRUE,
        FALSE,
        UNKNOWN;

        static Truth of(boolean b) {
            return b ? TRUE : FALSE;
        }

        Truth not() {
            return this == UNKNOWN ? UNKNOWN : of(this == FALSE);
        }
    }

    /** FLOW305: declared (or default) outputs that no edge leaves on. */
    static void unhandledOutputs(WorkflowIndex w, Report out) {
        var escalations = dev.flow.model.Escalations.of(w.workflow());
        for (Node node : w.nodes()) {
            List<Edge> edges = w.edgesFrom(node.id());
            if (node.kind() == NodeKind.END || edges.isEmpty()) {
                continue;
            }
            // an escalation node's retry, ask and give_up are handled by the escalation, not by edges
            boolean handles = escalations.isTarget(node.id()) || dev.flow.model.Provenance.escalates(node).isPresent();
            List<String> outputs = node.effectiveOutputs();
            if (outputs.size() < 2) {
                continue;
            }
            for (String output : outputs) {
                if (handles && List.of(Escalation.RETRY, Escalation.ASK, Escalation.GIVE_UP).contains(output)
                        || node.kind() == NodeKind.GATE && output.equals("failed")
                        || node.isIsolatedTask() && output.equals(Isolation.CONFLICT_OUTPUT)) {
                    continue;
                }
                if (edges.stream().noneMatch(e -> e.condition() == null || holds(e.condition(), node, output) != Truth.FALSE)) {
                    out.add(Code.UNHANDLED_OUTPUT, declaration(node, output), "output " + Messages.q(output) + " of " + Messages.q(node.id())
                            + " has no edge, so a run that produces it stops there; add one, e.g. " + node.id() + " -> NEXT when " + output);
                }
            }
        }
    }

    /**
     * Whether {@code edge} may be taken when its source produced {@code output}, by its condition: an
     * edge without one does not count (for a conflict it is not taken; see FLOW318).
     */
    static boolean mayTake(Edge edge, Node source, String output) {
        return edge.condition() != null && holds(edge.condition(), source, output) != Truth.FALSE;
    }

    private static SourceRef declaration(Node node, String output) {
        SourceRef declared = node.outputs().stream().filter(o -> o.name().equals(output)).map(OutputDecl::source).findFirst()
                .orElse(SourceRef.NONE);
        return Report.at(declared, node.source());
    }

    /** Whether {@code condition} holds when {@code source} has produced {@code output}. */
    private static Truth holds(Expr condition, Node source, String output) {
        if (condition instanceof Expr.Literal literal) {
            return literal.value() instanceof Value.Bool b ? Truth.of(b.value()) : Truth.UNKNOWN;
        }
        if (condition instanceof Expr.OutputTest test) {
            return outputTest(test, source, output);
        }
        if (condition instanceof Expr.Ref ref) {
            return producedTest(ref, source, output);
        }
        if (condition instanceof Expr.Unary unary && unary.op() == Expr.UnaryOp.NOT) {
            return holds(unary.operand(), source, output).not();
        }
        if (condition instanceof Expr.Binary binary) {
            return switch (binary.op()) {
                case AND -> and(holds(binary.left(), source, output), holds(binary.right(), source, output));
                case OR -> and(holds(binary.left(), source, output).not(), holds(binary.right(), source, output).not()).not();
                case EQ, NE, IN, NOT_IN -> comparison(binary, source, output);
                default -> Truth.UNKNOWN;
            };
        }
        return Truth.UNKNOWN;
    }

    private static Truth and(Truth a, Truth b) {
        if (a == Truth.FALSE || b == Truth.FALSE) {
            return Truth.FALSE;
        }
        return a == Truth.TRUE && b == Truth.TRUE ? Truth.TRUE : Truth.UNKNOWN;
    }

    private static Truth outputTest(Expr.OutputTest test, Node source, String output) {
        if (source.kind() == NodeKind.MERGE) {
            return Truth.UNKNOWN; // its tests may name the outputs of the nodes it joins
        }
        List<String> names = test.outputs().stream().map(NameRef::name).toList();
        if (!names.contains(output)) {
            // A name the node does not have is FLOW206's, and may be this output misspelled.
            return source.effectiveOutputs().containsAll(names) ? Truth.FALSE : Truth.UNKNOWN;
        }
        return test.quantifier() == Expr.Quantifier.ANY || names.stream().distinct().count() == 1 ? Truth.TRUE : Truth.UNKNOWN;
    }

    /** {@code SOURCE.X} where X is one of the source's outputs (and not a field of another type). */
    private static Truth producedTest(Expr.Ref ref, Node source, String output) {
        String prefix = source.id() + ".";
        if (!ref.path().startsWith(prefix)) {
            return Truth.UNKNOWN;
        }
        String field = ref.path().substring(prefix.length());
        boolean isOutput = source.effectiveOutputs().contains(field) && Type.BOOL.equals(TypeResolver.fieldsOf(source).get(field));
        return isOutput ? Truth.of(field.equals(output)) : Truth.UNKNOWN;
    }

    /** {@code output == "X"}, {@code SOURCE.output != "X"}, {@code output in ["X", "Y"]}, either way round. */
    private static Truth comparison(Expr.Binary binary, Node source, String output) {
        Expr.Literal literal = binary.right() instanceof Expr.Literal r ? r : binary.left() instanceof Expr.Literal l ? l : null;
        Expr other = literal == binary.right() ? binary.left() : binary.right();
        if (literal == null || !(other instanceof Expr.Ref ref) || !namesOutput(ref, source)) {
            return Truth.UNKNOWN;
        }
        Truth equal;
        if (binary.op() == Expr.BinaryOp.EQ || binary.op() == Expr.BinaryOp.NE) {
            equal = Truth.of(literal.value().equals(Value.of(output)));
        } else if (literal.value() instanceof Value.ListOf list && literal == binary.right()) {
            equal = Truth.of(list.items().contains(Value.of(output)));
        } else {
            return Truth.UNKNOWN;
        }
        return binary.op() == Expr.BinaryOp.EQ || binary.op() == Expr.BinaryOp.IN ? equal : equal.not();
    }

    /** {@code output}, or {@code SOURCE.output} where that field is the output's name (for gates it is their text). */
    private static boolean namesOutput(Expr.Ref ref, Node source) {
        return ref.path().equals("output") || (ref.path().equals(source.id() + ".output") && source.kind() != NodeKind.GATE);
    }
}

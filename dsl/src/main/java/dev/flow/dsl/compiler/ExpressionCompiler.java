package dev.flow.dsl.compiler;

import dev.flow.dsl.flow.BinaryExpr;
import dev.flow.dsl.flow.BoolLiteral;
import dev.flow.dsl.flow.EdgeEnd;
import dev.flow.dsl.flow.FloatLiteral;
import dev.flow.dsl.flow.FlowPackage;
import dev.flow.dsl.flow.Input;
import dev.flow.dsl.flow.IntLiteral;
import dev.flow.dsl.flow.ListLiteral;
import dev.flow.dsl.flow.Merge;
import dev.flow.dsl.flow.NegExpr;
import dev.flow.dsl.flow.Node;
import dev.flow.dsl.flow.NodeEnd;
import dev.flow.dsl.flow.NotExpr;
import dev.flow.dsl.flow.NullLiteral;
import dev.flow.dsl.flow.Output;
import dev.flow.dsl.flow.OutputRef;
import dev.flow.dsl.flow.OutputTestExpr;
import dev.flow.dsl.flow.RefExpr;
import dev.flow.dsl.flow.StateVar;
import dev.flow.dsl.flow.StringLiteral;
import dev.flow.dsl.flow.Task;
import dev.flow.dsl.scoping.FlowScopeProvider;
import dev.flow.model.Expr;
import dev.flow.model.Isolation;
import dev.flow.model.NameRef;
import dev.flow.model.Value;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/**
 * Compiles expressions into the model's {@link Expr} trees, with references in canonical form (see
 * {@link Expr}): a state variable {@code attempts} becomes {@code state.attempts}, an input
 * {@code issue} becomes {@code input.issue}, {@code test.passed} stays, a bare output name in an
 * edge condition becomes {@code any(name)}, and an unresolved name stays as written for the checker
 * to report. {@code -5} is the literal minus five; {@code -(5)} negates five.
 */
final class ExpressionCompiler {

    private static final FlowPackage FLOW = FlowPackage.eINSTANCE;

    private final SourceRefs positions;
    private final NameRefs names;

    ExpressionCompiler(SourceRefs positions, NameRefs names) {
        this.positions = positions;
        this.names = names;
    }

    /** An expression that is not an edge condition (no output of a source is in scope). */
    Expr compile(dev.flow.dsl.flow.Expr e) {
        return compile(e, null);
    }

    /**
     * An expression; {@code edgeSource} is the end the edge leaves when {@code e} is an edge's
     * condition, so that bare output names of that node become output tests.
     */
    Expr compile(dev.flow.dsl.flow.Expr e, EdgeEnd edgeSource) {
        if (e == null) {
            return null;
        }
        var at = positions.of(e);
        if (e instanceof BinaryExpr b) {
            return new Expr.Binary(Operators.binary(b.getOp()), compile(b.getLeft(), edgeSource), compile(b.getRight(), edgeSource), at);
        } else if (e instanceof NotExpr n) {
            return new Expr.Unary(Expr.UnaryOp.NOT, compile(n.getOperand(), edgeSource), at);
        } else if (e instanceof NegExpr n) {
            Optional<Value> folded = negativeLiteral(n);
            return folded.isPresent()
                    ? new Expr.Literal(folded.get(), at)
                    : new Expr.Unary(Expr.UnaryOp.NEGATE, compile(n.getOperand(), edgeSource), at);
        } else if (e instanceof OutputTestExpr t) {
            var quantifier = t.getQuantifier() == dev.flow.dsl.flow.Quantifier.ALL ? Expr.Quantifier.ALL : Expr.Quantifier.ANY;
            return new Expr.OutputTest(quantifier, names.all(t, FLOW.getOutputTestExpr_Outputs()), at);
        } else if (e instanceof OutputRef o) {
            return new Expr.Ref(path("output", o.getFields()), at);
        } else if (e instanceof RefExpr r) {
            return reference(r, edgeSource, at);
        }
        return constant(e).map(v -> (Expr) new Expr.Literal(v, at)).orElseGet(() -> new Expr.Literal(nonConstantList(e), at));
    }

    /** The value of a constant expression (literals, and lists of constants), if it is one. */
    static Optional<Value> constant(dev.flow.dsl.flow.Expr e) {
        if (e instanceof StringLiteral s) {
            return Optional.of(Value.of(s.getValue() == null ? "" : s.getValue()));
        } else if (e instanceof IntLiteral i) {
            return Optional.of(Value.of(i.getValue()));
        } else if (e instanceof FloatLiteral f) {
            return Optional.of(Value.of(f.getValue()));
        } else if (e instanceof BoolLiteral b) {
            return Optional.of(Value.of(b.isValue()));
        } else if (e instanceof NullLiteral) {
            return Optional.of(Value.Null.INSTANCE);
        } else if (e instanceof NegExpr n) {
            return negativeLiteral(n);
        } else if (e instanceof ListLiteral l) {
            var items = new ArrayList<Value>();
            for (var item : l.getItems()) {
                Optional<Value> v = constant(item);
                if (v.isEmpty()) {
                    return Optional.empty();
                }
                items.add(v.get());
            }
            return Optional.of(new Value.ListOf(items));
        }
        return Optional.empty();
    }

    /** The constant items of a list that holds something else too (the validator reports it: FLOW007). */
    private static Value nonConstantList(dev.flow.dsl.flow.Expr e) {
        var items = new ArrayList<Value>();
        if (e instanceof ListLiteral l) {
            for (var item : l.getItems()) {
                constant(item).ifPresent(items::add);
            }
        }
        return new Value.ListOf(items);
    }

    /** {@code -5} and {@code -2.5} (no parentheses between the sign and the number) are negative literals. */
    private static Optional<Value> negativeLiteral(NegExpr n) {
        var operand = n.getOperand();
        if (!(operand instanceof IntLiteral) && !(operand instanceof FloatLiteral)) {
            return Optional.empty();
        }
        // The operand's own text: "(5)" in -(5), "5" in -5 (also when the whole -5 sits in parentheses).
        var written = NodeModelUtils.findNodesForFeature(n, FlowPackage.Literals.NEG_EXPR__OPERAND);
        if (written.isEmpty() || NodeModelUtils.getTokenText(written.get(0)).startsWith("(")) {
            return Optional.empty();
        }
        return Optional.of(operand instanceof IntLiteral i ? Value.of(-i.getValue()) : Value.of(-((FloatLiteral) operand).getValue()));
    }

    private Expr reference(RefExpr r, EdgeEnd edgeSource, dev.flow.model.SourceRef at) {
        var target = r.getTarget();
        List<String> fields = r.getFields();
        if (target instanceof Node n && fields.isEmpty() && r.getQualifier() == null && edgeSource instanceof NodeEnd end
                && end.getNode() instanceof dev.flow.dsl.flow.Supervisor s && Outputs.supervisorOutputs(s).contains(n.getName())) {
            return outputTest(r, n.getName(), at); // a supervisor's outputs are named after the nodes it hands work to
        }
        if (target != null && !target.eIsProxy()) {
            if (target instanceof StateVar v) {
                return new Expr.Ref(path("state." + v.getName(), fields), at);
            } else if (target instanceof Input i) {
                return new Expr.Ref(path("input." + i.getName(), fields), at);
            } else if (target instanceof Node n) {
                return new Expr.Ref(path(n.getName(), fields), at);
            } else if (target instanceof Output o && fields.isEmpty()) {
                return outputTest(r, o.getName(), at);
            }
        }
        NameRef written = names.of(r, FLOW.getRefExpr_Target());
        String name = written == null ? "" : written.name();
        if (r.getQualifier() != null) {
            return new Expr.Ref(path(r.getQualifier() + "." + name, fields), at);
        }
        if (fields.isEmpty() && edgeSource != null && (meansAnOutput(name, outputsLeaving(edgeSource)) || meansConflict(name, edgeSource))) {
            return outputTest(r, name, at);
        }
        return new Expr.Ref(path(name, fields), at);
    }

    /**
     * Whether a bare name in an edge condition that names nothing else means an output of the edge's
     * source: it is one, or is close to one ({@code blokced}), so that the checker reports the
     * unknown output with the nearest one (FLOW206) rather than an unknown variable.
     */
    private static boolean meansAnOutput(String name, Set<String> outputs) {
        return outputs.contains(name) || !NearestNames.of(name, outputs).isEmpty();
    }

    /**
     * {@code when conflict} on an edge from a task: an output test, the output of an isolated task;
     * from a task that is not isolated, the checker says it has no such output and how to give it
     * one (FLOW206). Whether the task is isolated is left to the checker, which knows it at no cost.
     */
    private static boolean meansConflict(String name, EdgeEnd end) {
        return name.equals(Isolation.CONFLICT_OUTPUT) && end instanceof NodeEnd n && n.getNode() instanceof Task;
    }

    private Expr outputTest(RefExpr r, String output, dev.flow.model.SourceRef at) {
        NameRef written = names.of(r, FLOW.getRefExpr_Target());
        return new Expr.OutputTest(Expr.Quantifier.ANY, List.of(new NameRef(output, written == null ? at : written.source())), at);
    }

    /** Every output an edge leaving {@code end} can test, the kind's defaults included. */
    static Set<String> outputsLeaving(EdgeEnd end) {
        var out = new LinkedHashSet<String>();
        if (end instanceof NodeEnd nodeEnd && nodeEnd.getNode() != null && !nodeEnd.getNode().eIsProxy()) {
            Node node = nodeEnd.getNode();
            out.addAll(Outputs.declaredOrDefault(node)); // an isolated task's "conflict": see meansConflict
            if (node instanceof Merge) {
                for (Output o : FlowScopeProvider.outputsTestedLeaving(end)) {
                    out.add(o.getName());
                }
            }
        }
        return out;
    }

    private static String path(String head, List<String> fields) {
        if (fields.isEmpty()) {
            return head;
        }
        return head + "." + String.join(".", fields);
    }
}

package dev.flow.dsl.compiler;

import dev.flow.dsl.flow.Branch;
import dev.flow.dsl.flow.BranchTarget;
import dev.flow.dsl.flow.EdgeEnd;
import dev.flow.dsl.flow.EdgeStatement;
import dev.flow.dsl.flow.EdgeStep;
import dev.flow.dsl.flow.EndEnd;
import dev.flow.dsl.flow.FlowPackage;
import dev.flow.dsl.flow.Loop;
import dev.flow.dsl.flow.StartEnd;
import dev.flow.model.Edge;
import dev.flow.model.EdgeIds;
import dev.flow.model.Expr;
import dev.flow.model.LoopControl;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.xtext.nodemodel.INode;

/**
 * Edges, in the order they are written: each step of an edge statement ({@code a -> b -> c} gives
 * two), and a branch's {@code then}/{@code else} targets where the branch is declared. Explicit
 * ids ({@code e1: a -> b}) are reserved first; the others come from {@link EdgeIds}.
 */
final class EdgeCompiler {

    private static final FlowPackage FLOW = FlowPackage.eINSTANCE;

    private final SourceRefs positions;
    private final NameRefs names;
    private final ExpressionCompiler expressions;
    private final NodeCompiler nodes;
    private final List<Pending> pending = new ArrayList<>();

    /** An edge whose id is not yet known. */
    private record Pending(String explicitId, NameRef from, NameRef to, Expr condition, LoopControl loop,
            boolean onLimit, List<dev.flow.model.Mapping> mappings, dev.flow.model.SourceRef source) {}

    EdgeCompiler(SourceRefs positions, NameRefs names, ExpressionCompiler expressions, NodeCompiler nodes) {
        this.positions = positions;
        this.names = names;
        this.expressions = expressions;
        this.nodes = nodes;
    }

    void add(EdgeStatement statement) {
        boolean single = statement.getSteps().size() == 1;
        EdgeEnd from = statement.getSource();
        for (EdgeStep step : statement.getSteps()) {
            EdgeEnd to = step.getTarget();
            if (from == null || to == null) {
                return;
            }
            pending.add(new Pending(single ? statement.getName() : null, end(from), end(to),
                    expressions.compile(step.getCondition(), from), loop(step.getLoop()), step.isOnLimit(),
                    nodes.mappings(step.getMappings()), positions.span(from, to)));
            from = to;
        }
    }

    /** {@code then X} and {@code else Y}: edges taken on the branch's outputs {@code on_true} and {@code on_false}. */
    void add(Branch branch) {
        addBranchTarget(branch, branch.getThen(), FLOW.getBranch_Then(), "on_true");
        addBranchTarget(branch, branch.getElse(), FLOW.getBranch_Else(), "on_false");
    }

    private void addBranchTarget(Branch branch, BranchTarget target, org.eclipse.emf.ecore.EReference feature, String output) {
        if (target == null || target.getTarget() == null) {
            return;
        }
        INode keyword = keywordBefore(branch, feature);
        var at = keyword == null ? positions.of(target) : positions.span(branch, keyword, target.getTarget());
        var from = new NameRef(branch.getName(), positions.name(branch));
        var test = new Expr.OutputTest(Expr.Quantifier.ANY, List.of(new NameRef(output, keyword == null ? at : positions.of(branch, keyword))), at);
        pending.add(new Pending(null, from, end(target.getTarget()), test, loop(target.getLoop()), false, List.of(), at));
    }

    /** The {@code then} or {@code else} keyword before a branch target. */
    private INode keywordBefore(Branch branch, org.eclipse.emf.ecore.EReference feature) {
        List<INode> targets = positions.nodes(branch, feature);
        if (targets.isEmpty()) {
            return null;
        }
        INode previous = targets.get(0).getPreviousSibling();
        while (previous != null && previous instanceof org.eclipse.xtext.nodemodel.ILeafNode leaf && leaf.isHidden()) {
            previous = previous.getPreviousSibling();
        }
        return previous;
    }

    /** The edges, with ids: explicit ones reserved first, then derived ones in declaration order. */
    List<Edge> edges() {
        var ids = new EdgeIds();
        for (Pending p : pending) {
            if (p.explicitId() != null) {
                ids.reserve(p.explicitId());
            }
        }
        var out = new ArrayList<Edge>(pending.size());
        for (Pending p : pending) {
            String id = p.explicitId() != null ? p.explicitId() : ids.next(p.from().name(), p.to().name());
            out.add(new Edge(id, p.from(), p.to(), p.condition(), p.loop(), p.onLimit(), p.mappings(), p.source()));
        }
        return out;
    }

    private NameRef end(EdgeEnd end) {
        if (end instanceof StartEnd) {
            return new NameRef(Node.START_ID, positions.of(end));
        } else if (end instanceof EndEnd) {
            return new NameRef(Node.END_ID, positions.of(end));
        }
        NameRef ref = names.of(end, FLOW.getNodeEnd_Node());
        return ref == null ? new NameRef("", positions.of(end)) : ref;
    }

    private LoopControl loop(Loop loop) {
        return loop == null ? null : new LoopControl(loop.getMax(), positions.of(loop));
    }
}

package dev.flow.dsl.compiler;

import dev.flow.dsl.flow.Branch;
import dev.flow.dsl.flow.Checkpoint;
import dev.flow.dsl.flow.GateNode;
import dev.flow.dsl.flow.Human;
import dev.flow.dsl.flow.Merge;
import dev.flow.dsl.flow.Node;
import dev.flow.dsl.flow.Output;
import dev.flow.dsl.flow.Parallel;
import dev.flow.dsl.flow.Subgraph;
import dev.flow.dsl.flow.Supervisor;
import dev.flow.model.Isolation;
import dev.flow.model.NodeKind;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/** The kinds and outputs of syntax nodes, as the graph model will see them. */
public final class Outputs {
    private Outputs() {}

    public static NodeKind kindOf(Node node) {
        if (node instanceof GateNode) {
            return NodeKind.GATE;
        } else if (node instanceof Branch) {
            return NodeKind.BRANCH;
        } else if (node instanceof Parallel) {
            return NodeKind.PARALLEL;
        } else if (node instanceof Merge) {
            return NodeKind.MERGE;
        } else if (node instanceof Subgraph) {
            return NodeKind.SUBGRAPH;
        } else if (node instanceof Human) {
            return NodeKind.HUMAN;
        } else if (node instanceof Checkpoint) {
            return NodeKind.CHECKPOINT;
        }
        return NodeKind.TASK;
    }

    /**
     * The declared outputs, or the defaults of the node's kind when it declares none; an isolated
     * task also has {@code conflict}.
     */
    public static List<String> effective(Node node) {
        List<String> own = declaredOrDefault(node);
        if (kindOf(node) != NodeKind.TASK || own.contains(Isolation.CONFLICT_OUTPUT) || Isolations.of(node) != Isolation.WORKTREE) {
            return own;
        }
        var all = new ArrayList<>(own);
        all.add(Isolation.CONFLICT_OUTPUT);
        return List.copyOf(all);
    }

    /** The declared outputs, or the defaults of the node's kind: {@link #effective} without what isolation adds. */
    static List<String> declaredOrDefault(Node node) {
        if (node instanceof Supervisor s) {
            return supervisorOutputs(s);
        }
        return !node.getOutputs().isEmpty() ? node.getOutputs().stream().map(Output::getName).toList()
                : dev.flow.model.Node.defaultOutputs(kindOf(node));
    }

    /**
     * A supervisor's outputs as its wiring gives them ({@link dev.flow.lowering.SupervisionWiring}): its
     * participants' names and its ask node's, as written, then {@code finish} unless it may not finish.
     */
    public static List<String> supervisorOutputs(Supervisor s) {
        var out = new LinkedHashSet<String>();
        for (var node : org.eclipse.xtext.nodemodel.util.NodeModelUtils.findNodesForFeature(s, dev.flow.dsl.flow.FlowPackage.Literals.SUPERVISOR__PARTICIPANTS)) {
            out.add(written(node));
        }
        for (var node : org.eclipse.xtext.nodemodel.util.NodeModelUtils.findNodesForFeature(s, dev.flow.dsl.flow.FlowPackage.Literals.SUPERVISOR__ASK)) {
            out.add(written(node));
        }
        if (org.eclipse.xtext.nodemodel.util.NodeModelUtils.findNodesForFeature(s, dev.flow.dsl.flow.FlowPackage.Literals.SUPERVISOR__FINISH).isEmpty()) {
            out.add(dev.flow.model.Supervision.FINISH_OUTPUT);
        }
        return List.copyOf(out);
    }

    private static String written(org.eclipse.xtext.nodemodel.INode node) {
        return dev.flow.dsl.conversion.Names.unescape(org.eclipse.xtext.nodemodel.util.NodeModelUtils.getTokenText(node));
    }
}

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
import dev.flow.model.NodeKind;
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

    /** The declared outputs, or the defaults of the node's kind when it declares none. */
    public static List<String> effective(Node node) {
        if (!node.getOutputs().isEmpty()) {
            return node.getOutputs().stream().map(Output::getName).toList();
        }
        return dev.flow.model.Node.defaultOutputs(kindOf(node));
    }
}

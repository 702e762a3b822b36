package dev.flow.dsl.ide.contentassist;

import dev.flow.dsl.flow.Branch;
import dev.flow.dsl.flow.Checkpoint;
import dev.flow.dsl.flow.GateNode;
import dev.flow.dsl.flow.Human;
import dev.flow.dsl.flow.Merge;
import dev.flow.dsl.flow.Node;
import dev.flow.dsl.flow.Output;
import dev.flow.dsl.flow.Parallel;
import dev.flow.dsl.flow.Subgraph;
import dev.flow.model.NameRef;
import dev.flow.model.NodeSpec;
import dev.flow.model.OutputDecl;
import dev.flow.model.ResultFields;
import dev.flow.model.SourceRef;
import dev.flow.model.Type;
import java.util.List;
import java.util.Map;

/**
 * The fields a condition may read from a node's result ({@code node.field}), with their types, as
 * the checker knows them ({@link ResultFields}): completion offers exactly what the checker accepts.
 */
final class ResultFieldTable {
    private ResultFieldTable() {}

    static Map<String, Type> of(Node node) {
        List<OutputDecl> outputs = dev.flow.dsl.ide.SyntaxAccess.outputs(node).stream()
                .map(Output::getName).filter(java.util.Objects::nonNull)
                .map(name -> new OutputDecl(name, null, SourceRef.NONE)).toList();
        var model = new dev.flow.model.Node(node.getName() == null ? "?" : node.getName(), null, null, spec(node), outputs,
                null, null, List.of(), null, Map.of(), SourceRef.NONE);
        return ResultFields.of(model);
    }

    /** A specification of the node's kind; only its kind matters to the table. */
    private static NodeSpec spec(Node node) {
        if (node instanceof GateNode) {
            return new NodeSpec.Gate(NameRef.of("?"));
        }
        if (node instanceof Branch) {
            return new NodeSpec.Branch(null);
        }
        if (node instanceof Parallel) {
            return new NodeSpec.Parallel(null, null);
        }
        if (node instanceof Merge) {
            return new NodeSpec.Merge(null, null, null, null, null);
        }
        if (node instanceof Subgraph) {
            return new NodeSpec.Subgraph(NameRef.of("?"), null, null);
        }
        if (node instanceof Human) {
            return new NodeSpec.Human(null, null, null);
        }
        if (node instanceof Checkpoint) {
            return new NodeSpec.Checkpoint();
        }
        return new NodeSpec.Task(null, null, null, null, null, null, null, null);
    }
}

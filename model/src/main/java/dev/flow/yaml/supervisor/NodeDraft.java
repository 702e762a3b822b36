package dev.flow.yaml.supervisor;

import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.SourceRef;
import dev.flow.yaml.read.Located;
import java.util.Optional;

/**
 * A dialect 1 node as read; a branch's condition is only turned into an expression once the
 * branch's predecessors are known (its bare field reads the predecessor's result).
 *
 * @param span the node's whole mapping, for comments
 */
record NodeDraft(Node node, SourceRef span, Optional<Branch> branch) {

    String id() {
        return node.id();
    }

    /**
     * What {@code branch_config} says.
     *
     * @param maxIterations the condition's {@code max_iterations}, when written
     */
    record Branch(Optional<FieldCondition> condition, Optional<Outcome> onTrue, Optional<Outcome> onFalse, Optional<Located<Long>> maxIterations) {}

    /**
     * {@code on_true: target} or {@code on_false: target}.
     *
     * @param name {@code on_true} or {@code on_false}, where it was written
     * @param span the whole {@code key: value} entry
     */
    record Outcome(Located<String> name, Located<String> target, SourceRef span) {}

    /** The node with the branch condition settled. */
    NodeDraft withSpec(NodeSpec spec) {
        Node n = node;
        return new NodeDraft(new Node(n.id(), n.label(), n.description(), spec, n.outputs(), n.retry(), n.timeout(), n.onOutput(),
                n.waitForIncoming(), n.metadata(), n.source()), span, branch);
    }
}

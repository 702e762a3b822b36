package dev.flow.check;

import dev.flow.model.Node;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The outputs an output test ({@code any(done)}, dialect 2's bare {@code "done"}) may name at one
 * place: those of the edge's source, of a merge and the nodes it joins, or of any node (interrupts,
 * completion, branch conditions).
 *
 * @param names the outputs that may be named
 * @param owner how messages name whose outputs these are, e.g. {@code "analyze"}
 * @param open when true every name is accepted: the source is unknown, and saying more would only
 *     repeat that
 */
record OutputScope(Set<String> names, String owner, boolean open) {

    /** The owner of {@link #anyNode}'s outputs, as messages name it. */
    static final String ANY_NODE = "any node";

    OutputScope {
        names = Collections.unmodifiableSet(new LinkedHashSet<>(names));
    }

    static OutputScope unknownSource() {
        return new OutputScope(Set.of(), "", true);
    }

    /** The outputs of {@code node}; every name for a node of unknown type that declares none. */
    static OutputScope of(Node node) {
        boolean unknown = node.kind() == dev.flow.model.NodeKind.UNKNOWN && node.outputs().isEmpty();
        return new OutputScope(new LinkedHashSet<>(node.effectiveOutputs()), Messages.q(node.id()), unknown);
    }

    /** A merge's own outputs and those of the nodes it joins. */
    static OutputScope join(Node merge, Collection<Node> joined) {
        var names = new LinkedHashSet<>(merge.effectiveOutputs());
        joined.forEach(n -> names.addAll(n.effectiveOutputs()));
        return new OutputScope(names, Messages.q(merge.id()) + " and the nodes it joins", false);
    }

    static OutputScope anyNode(Collection<Node> nodes) {
        var names = new LinkedHashSet<String>();
        nodes.forEach(n -> names.addAll(n.effectiveOutputs()));
        return new OutputScope(names, ANY_NODE, false);
    }

    boolean accepts(String output) {
        return open || names.contains(output);
    }
}

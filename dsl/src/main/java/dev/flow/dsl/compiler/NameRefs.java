package dev.flow.dsl.compiler;

import dev.flow.model.NameRef;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.xtext.linking.impl.LinkingHelper;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/**
 * Turns cross-references into {@link NameRef}s: the name as the author wrote it (without a {@code ^}
 * or backquotes) and the position of that name, whether or not it resolved. The checker decides
 * whether the name is known.
 */
final class NameRefs {

    private final LinkingHelper linking;
    private final SourceRefs positions;

    NameRefs(LinkingHelper linking, SourceRefs positions) {
        this.linking = linking;
        this.positions = positions;
    }

    /** The reference's value number {@code index} (0 for single-valued references), or null when absent. */
    NameRef of(EObject owner, EReference reference, int index) {
        List<INode> nodes = positions.nodes(owner, reference);
        if (index < 0 || index >= nodes.size()) {
            return null;
        }
        INode node = nodes.get(index);
        return new NameRef(written(node), positions.of(owner, node));
    }

    NameRef of(EObject owner, EReference reference) {
        return of(owner, reference, 0);
    }

    /** Every value of a many-valued reference, in the order written. */
    List<NameRef> all(EObject owner, EReference reference) {
        List<INode> nodes = positions.nodes(owner, reference);
        var out = new ArrayList<NameRef>(nodes.size());
        for (INode node : nodes) {
            out.add(new NameRef(written(node), positions.of(owner, node)));
        }
        return out;
    }

    /** The name a cross-reference's text stands for. */
    String written(INode node) {
        String name = linking.getCrossRefNodeAsString(node, true);
        return name == null ? NodeModelUtils.getTokenText(node) : name;
    }
}

package dev.flow.dsl.ide.quickfix;

import dev.flow.dsl.flow.EdgeStatement;
import dev.flow.dsl.flow.EdgeStep;
import dev.flow.dsl.flow.Node;
import dev.flow.dsl.flow.NodeEnd;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.EcoreUtil2;

/**
 * The node that should declare an output named at {@code object}: the source of the edge whose
 * condition names it, or the node whose handler or default names it.
 */
final class OutputOwner {
    private OutputOwner() {}

    static Node find(EObject object) {
        EdgeStep step = EcoreUtil2.getContainerOfType(object, EdgeStep.class);
        if (step != null) {
            return source(step);
        }
        return EcoreUtil2.getContainerOfType(object, Node.class);
    }

    /** The node an edge step leaves: the statement's source, or the previous step's target. */
    private static Node source(EdgeStep step) {
        if (!(step.eContainer() instanceof EdgeStatement statement)) {
            return null;
        }
        int index = statement.getSteps().indexOf(step);
        var end = index == 0 ? statement.getSource() : statement.getSteps().get(index - 1).getTarget();
        return end instanceof NodeEnd nodeEnd && !nodeEnd.getNode().eIsProxy() ? nodeEnd.getNode() : null;
    }
}

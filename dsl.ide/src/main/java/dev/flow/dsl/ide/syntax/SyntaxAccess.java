package dev.flow.dsl.ide.syntax;

import dev.flow.dsl.flow.Node;
import dev.flow.dsl.flow.Output;
import java.util.List;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;

/**
 * Reads features that several kinds of syntax element share without a common type declaring them
 * (the grammar's {@code CommonProperty} fragment gives each node kind its own {@code outputs},
 * {@code description}, ...).
 */
public final class SyntaxAccess {
    private SyntaxAccess() {}

    /** The element's name, or null when it has none. */
    public static String name(EObject object) {
        return string(object, "name");
    }

    /** The label of a node, else its description, else null. */
    public static String labelOrDescription(EObject object) {
        String label = string(object, "label");
        return label != null ? label : string(object, "description");
    }

    /** The text of a string feature, or null. */
    public static String string(EObject object, String feature) {
        EStructuralFeature f = object.eClass().getEStructuralFeature(feature);
        return f != null && object.eGet(f) instanceof String text ? text : null;
    }

    /** The outputs a node declares, in order. */
    public static List<Output> outputs(Node node) {
        EStructuralFeature f = node.eClass().getEStructuralFeature("outputs");
        if (f == null || !(node.eGet(f) instanceof List<?> list)) {
            return List.of();
        }
        return list.stream().filter(Output.class::isInstance).map(Output.class::cast).toList();
    }
}

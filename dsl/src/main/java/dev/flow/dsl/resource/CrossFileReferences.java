package dev.flow.dsl.resource;

import dev.flow.dsl.flow.FlowPackage;
import dev.flow.dsl.scoping.Containment;
import java.util.Set;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EReference;

/**
 * Which elements of the language can refer into another file (to a gate, an agent or a workflow),
 * themselves or through what they contain; read from the grammar's model once. The index's walk
 * after each edit skips the rest: expressions, commands and edges hold only names of their own file.
 */
final class CrossFileReferences {
    private CrossFileReferences() {}

    private static final Set<EClass> HOLDING = holding();

    /** Whether a reference can point into another file: only gates, agents and workflows can. */
    static boolean crosses(EReference reference) {
        EClass type = reference.getEReferenceType();
        return !reference.isContainment() && !reference.isContainer()
                && (type == FlowPackage.Literals.GATE_DEF || type == FlowPackage.Literals.AGENT_DEF || type == FlowPackage.Literals.WORKFLOW);
    }

    /** Whether an element of this class, or anything it may contain, can refer into another file. */
    static boolean mayHold(EClass type) {
        return HOLDING.contains(type);
    }

    private static Set<EClass> holding() {
        return Containment.holding(c -> c.getEAllReferences().stream().anyMatch(CrossFileReferences::crosses));
    }
}

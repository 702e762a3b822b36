package dev.flow.dsl.resource;

import dev.flow.dsl.flow.FlowPackage;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EClassifier;
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
        var classes = new HashSet<EClass>();
        for (EClassifier c : FlowPackage.eINSTANCE.getEClassifiers()) {
            if (c instanceof EClass e) {
                classes.add(e);
            }
        }
        // A containment of type T may hold any subclass of T.
        Map<EClass, Set<EClass>> kinds = new HashMap<>();
        for (EClass c : classes) {
            kinds.computeIfAbsent(c, k -> new HashSet<>()).add(c);
            for (EClass s : c.getEAllSuperTypes()) {
                kinds.computeIfAbsent(s, k -> new HashSet<>()).add(c);
            }
        }
        var holding = new HashSet<EClass>();
        for (EClass c : classes) {
            if (c.getEAllReferences().stream().anyMatch(CrossFileReferences::crosses)) {
                holding.add(c);
            }
        }
        // Containment can nest (an expression in an expression): grow the set until it stops growing.
        boolean grew = true;
        while (grew) {
            grew = false;
            for (EClass c : classes) {
                if (!holding.contains(c) && c.getEAllContainments().stream()
                        .anyMatch(r -> kinds.getOrDefault(r.getEReferenceType(), Set.of()).stream().anyMatch(holding::contains))) {
                    holding.add(c);
                    grew = true;
                }
            }
        }
        return Set.copyOf(holding);
    }
}

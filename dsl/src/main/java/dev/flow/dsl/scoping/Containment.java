package dev.flow.dsl.scoping;

import dev.flow.dsl.flow.FlowPackage;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.eclipse.emf.common.util.AbstractTreeIterator;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EClassifier;
import org.eclipse.emf.ecore.EObject;

/**
 * What an element of each class of the language can hold, at any depth of containment, read from
 * the grammar's model once. Walks for one kind of element skip what cannot hold one (an {@code
 * outputs of} type is never inside an edge or an expression), where a walk of every element of a
 * large file would cost a noticeable part of each edit in the editor.
 */
public final class Containment {
    private Containment() {}

    private static final Set<EClass> CLASSES = classes();
    private static final Map<EClass, Set<EClass>> KINDS = kinds();
    private static final Map<Class<?>, Set<EClass>> HOLDING = new ConcurrentHashMap<>();

    /**
     * The classes whose elements match {@code wanted} themselves or may contain one that does: the
     * smallest set closed under "contains an element of a class in the set" (containment nests:
     * an expression in an expression).
     */
    public static Set<EClass> holding(Predicate<EClass> wanted) {
        var holding = new HashSet<EClass>();
        for (EClass c : CLASSES) {
            if (wanted.test(c)) {
                holding.add(c);
            }
        }
        boolean grew = true;
        while (grew) {
            grew = false;
            for (EClass c : CLASSES) {
                if (!holding.contains(c) && c.getEAllContainments().stream()
                        .anyMatch(r -> KINDS.getOrDefault(r.getEReferenceType(), Set.of()).stream().anyMatch(holding::contains))) {
                    holding.add(c);
                    grew = true;
                }
            }
        }
        return Set.copyOf(holding);
    }

    /** Every element of type {@code type} in {@code root}'s tree, in the order of the text, without entering what cannot hold one. */
    public static <T extends EObject> List<T> all(EObject root, Class<T> type) {
        Set<EClass> holding = HOLDING.computeIfAbsent(type, t -> holding(c -> t.isAssignableFrom(c.getInstanceClass())));
        var out = new ArrayList<T>();
        if (!holding.contains(root.eClass())) {
            return out;
        }
        if (type.isInstance(root)) {
            out.add(type.cast(root));
        }
        var walk = new AbstractTreeIterator<EObject>(root, false) {
            @Override
            protected Iterator<? extends EObject> getChildren(Object object) {
                return ((EObject) object).eContents().iterator();
            }
        };
        while (walk.hasNext()) {
            EObject next = walk.next();
            if (!holding.contains(next.eClass())) {
                walk.prune();
            } else if (type.isInstance(next)) {
                out.add(type.cast(next));
            }
        }
        return out;
    }

    private static Set<EClass> classes() {
        var classes = new HashSet<EClass>();
        for (EClassifier c : FlowPackage.eINSTANCE.getEClassifiers()) {
            if (c instanceof EClass e) {
                classes.add(e);
            }
        }
        return Collections.unmodifiableSet(classes);
    }

    /** A containment of type T may hold any subclass of T. */
    private static Map<EClass, Set<EClass>> kinds() {
        Map<EClass, Set<EClass>> kinds = new HashMap<>();
        for (EClass c : CLASSES) {
            kinds.computeIfAbsent(c, k -> new HashSet<>()).add(c);
            for (EClass s : c.getEAllSuperTypes()) {
                kinds.computeIfAbsent(s, k -> new HashSet<>()).add(c);
            }
        }
        return kinds;
    }
}

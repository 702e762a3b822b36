package dev.flow.dsl.scoping;

import dev.flow.dsl.flow.AgentDef;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.flow.GateDef;
import dev.flow.dsl.flow.Input;
import dev.flow.dsl.flow.Node;
import dev.flow.dsl.flow.StateVar;
import dev.flow.dsl.flow.Workflow;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.eclipse.xtext.naming.QualifiedName;
import org.eclipse.xtext.scoping.IScope;
import org.eclipse.xtext.scoping.Scopes;
import org.eclipse.xtext.scoping.impl.MapBasedScope;

/**
 * The names one workflow (or the top level of one file) declares, by kind, as scope entries. Built
 * in one pass and cached by {@link FlowScopeProvider} until the resource changes, so that linking
 * is linear in the size of the file.
 */
final class Declarations {

    private final Map<Class<?>, Map<QualifiedName, IEObjectDescription>> byKind;

    private Declarations(Map<Class<?>, Map<QualifiedName, IEObjectDescription>> byKind) {
        this.byKind = byKind;
    }

    static Declarations of(Workflow workflow) {
        return new Declarations(Map.of(
                Node.class, describe(SyntaxTree.nodes(workflow)),
                StateVar.class, describe(SyntaxTree.stateVariables(workflow)),
                Input.class, describe(SyntaxTree.inputs(workflow)),
                GateDef.class, describe(SyntaxTree.gates(workflow)),
                AgentDef.class, describe(SyntaxTree.agents(workflow))));
    }

    static Declarations of(FlowFile file) {
        return new Declarations(Map.of(
                Workflow.class, describe(SyntaxTree.topLevel(file, Workflow.class)),
                GateDef.class, describe(SyntaxTree.topLevel(file, GateDef.class)),
                AgentDef.class, describe(SyntaxTree.topLevel(file, AgentDef.class))));
    }

    /** A scope over the declarations of one kind, in front of {@code parent}. */
    IScope scope(Class<?> kind, IScope parent) {
        var elements = byKind.getOrDefault(kind, Map.of());
        return elements.isEmpty() ? parent : new IndexedScope(parent, elements);
    }

    /** The first declaration of each name wins; the checker reports the others as duplicates. */
    private static Map<QualifiedName, IEObjectDescription> describe(List<? extends EObject> elements) {
        var map = new LinkedHashMap<QualifiedName, IEObjectDescription>();
        for (IEObjectDescription d : Scopes.scopedElementsFor(elements)) {
            map.putIfAbsent(d.getName(), d);
        }
        return Collections.unmodifiableMap(map);
    }

    /** Xtext's hashed scope, over a map built once instead of once per reference. */
    private static final class IndexedScope extends MapBasedScope {
        IndexedScope(IScope parent, Map<QualifiedName, IEObjectDescription> elements) {
            super(parent, elements, false);
        }
    }
}

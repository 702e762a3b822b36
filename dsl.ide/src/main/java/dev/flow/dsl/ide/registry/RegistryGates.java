package dev.flow.dsl.ide.registry;

import com.google.inject.Inject;
import com.google.inject.Provider;
import dev.flow.dsl.naming.SourceNames;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.flow.FlowPackage;
import dev.flow.dsl.imports.Imports;
import dev.flow.model.GateDef;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.xtext.CrossReference;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.linking.impl.LinkingHelper;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.EObjectAtOffsetHelper;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.TextRegion;

/**
 * The gates that a file's {@code import "gates.yaml"} registries define. They are not Xtext objects
 * (a reference to one stays unresolved in the syntax tree and the compiler binds it), so the
 * editor's completion, hover and go to definition find them here.
 */
public class RegistryGates {

    /** A gate of a registry, with the registry file it came from. */
    public record RegistryGate(GateDef gate, URI registry) {}

    /** A gate reference in the text that names a registry gate, with the reference's range. */
    public record Reference(RegistryGate target, int offset, int length) {}

    @Inject
    private Provider<Imports> imports;

    @Inject
    private EObjectAtOffsetHelper offsets;

    @Inject
    private LinkingHelper linking;

    /**
     * The registry gates visible from {@code context}'s file, by name: the imported registries
     * combined in import order (a later one overlays the earlier), each shown in the last registry
     * that writes it.
     */
    public Map<String, RegistryGate> visibleFrom(EObject context) {
        var out = new LinkedHashMap<String, RegistryGate>();
        FlowFile file = context == null ? null : EcoreUtil2.getContainerOfType(context, FlowFile.class);
        if (file == null && context != null && context.eResource() != null && !context.eResource().getContents().isEmpty()
                && context.eResource().getContents().get(0) instanceof FlowFile root) {
            file = root;
        }
        if (file == null) {
            return out;
        }
        var where = new HashMap<String, org.eclipse.emf.common.util.URI>();
        for (Imports.Resolved imported : imports.get().of(file, SourceNames.byUri())) {
            if (imported.foreignLibrary() != null) {
                imported.foreignLibrary().gates().forEach(g -> where.put(g.name(), imported.uri()));
            }
        }
        imports.get().foreignGates(file, SourceNames.byUri()).forEach((name, g) -> out.put(name, new RegistryGate(g, where.get(name))));
        return out;
    }

    /**
     * The registry gate named by the gate reference at {@code offset}, when no gate written in Flow
     * answers to that name (a Flow definition takes the place of a registered one).
     */
    public Optional<Reference> referencedAt(XtextResource resource, int offset) {
        INode node = offsets.getCrossReferenceNode(resource, new TextRegion(offset, 0));
        CrossReference crossReference = node == null ? null : GrammarUtil.containingCrossReference(node.getGrammarElement());
        EReference reference = crossReference == null ? null : GrammarUtil.getReference(crossReference);
        if (reference == null || reference.getEReferenceType() != FlowPackage.Literals.GATE_DEF) {
            return Optional.empty();
        }
        EObject owner = NodeModelUtils.findActualSemanticObjectFor(node);
        if (owner == null || !unresolved(owner, node)) {
            return Optional.empty();
        }
        String name = linking.getCrossRefNodeAsString(node, true);
        return Optional.ofNullable(visibleFrom(owner).get(name))
                .map(gate -> new Reference(gate, node.getOffset(), node.getLength()));
    }

    /** Whether the reference written at {@code node} found nothing in Flow. */
    private boolean unresolved(EObject owner, INode node) {
        EObject target = offsets.getCrossReferencedElement(node);
        return target == null || target.eIsProxy() && EcoreUtil.resolve(target, owner).eIsProxy();
    }
}

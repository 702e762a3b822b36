package dev.flow.dsl.resource;

import dev.flow.dsl.flow.FlowFile;
import org.eclipse.emf.ecore.InternalEObject;
import org.eclipse.xtext.linking.lazy.LazyLinkingResource;
import org.eclipse.xtext.util.CancelIndicator;

/**
 * Xtext's resource, unloaded in time linear in the size of the file. EMF turns every element of an
 * unloaded resource into a proxy, computing a URI fragment for each (an index lookup in its
 * containing list: quadratic in the number of nodes of a workflow, seconds at 20,000 nodes, paid
 * by the language server after every edit). Only what another file can refer to needs a proxy:
 * the file and its top-level workflows, gates and agents; references inside a file point into the
 * same resource and go away with it.
 */
public class FlowResource extends LazyLinkingResource {

    @Override
    protected void unloaded(InternalEObject object) {
        // Inner elements keep their adapters too: they become garbage with the resource.
        if (object instanceof FlowFile || object.eContainer() instanceof FlowFile) {
            super.unloaded(object);
        }
    }

    /**
     * Xtext's builder resolves every reference of a file after each edit, before validating it, to
     * report those that do not resolve: a fifth of an edit's time in the language server. Flow
     * reports unknown names through its checker (linking diagnostics are silent, and its validator
     * resolves nothing ahead either: {@link dev.flow.dsl.validation.FlowResourceValidator}); its
     * checks, its compiler and the editor's features resolve what they read, when they read it;
     * the references another file may need (gates, agents, workflows) are resolved for the index by
     * {@link FlowResourceDescriptionStrategy}.
     */
    @Override
    public void resolveLazyCrossReferences(CancelIndicator monitor) {
        // resolved when read
    }
}

package dev.flow.dsl.resource;

import dev.flow.dsl.flow.FlowFile;
import org.eclipse.emf.ecore.InternalEObject;
import org.eclipse.xtext.linking.lazy.LazyLinkingResource;

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
}

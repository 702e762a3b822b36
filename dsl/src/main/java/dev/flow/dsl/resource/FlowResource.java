package dev.flow.dsl.resource;

import dev.flow.dsl.flow.FlowFile;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import org.eclipse.emf.common.util.AbstractTreeIterator;
import org.eclipse.emf.common.util.TreeIterator;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.InternalEObject;
import org.eclipse.xtext.linking.lazy.LazyLinkingResource;
import org.eclipse.xtext.util.CancelIndicator;

/**
 * Xtext's resource, unloaded without visiting every element of the file (the language server
 * unloads the previous version of a file after every edit). EMF turns every element of an unloaded
 * resource into a proxy, computing a URI fragment for each (an index lookup in its containing list:
 * quadratic in the number of nodes of a workflow, seconds at 20,000 nodes). Only what another file
 * can refer to needs a proxy: the file and its top-level workflows, gates and agents; references
 * inside a file point into the same resource and go away with it.
 */
public class FlowResource extends LazyLinkingResource {

    @Override
    protected void unloaded(InternalEObject object) {
        if (object instanceof FlowFile || object.eContainer() instanceof FlowFile) {
            if (!object.eIsProxy()) {
                object.eSetProxyURI(uri.appendFragment(getURIFragment(object)));
            }
            // EMF also clears the element's adapters here. Removing Xtext's cache adapter (a content
            // adapter) from an element walks its whole subtree to detach it from each child: the
            // adapters stay, and go with the elements, as the inner elements' always did.
        }
    }

    /**
     * What {@link #doUnload()} calls {@link #unloaded} for: the file and its top-level elements, the
     * only ones that become proxies. EMF's own iterator visits every element of the file.
     */
    @Override
    protected TreeIterator<EObject> getAllProperContents(List<EObject> contents) {
        if (contents != unloadingContents) {
            return super.getAllProperContents(contents);
        }
        return new AbstractTreeIterator<>(contents, false) {
            @Override
            protected Iterator<? extends EObject> getChildren(Object object) {
                if (object == contents) {
                    return contents.iterator();
                }
                return object instanceof FlowFile file ? file.eContents().iterator() : Collections.emptyIterator();
            }
        };
    }

    /**
     * Clearing the contents notifies Xtext's cache adapter, which then walks every element of the
     * file to detach itself: a tenth of an edit in the language server at 2,000 nodes. The old
     * elements become garbage (or proxies) with the unloaded resource, so the walk is skipped. The
     * cache is still emptied: {@link #unload()} notifies the resource's adapters that it is no
     * longer loaded after this returns.
     */
    @Override
    protected void doUnload() {
        boolean deliver = eDeliver();
        eSetDeliver(false);
        try {
            super.doUnload();
        } finally {
            eSetDeliver(deliver);
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

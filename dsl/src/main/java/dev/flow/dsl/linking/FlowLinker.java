package dev.flow.dsl.linking;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.xtext.linking.lazy.LazyLinker;

/**
 * Xtext's lazy linker, without the empty clearing of a file just parsed. Before it installs the
 * proxies, the linker unsets every cross-reference of every element, which matters only when a
 * model is linked again; on a fresh parse nothing is set, and each unset still sent a notification
 * to every adapter of the element (about a sixth of EMF's notifications in an edit of 20,000 nodes).
 * A reference that is set is cleared as before.
 */
public class FlowLinker extends LazyLinker {
    @Override
    protected void clearReference(EObject obj, EReference ref) {
        if (obj.eIsSet(ref)) {
            super.clearReference(obj, ref);
        }
    }
}

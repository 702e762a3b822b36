package dev.flow.dsl.resource;

import java.util.Collection;
import java.util.Set;
import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.resource.IResourceDescription;
import org.eclipse.xtext.resource.IResourceDescriptions;
import org.eclipse.xtext.resource.impl.DefaultResourceDescriptionManager;

/**
 * Decides which files to check again when others change: besides Xtext's rule (a file that used a
 * name whose export changed), every file that imports a changed file. A workflow's checks read the
 * whole of the libraries it imports (a gate's command, timeout and severity), so an edit to a gate
 * library re-checks each workflow that imports it, even when no name changed.
 */
public class FlowResourceDescriptionManager extends DefaultResourceDescriptionManager {

    @Override
    public boolean isAffected(Collection<IResourceDescription.Delta> deltas, IResourceDescription candidate, IResourceDescriptions context) {
        Set<URI> imported = ImportedFiles.of(candidate);
        if (!imported.isEmpty()) {
            for (IResourceDescription.Delta delta : deltas) {
                if (imported.contains(delta.getUri())) {
                    return true;
                }
            }
        }
        return super.isAffected(deltas, candidate, context);
    }
}

package dev.flow.dsl.resource;

import dev.flow.dsl.flow.AgentDef;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.flow.GateDef;
import dev.flow.dsl.flow.Workflow;
import java.util.List;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.eclipse.xtext.resource.impl.DefaultResourceDescriptionStrategy;
import org.eclipse.xtext.util.IAcceptor;

/**
 * What a file offers to the files that import it: its top-level workflows, gates and agents. Nodes,
 * variables and the gates and agents declared inside a workflow stay private to that workflow. The
 * file's own entry records what it imports ({@link ImportedFiles}), so that the files that import
 * a library are checked again when it changes ({@link FlowResourceDescriptionManager}).
 */
public class FlowResourceDescriptionStrategy extends DefaultResourceDescriptionStrategy {

    @Override
    public boolean createEObjectDescriptions(EObject eObject, IAcceptor<IEObjectDescription> acceptor) {
        if (eObject instanceof FlowFile file) {
            acceptor.accept(ImportedFiles.describe(file));
            return true;
        }
        if (eObject.eContainer() instanceof FlowFile
                && (eObject instanceof Workflow || eObject instanceof GateDef || eObject instanceof AgentDef)) {
            super.createEObjectDescriptions(eObject, acceptor);
        }
        return false;
    }

    /**
     * Only references that can cross a file go into the index; Xtext's strategy would look at every
     * reference of every element (each node's edges, each expression's names) after every edit,
     * only to find them local.
     */
    @Override
    protected boolean isIndexable(org.eclipse.emf.ecore.EReference reference) {
        return super.isIndexable(reference) && CrossFileReferences.crosses(reference);
    }

    /**
     * References into other files (to gates, agents and workflows; nothing else can cross a file)
     * are resolved here so that the index records them for find references and rename; Xtext's
     * strategy only records references that something resolved before.
     */
    @Override
    public boolean createReferenceDescriptions(EObject from, org.eclipse.emf.common.util.URI exportedContainerURI,
            IAcceptor<org.eclipse.xtext.resource.IReferenceDescription> acceptor) {
        for (org.eclipse.emf.ecore.EReference reference : from.eClass().getEAllReferences()) {
            if (CrossFileReferences.crosses(reference) && from.eIsSet(reference)) {
                Object value = from.eGet(reference, true);
                if (value instanceof List<?> list) {
                    for (int i = 0; i < list.size(); i++) {
                        list.get(i); // resolves the element
                    }
                }
            }
        }
        super.createReferenceDescriptions(from, exportedContainerURI, acceptor);
        // false: the walk skips what this element contains, when nothing there can refer into another file
        return CrossFileReferences.mayHold(from.eClass());
    }
}

package dev.flow.lsp.workspace;

import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.WorkspaceManager;
import org.eclipse.xtext.resource.XtextResource;

/** Xtext's workspace, handing every request a document that takes positions past the text ({@link LenientDocument}). */
public class FlowWorkspaceManager extends WorkspaceManager {

    @Override
    protected Document getDocument(XtextResource resource) {
        return new LenientDocument(super.getDocument(resource));
    }
}

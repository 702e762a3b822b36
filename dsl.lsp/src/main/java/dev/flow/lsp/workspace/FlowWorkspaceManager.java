package dev.flow.lsp.workspace;

import com.google.inject.Inject;
import com.google.inject.Singleton;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.xtext.ide.server.BuildManager.Buildable;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.ProjectManager;
import org.eclipse.xtext.ide.server.WorkspaceManager;
import org.eclipse.xtext.resource.IReferenceDescription;
import org.eclipse.xtext.resource.IResourceDescription;
import org.eclipse.xtext.resource.XtextResource;

/**
 * Xtext's workspace, handing every request a document that takes positions past the text
 * ({@link LenientDocument}), and applying an editor's edits to the open file's model in place
 * ({@link EditsInPlace}) rather than having the build load it again. One per server (Xtext's
 * language server is its only user; a second instance would be a second, empty workspace).
 */
@Singleton
public class FlowWorkspaceManager extends WorkspaceManager {
    @Inject
    private EditsInPlace edits;

    @Override
    protected Document getDocument(XtextResource resource) {
        return new LenientDocument(super.getDocument(resource));
    }

    @Override
    public Buildable didOpen(URI uri, Integer version, String contents) {
        edits.forget(uri);
        return super.didOpen(uri, version, contents);
    }

    @Override
    public Buildable didClose(URI uri) {
        edits.forget(uri);
        return super.didClose(uri);
    }

    /**
     * Xtext's handling of an edit (the document changes, the build is asked for), with the edit
     * applied to the file's model first when that model is loaded and has the document's text.
     * Runs before the build, with no request reading the model at the same time (Xtext's
     * request manager runs a change alone).
     */
    @Override
    public Buildable didChangeTextDocumentContent(URI uri, Integer version, Iterable<TextDocumentContentChangeEvent> changes) {
        edits.forget(uri);
        XtextResource model = editableModel(uri);
        Document before = model == null ? null : super.getDocument(model);
        Buildable build = super.didChangeTextDocumentContent(uri, version, changes);
        if (before != null && edits.apply(model, before, changes, super.getDocument(model).getContents())) {
            edits.remember(uri, model);
        }
        return build;
    }

    /**
     * The open document's model, if it can take an edit in place: loaded, with the document's text,
     * and not referred to from another file (whose references might hold elements the partial parse
     * replaces; a full load turns those into proxies that resolve again).
     */
    private XtextResource editableModel(URI uri) {
        ProjectManager project = isDocumentOpen(uri) ? getProjectManager(uri) : null;
        if (project == null || project.getResourceSet() == null) {
            return null;
        }
        Resource resource = project.getResourceSet().getResource(uri, false);
        if (!(resource instanceof XtextResource model) || !model.isLoaded() || model.getParseResult() == null
                || !model.getParseResult().getRootNode().getText().equals(super.getDocument(model).getContents())
                || referredToFromElsewhere(uri)) {
            return null;
        }
        return model;
    }

    private boolean referredToFromElsewhere(URI uri) {
        for (IResourceDescription other : getIndex().getAllResourceDescriptions()) {
            if (!other.getURI().equals(uri)) {
                for (IReferenceDescription reference : other.getReferenceDescriptions()) {
                    if (uri.equals(reference.getTargetEObjectUri().trimFragment())) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}

package dev.flow.lsp.workspace;

import com.google.inject.Inject;
import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.build.BuildRequest;
import org.eclipse.xtext.build.IncrementalBuilder;

/**
 * Xtext's build, except that it keeps the model of a document that {@link EditsInPlace} brought
 * up to date with its last edit, where Xtext unloads every changed file and loads it again.
 *
 * <p>Only when that document is all the build is about (one changed file, none deleted). A build
 * of several changes loads them all: another file's new model may be what this one's references
 * should now resolve to. The model kept has already been linked anew by its partial parse, so its
 * references resolve in this build like those of a model just loaded.
 */
public class KeepingIncrementalBuilder extends IncrementalBuilder.InternalStatefulIncrementalBuilder {
    @Inject
    private EditsInPlace edits;

    /** The changed file whose model this build keeps; null when it keeps none. */
    private URI kept;

    @Override
    public IncrementalBuilder.Result launch() {
        BuildRequest request = getRequest();
        if (request.getDeletedFiles().isEmpty() && request.getDirtyFiles().size() == 1) {
            URI changed = request.getDirtyFiles().get(0);
            if (edits.isUpToDate(changed, request.getResourceSet().getResource(changed, false))) {
                kept = changed;
            }
        }
        return super.launch();
    }

    @Override
    protected void unloadResource(URI uri) {
        if (uri.equals(kept)) {
            kept = null; // Xtext unloads a changed file once; any later unload of it is another reason's
            return;
        }
        super.unloadResource(uri);
    }
}

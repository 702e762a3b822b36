package dev.flow.dsl.ide.rename;

import dev.flow.dsl.flow.Output;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.lsp4j.PrepareRenameDefaultBehavior;
import org.eclipse.lsp4j.PrepareRenameParams;
import org.eclipse.lsp4j.PrepareRenameResult;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.Either3;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.rename.RenameService2;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;

/**
 * Xtext's rename, with two fixes. An output's name is not offered for renaming: Xtext's serializer
 * finds no context to write an {@code Output} in and the rename failed as an internal error
 * (-32603); now {@code prepareRename} answers null there, as anywhere nothing can be renamed, and a
 * rename that fails anyway is refused with a message (-32803) instead of an internal error. And
 * renames run one at a time: the serializer fills its caches on first use without locking, and
 * several first renames at once had failed with a NullPointerException. Renames are rare and
 * quick, so taking turns costs nothing an author notices.
 */
public class FlowRenameService extends RenameService2 {
    private static final Object TURN = new Object();

    @Override
    public WorkspaceEdit rename(Options options) {
        synchronized (TURN) {
            try {
                return super.rename(options);
            } catch (ResponseErrorException e) {
                throw e;
            } catch (Exception e) { // Xtext rethrows a checked ExecutionException unchecked
                var at = options.getRenameParams().getPosition();
                throw new ResponseErrorException(new ResponseError(ResponseErrorCode.RequestFailed, "the name at line " + (at.getLine() + 1)
                        + ", column " + (at.getCharacter() + 1) + " cannot be renamed", null));
            }
        }
    }

    @Override
    protected Either3<Range, PrepareRenameResult, PrepareRenameDefaultBehavior> doPrepareRename(Resource resource, Document document,
            PrepareRenameParams params, CancelIndicator cancelIndicator) {
        if (resource instanceof XtextResource xtext) {
            EObject element = getElementWithIdentifierAt(xtext, document.getOffSet(params.getPosition()));
            if (element instanceof Output) {
                return null; // the serializer cannot write an output: see the class's comment
            }
        }
        return super.doPrepareRename(resource, document, params, cancelIndicator);
    }
}

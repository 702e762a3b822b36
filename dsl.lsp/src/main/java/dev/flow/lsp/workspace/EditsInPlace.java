package dev.flow.lsp.workspace;

import com.google.inject.Singleton;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.resource.XtextResource;

/**
 * An editor's incremental changes applied to the open document's model where it is, through
 * Xtext's partial parser ({@link XtextResource#update}): only the element around each change is
 * parsed again, and the rest of the model, with its node model, stays. Xtext's language server
 * would otherwise unload the file at every keystroke and build its whole model anew, which in a
 * file of 20,000 nodes is most of an edit's time and of the memory the collector copies.
 *
 * <p>Remembers, for each open document, the model that was brought up to date with its last
 * edit, so that the build keeps that model instead of loading the file again
 * ({@link KeepingIncrementalBuilder}). Anything else that changes a document (opening it,
 * closing it, an edit that could not be applied here) forgets it, and the build loads the file as
 * Xtext always does.
 */
@Singleton
public final class EditsInPlace {
    private final Map<URI, Resource> upToDate = new ConcurrentHashMap<>();

    /**
     * Applies the changes, made to {@code before}, to the model, whose text must be {@code before}'s;
     * true when the model's text is then {@code after}. False leaves the model in any state: the build
     * loads it again. A change that replaces the whole text is not applied (a fresh parse costs the same).
     */
    boolean apply(XtextResource model, Document before, Iterable<TextDocumentContentChangeEvent> changes, String after) {
        Document document = before;
        try {
            for (var each = changes.iterator(); each.hasNext();) {
                TextDocumentContentChangeEvent change = each.next();
                Range range = change.getRange();
                if (range == null) {
                    return false;
                }
                int start = document.getOffSet(range.getStart());
                int end = document.getOffSet(range.getEnd());
                if (end < start) {
                    return false;
                }
                model.update(start, end - start, change.getText());
                if (each.hasNext()) {
                    document = document.applyTextDocumentChanges(List.of(change)); // the next change's positions are in this text
                }
            }
            return model.getParseResult() != null && model.getParseResult().getRootNode().getText().equals(after);
        } catch (RuntimeException e) {
            // a position the document does not have, or a partial parse that failed: the build parses the whole text
            return false;
        }
    }

    /** Records that the model of this document is up to date with its text. */
    void remember(URI uri, Resource model) {
        upToDate.put(uri, model);
    }

    /** Forgets the document's model: the next build loads it again. */
    void forget(URI uri) {
        upToDate.remove(uri);
    }

    /** Whether this model, the one the build has for the document, is up to date with the document's text. */
    boolean isUpToDate(URI uri, Resource model) {
        return model != null && upToDate.get(uri) == model;
    }
}

package dev.flow.dsl.ide.symbols;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.resource.EObjectAtOffsetHelper;
import org.eclipse.xtext.resource.XtextResource;

/**
 * The element a position names, for go to definition, references and rename: none where the text
 * holds a token that belongs to no element (a brace or keyword outside any workflow, in text the
 * parser gave up on), where Xtext's helper failed with a NullPointerException.
 */
public class NamedElementAtOffset extends EObjectAtOffsetHelper {

    @Override
    public EObject getElementWithNameAt(XtextResource resource, int offset) {
        if (resource == null || offset < 0 || resource.getParseResult() == null) {
            return null;
        }
        if (resolveCrossReferencedElementAt(resource, offset) == null && resolveElementAt(resource, offset) == null) {
            return null;
        }
        return super.getElementWithNameAt(resource, offset);
    }
}

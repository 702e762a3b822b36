package dev.flow.dsl.ide.formatting;

import java.util.List;
import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.DocumentRangeFormattingParams;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.formatting.FormattingService;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;

/**
 * Formatting leaves text with syntax errors as it is: the formatter lays out a syntax tree, and the
 * parser's recovery from an error yields a partial one on which Xtext's formatter fails (internal
 * errors) or would move text the author is still typing. Formatting resumes once the text parses.
 * Text of nothing but comments is left alone too (Xtext's formatter fails on it).
 */
public class FlowFormattingService extends FormattingService {

    @Override
    public List<? extends TextEdit> format(Document document, XtextResource resource, DocumentFormattingParams params,
            CancelIndicator cancelIndicator) {
        return parses(resource) ? super.format(document, resource, params, cancelIndicator) : List.of();
    }

    @Override
    public List<? extends TextEdit> format(Document document, XtextResource resource, DocumentRangeFormattingParams params,
            CancelIndicator cancelIndicator) {
        return parses(resource) ? super.format(document, resource, params, cancelIndicator) : List.of();
    }

    /** Text that parses and holds at least one token: only comments and blanks give the formatter nothing to stand on. */
    private static boolean parses(XtextResource resource) {
        var result = resource == null ? null : resource.getParseResult();
        if (result == null || result.hasSyntaxErrors() || result.getRootASTElement() == null) {
            return false;
        }
        for (var leaf : result.getRootNode().getLeafNodes()) {
            if (!leaf.isHidden()) {
                return true;
            }
        }
        return false;
    }
}

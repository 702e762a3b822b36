package dev.flow.dsl.validation.checks;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.compiler.SourceRefs;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.resource.XtextSyntaxDiagnostic;

/**
 * A resource's first syntax error (FLOW001, with the parser's readable message) as a diagnostic.
 * Only the first: the parser recovers by skipping what it cannot place, and what it says after that
 * mostly follows from the first mistake ({@code timeoutx 1d} closes the block early, and every line
 * after it is "unexpected"); once the first is fixed the next real one shows.
 */
public final class SyntaxErrors {
    private SyntaxErrors() {}

    public static List<Diagnostic> of(Resource resource, SourceRefs positions) {
        var out = new ArrayList<Diagnostic>();
        first(resource).ifPresent(syntax -> out.add(Diagnostic.of(Code.SYNTAX_ERROR, syntax.getMessage(),
                positions.range(resource, syntax.getOffset(), syntax.getOffset() + syntax.getLength()))));
        return out;
    }

    /** The syntax error that comes first in the text. */
    public static Optional<XtextSyntaxDiagnostic> first(Resource resource) {
        return resource.getErrors().stream().filter(XtextSyntaxDiagnostic.class::isInstance).map(XtextSyntaxDiagnostic.class::cast)
                .min(Comparator.comparingInt(XtextSyntaxDiagnostic::getOffset));
    }

    /** Whether any of the diagnostics says the text could not be read (syntax errors, refused nesting). */
    public static boolean blockCompilation(List<Diagnostic> diagnostics) {
        return diagnostics.stream().anyMatch(d -> d.code() == Code.SYNTAX_ERROR || d.code() == Code.INPUT_TOO_LARGE);
    }
}

package dev.flow.dsl.validation.checks;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.compiler.SourceRefs;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.resource.XtextSyntaxDiagnostic;

/** A resource's syntax errors (FLOW001, with the parser's readable messages) as diagnostics. */
public final class SyntaxErrors {
    private SyntaxErrors() {}

    public static List<Diagnostic> of(Resource resource, SourceRefs positions) {
        var out = new ArrayList<Diagnostic>();
        for (Resource.Diagnostic error : resource.getErrors()) {
            if (error instanceof XtextSyntaxDiagnostic syntax) {
                out.add(Diagnostic.of(Code.SYNTAX_ERROR, syntax.getMessage(),
                        positions.range(resource, syntax.getOffset(), syntax.getOffset() + syntax.getLength())));
            }
        }
        return out;
    }

    /** Whether any of the diagnostics says the text could not be read (syntax errors, refused nesting). */
    public static boolean blockCompilation(List<Diagnostic> diagnostics) {
        return diagnostics.stream().anyMatch(d -> d.code() == Code.SYNTAX_ERROR || d.code() == Code.INPUT_TOO_LARGE);
    }
}

package dev.flow.dsl.validation;

import com.google.inject.Inject;
import java.util.Map;
import org.eclipse.emf.common.util.DiagnosticChain;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EValidator;
import org.eclipse.xtext.validation.CancelableDiagnostician;

/**
 * Validates a file's root only. Every check of the language starts from the file
 * ({@link FlowValidator#checkFile}: the checker needs the whole graph, and the language checks
 * walk what they read), so EMF's descent into every element found no check to run and cost a walk
 * of the whole model, with a validator lookup per element, on every edit. {@code
 * FlowValidatorShapeTest} keeps every {@code @Check} method on the file.
 */
public class FileDiagnostician extends CancelableDiagnostician {

    @Inject
    public FileDiagnostician(EValidator.Registry registry) {
        super(registry);
    }

    @Override
    protected boolean doValidateContents(EObject object, DiagnosticChain diagnostics, Map<Object, Object> context) {
        return true;
    }
}

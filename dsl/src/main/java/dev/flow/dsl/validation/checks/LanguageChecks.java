package dev.flow.dsl.validation.checks;

import com.google.inject.Inject;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.compiler.SourceRefs;
import dev.flow.dsl.flow.FlowFile;
import java.util.ArrayList;
import java.util.List;

/**
 * Every language-only check, in one explicit list. The editor's validator and the command line's
 * front end both run exactly these, so that they report the same problems at the same places.
 */
public final class LanguageChecks {

    private final List<LanguageCheck> checks;

    @Inject
    public LanguageChecks(ImportCheck imports) {
        this.checks = List.of(
                imports,
                new DuplicatePropertyCheck(),
                new EdgeNameCheck(),
                new ConstantListCheck(),
                new WaitForCheck(),
                new SessionCheck(),
                new OutputsOfCheck(),
                new SupervisorOutputsCheck());
    }

    public List<Diagnostic> check(FlowFile file, SourceRefs positions) {
        var out = new ArrayList<Diagnostic>();
        if (file != null) {
            for (LanguageCheck check : checks) {
                check.check(file, positions, out::add);
            }
        }
        return out;
    }
}

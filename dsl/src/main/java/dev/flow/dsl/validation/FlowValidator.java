package dev.flow.dsl.validation;

import com.google.inject.Inject;
import com.google.inject.Provider;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.compiler.FlowCompiler;
import dev.flow.dsl.compiler.SourceNames;
import dev.flow.dsl.compiler.SourceRefs;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.validation.checks.LanguageChecks;
import dev.flow.dsl.validation.checks.SyntaxErrors;
import dev.flow.model.FlowGraph;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.eclipse.xtext.validation.Check;

/**
 * What the editor reports beyond syntax errors: the language-only checks (FLOW005-FLOW008, FLOW201
 * for {@code outputs of}, FLOW209 and the syntax errors of imported files), and every diagnostic of
 * the shared checker on every workflow of the file, placed by {@link IssueMapping}. The command
 * line's {@link dev.flow.dsl.frontend.FlowFrontEnd} runs the same checks, so both report the same
 * codes at the same positions.
 */
public class FlowValidator extends AbstractFlowValidator {

    @Inject
    private LanguageChecks languageChecks;

    @Inject
    private GraphChecker checker;

    @Inject
    private Provider<FlowCompiler> compilers;

    @Check
    public void checkLanguageRules(FlowFile file) {
        SourceNames names = SourceNames.byUri();
        for (Diagnostic d : languageChecks.check(file, new SourceRefs(names))) {
            IssueMapping.report(d, file, names, getMessageAcceptor());
        }
    }

    /**
     * Compiles each workflow of the file and shows what the checker finds, each problem once (a
     * workflow called by another is checked with its caller and on its own). Waits until the file
     * and its libraries parse: the checker's view of a half-parsed file would mislead.
     */
    @Check
    public void checkWorkflowGraphs(FlowFile file) {
        if (!file.eResource().getErrors().isEmpty()) {
            return;
        }
        SourceNames names = SourceNames.byUri();
        if (SyntaxErrors.blockCompilation(languageChecks.check(file, new SourceRefs(names)))) {
            return;
        }
        for (Diagnostic d : graphDiagnostics(file, names)) {
            IssueMapping.report(d, file, names, getMessageAcceptor());
        }
    }

    private List<Diagnostic> graphDiagnostics(FlowFile file, SourceNames names) {
        var seen = new LinkedHashSet<List<Object>>();
        var out = new ArrayList<Diagnostic>();
        for (FlowGraph graph : compilers.get().compileEach(file, names)) {
            for (Diagnostic d : checker.check(graph)) {
                var s = d.source();
                if (seen.add(List.of(d.code(), s.file(), s.offset(), s.length(), d.message()))) {
                    out.add(d);
                }
            }
        }
        return out;
    }
}

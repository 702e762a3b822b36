package dev.flow.dsl.validation;

import com.google.inject.Inject;
import com.google.inject.Provider;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.compiler.FlowCompiler;
import dev.flow.dsl.naming.SourceNames;
import dev.flow.dsl.compiler.SourceRefs;
import dev.flow.dsl.scoping.SyntaxTree;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.validation.checks.LanguageChecks;
import dev.flow.dsl.validation.checks.SyntaxErrors;
import dev.flow.model.FlowGraph;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
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

    /**
     * The language-only checks, then, once the file and its libraries parse (the checker's view of
     * a half-parsed file would mislead), what the checker finds in each workflow of the file, each
     * problem once (a workflow called by another is checked with its caller and on its own). One
     * method, so that the language checks run once per validation: they also decide whether the
     * graphs can be compiled.
     */
    @Check
    public void checkFile(FlowFile file) {
        SourceNames names = SourceNames.byUri();
        // One set of positions for the language checks and the compiler: both ask for the same elements' text.
        var positions = new SourceRefs(names);
        List<Diagnostic> language = languageChecks.check(file, positions);
        for (Diagnostic d : language) {
            IssueMapping.report(d, file, names, getMessageAcceptor());
        }
        if (!file.eResource().getErrors().isEmpty() || SyntaxErrors.blockCompilation(language)) {
            return;
        }
        for (Diagnostic d : dev.flow.check.Cascades.without(graphDiagnostics(file, positions), language, Set.of())) {
            IssueMapping.report(d, file, names, getMessageAcceptor());
        }
    }

    private List<Diagnostic> graphDiagnostics(FlowFile file, SourceRefs positions) {
        var seen = new LinkedHashSet<List<Object>>();
        var out = new ArrayList<Diagnostic>();
        FlowCompiler compiler = compilers.get();
        if (SyntaxTree.topLevel(file, dev.flow.dsl.flow.Workflow.class).isEmpty()) {
            // a gate library: no workflow to check, but its definitions are checked as a user's would be
            return compiler.libraryProblems(file, positions);
        }
        for (FlowGraph graph : compiler.compileEach(file, positions)) {
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

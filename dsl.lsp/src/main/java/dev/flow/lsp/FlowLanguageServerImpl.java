package dev.flow.lsp;

import com.google.inject.Inject;
import com.google.inject.name.Named;
import dev.flow.dsl.ide.diagnostics.LspDiagnostics;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.xtext.ide.server.LanguageServerImpl;
import org.eclipse.xtext.validation.Issue;

/** Xtext's language server, publishing diagnostics with Flow's codes, links and related locations. */
class FlowLanguageServerImpl extends LanguageServerImpl {
    private LspDiagnostics diagnostics;

    @Inject
    void setDiagnosticsDocs(@Named(FlowServerModule.DOCS) String docs) {
        this.diagnostics = new LspDiagnostics(docs);
    }

    @Override
    protected Diagnostic toDiagnostic(Issue issue) {
        return diagnostics.complete(super.toDiagnostic(issue), issue);
    }
}

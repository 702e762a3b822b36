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

    /**
     * Where the workspace is: the client's root, else (a client that names none, as some editors do
     * for a single file) the folder the server was started in, instead of failing the initialization.
     */
    @Override
    @SuppressWarnings("deprecation")
    protected org.eclipse.emf.common.util.URI getBaseDir(org.eclipse.lsp4j.InitializeParams params) {
        var dir = super.getBaseDir(params);
        return dir != null ? dir : org.eclipse.emf.common.util.URI.createURI(java.nio.file.Path.of("").toAbsolutePath().toUri().toString());
    }

    @Override
    protected Diagnostic toDiagnostic(Issue issue) {
        return diagnostics.complete(super.toDiagnostic(issue), issue);
    }
}

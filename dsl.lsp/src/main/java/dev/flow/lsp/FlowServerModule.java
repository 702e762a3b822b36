package dev.flow.lsp;

import com.google.inject.AbstractModule;
import com.google.inject.name.Names;
import org.eclipse.xtext.ide.server.ILanguageServerShutdownAndExitHandler;
import org.eclipse.xtext.ide.server.LanguageServerImpl;
import org.eclipse.xtext.ide.server.ServerModule;

/** Xtext's server wiring with Flow's diagnostics and exit behaviour. */
final class FlowServerModule extends AbstractModule {
    /** The name of the binding that holds the diagnostics catalog's address. */
    static final String DOCS = "flow.diagnostics.docs";

    private final String docs;
    private final ExitOnRequest exit;

    FlowServerModule(String docs, ExitOnRequest exit) {
        this.docs = docs;
        this.exit = exit;
    }

    @Override
    protected void configure() {
        install(new ServerModule());
        bind(LanguageServerImpl.class).to(FlowLanguageServerImpl.class);
        bind(ILanguageServerShutdownAndExitHandler.class).toInstance(exit);
        bind(String.class).annotatedWith(Names.named(DOCS)).toInstance(docs);
    }
}

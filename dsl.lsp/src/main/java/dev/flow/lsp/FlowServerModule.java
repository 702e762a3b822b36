package dev.flow.lsp;

import com.google.inject.AbstractModule;
import com.google.inject.name.Names;
import com.google.inject.util.Modules;
import dev.flow.lsp.workspace.FlowSourceRegistry;
import dev.flow.lsp.workspace.FlowWorkspaceManager;
import dev.flow.lsp.workspace.KeepingIncrementalBuilder;
import dev.flow.lsp.workspace.WorkspaceScanner;
import org.eclipse.xtext.build.IncrementalBuilder;
import org.eclipse.xtext.resource.IResourceServiceProvider;
import org.eclipse.xtext.util.IFileSystemScanner;
import org.eclipse.xtext.ide.server.ILanguageServerShutdownAndExitHandler;
import org.eclipse.xtext.ide.server.LanguageServerImpl;
import org.eclipse.xtext.ide.server.ServerModule;
import org.eclipse.xtext.ide.server.WorkspaceManager;

/** Xtext's server wiring with Flow's diagnostics, exit behaviour and idea of which files are workflows. */
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
        // Xtext's server, with the languages narrowed to Flow's own files (not api.js.flow, not a folder)
        install(Modules.override(new ServerModule()).with(binder -> binder.bind(IResourceServiceProvider.Registry.class)
                .toProvider(FlowSourceRegistry.Loader.class)));
        bind(IFileSystemScanner.class).to(WorkspaceScanner.class);
        bind(WorkspaceManager.class).to(FlowWorkspaceManager.class);
        bind(IncrementalBuilder.InternalStatefulIncrementalBuilder.class).to(KeepingIncrementalBuilder.class);
        bind(LanguageServerImpl.class).to(FlowLanguageServerImpl.class);
        bind(ILanguageServerShutdownAndExitHandler.class).toInstance(exit);
        bind(String.class).annotatedWith(Names.named(DOCS)).toInstance(docs);
    }
}

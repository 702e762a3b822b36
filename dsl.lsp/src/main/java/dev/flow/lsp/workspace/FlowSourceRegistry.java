package dev.flow.lsp.workspace;

import com.google.inject.Inject;
import com.google.inject.Provider;
import com.google.inject.Singleton;
import dev.flow.frontend.WorkflowFiles;
import java.util.Map;
import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.resource.IResourceServiceProvider;
import org.eclipse.xtext.resource.ResourceServiceProviderServiceLoader;

/**
 * The languages the server serves, by file: Flow for {@code NAME.flow} files, and nothing for the
 * other tools' files that also end in {@code .flow} (Facebook Flow's {@code api.js.flow}, the
 * {@code .flow} folder of runs) or for a folder's URI. With no language for a file, Xtext neither
 * builds it nor answers requests about it, whoever asks: the workspace scan, a file watcher, or an
 * editor that opens it because its name ends in {@code .flow}.
 */
public final class FlowSourceRegistry implements IResourceServiceProvider.Registry {
    private final IResourceServiceProvider.Registry languages;

    FlowSourceRegistry(IResourceServiceProvider.Registry languages) {
        this.languages = languages;
    }

    /** Whether the server takes this URI for a Flow file. */
    static boolean isFlowFile(URI uri) {
        String name = uri.lastSegment();
        return name != null && WorkflowFiles.isFlowSource(URI.decode(name));
    }

    private static boolean refused(URI uri) {
        return uri == null || uri.hasTrailingPathSeparator() || ("flow".equalsIgnoreCase(uri.fileExtension()) && !isFlowFile(uri));
    }

    @Override
    public IResourceServiceProvider getResourceServiceProvider(URI uri, String contentType) {
        return refused(uri) ? null : languages.getResourceServiceProvider(uri, contentType);
    }

    @Override
    public IResourceServiceProvider getResourceServiceProvider(URI uri) {
        return refused(uri) ? null : languages.getResourceServiceProvider(uri);
    }

    @Override
    public Map<String, Object> getContentTypeToFactoryMap() {
        return languages.getContentTypeToFactoryMap();
    }

    @Override
    public Map<String, Object> getExtensionToFactoryMap() {
        return languages.getExtensionToFactoryMap();
    }

    @Override
    public Map<String, Object> getProtocolToFactoryMap() {
        return languages.getProtocolToFactoryMap();
    }

    /** The languages Xtext finds on the class path (as its server module does), narrowed to Flow's files. */
    @Singleton
    public static final class Loader implements Provider<IResourceServiceProvider.Registry> {
        private final IResourceServiceProvider.Registry registry;

        @Inject
        Loader(ResourceServiceProviderServiceLoader languages) {
            this.registry = new FlowSourceRegistry(languages.get());
        }

        @Override
        public IResourceServiceProvider.Registry get() {
            return registry;
        }
    }
}

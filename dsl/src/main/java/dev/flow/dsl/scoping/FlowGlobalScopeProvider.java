package dev.flow.dsl.scoping;

import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.flow.Import;
import dev.flow.dsl.imports.ImportPaths;
import java.util.LinkedHashSet;
import java.util.Set;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.scoping.impl.ImportUriGlobalScopeProvider;
import org.eclipse.xtext.util.IAcceptor;

/**
 * What a file sees beyond itself: the top-level gates, agents and workflows of the {@code .flow}
 * files it imports (paths relative to the importing file), and the built-in library. Imports of
 * other kinds (a {@code gates.yaml} registry) are not Xtext resources: the compiler reads them
 * through {@link dev.flow.dsl.imports.LibraryReader}.
 */
public class FlowGlobalScopeProvider extends ImportUriGlobalScopeProvider {

    /**
     * The file's imports, read where the grammar allows them (at the top of the file), not by
     * Xtext's walk of every element: that walk was cached only until the next reference resolved,
     * so the language server walked the whole file again for many of the references after an edit.
     */
    @Override
    protected LinkedHashSet<URI> getImportedUris(Resource resource) {
        var uris = new LinkedHashSet<URI>();
        IAcceptor<String> collector = createURICollector(resource, uris);
        for (EObject root : resource.getContents()) {
            if (root instanceof FlowFile file) {
                for (Import i : file.getImports()) {
                    if (i.getImportURI() != null) {
                        collector.accept(i.getImportURI());
                    }
                }
            }
        }
        if (!BuiltinLibrary.isBuiltin(resource)) {
            uris.add(BuiltinLibrary.uri());
        }
        return uris;
    }

    @Override
    protected IAcceptor<String> createURICollector(Resource resource, Set<URI> collectInto) {
        return written -> {
            URI uri = ImportPaths.resolve(written, resource.getURI());
            if (uri != null && ImportPaths.isFlowFile(uri)) {
                collectInto.add(uri);
            }
        };
    }
}

package dev.flow.dsl.ide.symbols;

import com.google.inject.Inject;
import dev.flow.dsl.ide.registry.RegistryGates;
import java.util.List;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.xtext.findReferences.IReferenceFinder;
import org.eclipse.xtext.ide.server.symbol.DocumentSymbolService;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;

/**
 * Go to definition: Xtext's, and for a gate that a {@code gates.yaml} registry defines, its name in
 * the registry.
 */
public class FlowDefinitions extends DocumentSymbolService {

    @Inject
    private RegistryGates registryGates;

    @Override
    public List<? extends Location> getDefinitions(XtextResource resource, int offset, IReferenceFinder.IResourceAccess resourceAccess,
            CancelIndicator cancelIndicator) {
        List<? extends Location> found = super.getDefinitions(resource, offset, resourceAccess, cancelIndicator);
        if (!found.isEmpty()) {
            return found;
        }
        return registryGates.referencedAt(resource, offset).map(reference -> {
            var gate = reference.target().gate();
            var source = gate.source();
            // SourceRef lines and columns are 1-based; LSP positions are 0-based.
            var range = new Range(new Position(source.line() - 1, source.column() - 1), new Position(source.endLine() - 1, source.endColumn() - 1));
            return List.of(new Location(reference.target().registry().toString(), range));
        }).orElse(List.of());
    }
}

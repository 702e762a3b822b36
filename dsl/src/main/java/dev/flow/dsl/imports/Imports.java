package dev.flow.dsl.imports;

import com.google.inject.Inject;
import dev.flow.dsl.naming.SourceNames;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.flow.Import;
import dev.flow.model.GateDef;
import dev.flow.yaml.gates.GateEntry;
import dev.flow.yaml.gates.GateOverlay;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.xtext.resource.XtextResource;

/**
 * The files a Flow file imports, resolved: {@code .flow} libraries as loaded Xtext resources, other
 * files through the {@link LibraryReader}. Each file is read once per instance.
 */
public final class Imports {

    private final LibraryReader reader;
    private final Map<URI, LibraryReader.Library> foreign = new HashMap<>();

    @Inject
    public Imports(LibraryReader reader) {
        this.reader = reader;
    }

    /** One import statement, resolved. */
    public record Resolved(Import statement, URI uri, boolean exists, Resource flowLibrary, LibraryReader.Library foreignLibrary) {}

    public List<Resolved> of(FlowFile file, SourceNames names) {
        var out = new ArrayList<Resolved>();
        if (file == null || file.eResource() == null) {
            return out;
        }
        Resource importer = file.eResource();
        ResourceSet set = importer.getResourceSet();
        for (Import statement : file.getImports()) {
            URI uri = ImportPaths.resolve(statement.getImportURI(), importer.getURI());
            if (uri == null) {
                out.add(new Resolved(statement, null, false, null, null));
                continue;
            }
            boolean exists = set != null && set.getURIConverter().exists(uri, null);
            if (!exists) {
                out.add(new Resolved(statement, uri, false, null, null));
            } else if (ImportPaths.isFlowFile(uri)) {
                out.add(new Resolved(statement, uri, true, load(set, uri), null));
            } else {
                var library = foreign.computeIfAbsent(uri, u -> reader.read(u, names.displayName(u)));
                out.add(new Resolved(statement, uri, true, null, library));
            }
        }
        return out;
    }

    /**
     * Gate definitions that {@code file}'s non-Flow imports provide, by name: the registries in import
     * order, each later one overlaying those before it ({@link GateOverlay}), as {@code --gates} does.
     */
    public Map<String, GateDef> foreignGates(FlowFile file, SourceNames names) {
        var out = new LinkedHashMap<String, GateDef>();
        GateOverlay.definitions(foreignEntries(file, names)).forEach(g -> out.put(g.name(), g));
        return out;
    }

    /** The same gates with the registry keys written for each, for the checks of the combination. */
    public List<GateEntry> foreignEntries(FlowFile file, SourceNames names) {
        var layers = new ArrayList<List<GateEntry>>();
        for (Resolved r : of(file, names)) {
            if (r.foreignLibrary() != null) {
                layers.add(r.foreignLibrary().entries());
            }
        }
        return GateOverlay.combine(layers);
    }

    private static Resource load(ResourceSet set, URI uri) {
        try {
            Resource r = set.getResource(uri, true);
            return r instanceof XtextResource ? r : null;
        } catch (RuntimeException e) {
            // A file that exists but cannot be loaded is reported like a missing one.
            return null;
        }
    }
}

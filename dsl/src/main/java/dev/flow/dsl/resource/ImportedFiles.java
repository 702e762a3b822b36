package dev.flow.dsl.resource;

import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.flow.FlowPackage;
import dev.flow.dsl.flow.Import;
import dev.flow.dsl.imports.ImportPaths;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.naming.QualifiedName;
import org.eclipse.xtext.resource.EObjectDescription;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.eclipse.xtext.resource.IResourceDescription;

/**
 * The files a Flow file imports, recorded in the index: its description exports one entry for the
 * file itself (under a name no Flow name can take), whose user data lists the resolved import URIs.
 * The index then knows who depends on whom without loading any file.
 */
public final class ImportedFiles {
    /** Not an identifier, so no reference in a workflow can resolve to it. */
    static final QualifiedName NAME = QualifiedName.create("<imports>");
    static final String KEY = "imports";

    private ImportedFiles() {}

    static IEObjectDescription describe(FlowFile file) {
        var uris = new LinkedHashSet<String>();
        for (Import i : file.getImports()) {
            URI uri = i.getImportURI() == null ? null : ImportPaths.resolve(i.getImportURI(), file.eResource().getURI());
            if (uri != null) {
                uris.add(uri.toString());
            }
        }
        return EObjectDescription.create(NAME, file, Map.of(KEY, String.join("\n", uris)));
    }

    /** The files {@code description}'s Flow file imports, as resolved when it was indexed. */
    public static Set<URI> of(IResourceDescription description) {
        var uris = new LinkedHashSet<URI>();
        for (IEObjectDescription d : description.getExportedObjectsByType(FlowPackage.Literals.FLOW_FILE)) {
            String data = d.getUserData(KEY);
            if (data != null && !data.isEmpty()) {
                for (String uri : data.split("\n")) {
                    uris.add(URI.createURI(uri));
                }
            }
        }
        return uris;
    }
}

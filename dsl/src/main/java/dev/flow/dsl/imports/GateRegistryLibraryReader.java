package dev.flow.dsl.imports;

import dev.flow.model.SourceRef;
import dev.flow.yaml.gates.GateRegistry;
import dev.flow.yaml.gates.GateRegistryReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.emf.common.util.URI;

/**
 * {@code import "gates.yaml"}: reads a gate registry in the supervisor's format with the YAML
 * bridge's {@link GateRegistryReader}, so that a Flow file and a YAML workflow read the same
 * registry into the same gate definitions, positioned in the registry. A file that cannot be read
 * (not UTF-8, too large) is reported on the import (FLOW209); problems inside the registry keep
 * their codes and positions. Files of other kinds are refused with what can be imported.
 */
public final class GateRegistryLibraryReader implements LibraryReader {

    @Override
    public Library read(URI uri, String displayName) {
        String extension = uri.fileExtension() == null ? "" : uri.fileExtension().toLowerCase(Locale.ROOT);
        if (!extension.equals("yaml") && !extension.equals("yml")) {
            return Library.unreadable("\"" + displayName + "\" cannot be imported: Flow imports .flow libraries and gates.yaml registries");
        }
        if (!uri.isFile()) {
            return Library.unreadable("\"" + displayName + "\" is not a file on this machine; a registry is imported by its path");
        }
        GateRegistry registry = GateRegistryReader.read(Path.of(uri.toFileString()), displayName, SourceRef.NONE);
        if (registry.text().isEmpty()) {
            // Read nothing: the reason is the registry's one diagnostic, shown on the import.
            return Library.unreadable(registry.diagnostics().get(0).message());
        }
        return new Library(registry.entries(), List.of(), Optional.empty(), registry.diagnostics(), registry.text());
    }
}

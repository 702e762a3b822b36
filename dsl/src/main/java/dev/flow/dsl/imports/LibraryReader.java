package dev.flow.dsl.imports;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.AgentDef;
import dev.flow.model.GateDef;
import java.util.List;
import java.util.Optional;
import org.eclipse.emf.common.util.URI;

/**
 * Reads an imported file that is not Flow source, such as a {@code gates.yaml} registry, into gate
 * and agent definitions. This is the seam for the YAML bridge: until it is bound to a reader that
 * understands YAML ({@link NotYetSupported} is the default), such an import is reported as FLOW209
 * and its gates stay unknown.
 */
public interface LibraryReader {

    /**
     * Reads the file at {@code uri}, shown in messages as {@code displayName}. Never throws for bad
     * input: an unreadable file gives a library with {@link Library#unreadable()} set.
     */
    Library read(URI uri, String displayName);

    /**
     * What an imported file defines.
     *
     * @param unreadable why the file could not be used at all, for a FLOW209 on the import
     * @param diagnostics problems inside the file, with positions in it
     * @param text the file's text, so that tools can quote it; empty when not read
     */
    record Library(List<GateDef> gates, List<AgentDef> agents, Optional<String> unreadable, List<Diagnostic> diagnostics,
            Optional<String> text) {
        public Library {
            gates = List.copyOf(gates);
            agents = List.copyOf(agents);
            diagnostics = List.copyOf(diagnostics);
        }

        public static Library unreadable(String why) {
            return new Library(List.of(), List.of(), Optional.of(why), List.of(), Optional.empty());
        }
    }

    /** The default: no format besides Flow source can be imported yet. */
    final class NotYetSupported implements LibraryReader {
        @Override
        public Library read(URI uri, String displayName) {
            String extension = uri.fileExtension() == null ? "" : uri.fileExtension().toLowerCase(java.util.Locale.ROOT);
            if (extension.equals("yaml") || extension.equals("yml")) {
                return Library.unreadable("'" + displayName + "' is a YAML gate registry, which this version of Flow cannot import yet;"
                        + " declare the gates in a .flow library and import that");
            }
            return Library.unreadable("'" + displayName + "' is not a Flow file: only .flow libraries (and, soon, gates.yaml registries) can be imported");
        }
    }
}

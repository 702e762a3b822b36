package dev.flow.dsl.imports;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.AgentDef;
import dev.flow.model.GateDef;
import dev.flow.yaml.gates.GateEntry;
import dev.flow.yaml.gates.GateOverlay;
import java.util.List;
import java.util.Optional;
import org.eclipse.emf.common.util.URI;

/**
 * Reads an imported file that is not Flow source, such as a {@code gates.yaml} registry, into gate
 * and agent definitions. The language binds {@link GateRegistryLibraryReader}; other readers can
 * take its place in the Guice module.
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
     * @param entries its gates as written, each with the registry keys it writes, so that a later
     *     import can refine them
     * @param unreadable why the file could not be used at all, for a FLOW209 on the import
     * @param diagnostics problems inside the file, with positions in it
     * @param text the file's text, so that tools can quote it; empty when not read
     */
    record Library(List<GateEntry> entries, List<AgentDef> agents, Optional<String> unreadable, List<Diagnostic> diagnostics,
            Optional<String> text) {
        public Library {
            entries = List.copyOf(entries);
            agents = List.copyOf(agents);
            diagnostics = List.copyOf(diagnostics);
        }

        /** The gates as this file writes them. */
        public List<GateDef> gates() {
            return GateOverlay.definitions(entries);
        }

        public static Library unreadable(String why) {
            return new Library(List.of(), List.of(), Optional.of(why), List.of(), Optional.empty());
        }
    }
}

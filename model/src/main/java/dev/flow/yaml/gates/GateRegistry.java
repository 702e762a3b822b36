package dev.flow.yaml.gates;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.GateDef;
import java.util.List;
import java.util.Optional;

/**
 * A gate registry as read: its entries (each with a {@code SourceRef} into the registry file), the
 * problems found in it, and its text (for tools that quote the offending line), absent when the
 * file could not be read. An entry may lack a command when the registry refines another; combine
 * registries with {@link #combine}; {@link GateOverlay#missingCommands} reports a gate left without
 * one.
 *
 * @param displayName how messages name the registry file
 */
public record GateRegistry(String displayName, List<GateEntry> entries, List<Diagnostic> diagnostics, Optional<String> text) {

    public GateRegistry {
        entries = List.copyOf(entries);
        diagnostics = diagnostics.stream().sorted(Diagnostic.ORDER).toList();
        text = text == null ? Optional.empty() : text;
    }

    /** The definitions as this file writes them. */
    public List<GateDef> gates() {
        return entries.stream().map(GateEntry::gate).toList();
    }

    public Optional<GateDef> gate(String name) {
        return gates().stream().filter(g -> g.name().equals(name)).findFirst();
    }

    /** Registries read one over the other, earliest first, combined ({@link GateOverlay}). */
    public static List<GateEntry> combine(List<GateRegistry> layers) {
        return GateOverlay.combine(layers.stream().map(GateRegistry::entries).toList());
    }

    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }
}

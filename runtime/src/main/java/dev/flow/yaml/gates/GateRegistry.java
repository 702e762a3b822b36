package dev.flow.yaml.gates;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.GateDef;
import java.util.List;
import java.util.Optional;

/**
 * A gate registry as read: its gates (each with a {@code SourceRef} into the registry file), the
 * problems found in it, and its text (for tools that quote the offending line), absent when the
 * file could not be read.
 *
 * @param displayName how messages name the registry file
 */
public record GateRegistry(String displayName, List<GateDef> gates, List<Diagnostic> diagnostics, Optional<String> text) {

    public GateRegistry {
        gates = List.copyOf(gates);
        diagnostics = diagnostics.stream().sorted(Diagnostic.ORDER).toList();
        text = text == null ? Optional.empty() : text;
    }

    public Optional<GateDef> gate(String name) {
        return gates.stream().filter(g -> g.name().equals(name)).findFirst();
    }

    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }
}

package dev.flow.yaml.gates;

import dev.flow.model.GateDef;
import java.util.Set;

/**
 * One gate as a file writes it: its definition, and the registry keys the entry writes, so that a
 * later registry's entry of the same name can refine it key by key ({@link GateOverlay}).
 *
 * @param keys the keys written, among those Flow honours ({@code command}, {@code timeout}, ...)
 */
public record GateEntry(GateDef gate, Set<String> keys) {
    public GateEntry {
        keys = Set.copyOf(keys);
    }

    public String name() {
        return gate.name();
    }
}

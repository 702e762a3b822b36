package dev.flow.yaml.gates;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.GateDef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Gate definitions read in layers (a base registry, a project's overlay, a workflow's own
 * {@code gates:}), combined: a later layer wins, and refines rather than replaces. An entry whose
 * name an earlier layer defined keeps the earlier values of the keys it does not write
 * ({@code test: {timeout: 600}} keeps the base's command and changes its timeout); a key it writes
 * replaces the earlier value as a whole (an {@code env} written is the whole environment). A new name
 * adds a gate. Gates keep the order in which their names first appear.
 *
 * <p>The supervisor replaces a whole entry instead; an overlay written for it, with complete
 * entries, means the same here. A combined gate points at its latest entry, where a problem with the
 * values it ends up with was most likely written.
 */
public final class GateOverlay {
    private GateOverlay() {}

    /** {@code layers} combined, earliest first. */
    public static List<GateEntry> combine(List<List<GateEntry>> layers) {
        Map<String, GateEntry> byName = new LinkedHashMap<>();
        for (List<GateEntry> layer : layers) {
            for (GateEntry entry : layer) {
                byName.merge(entry.name(), entry, GateOverlay::refine);
            }
        }
        return List.copyOf(byName.values());
    }

    /** The definitions of combined entries. */
    public static List<GateDef> definitions(List<GateEntry> entries) {
        return entries.stream().map(GateEntry::gate).toList();
    }

    /**
     * FLOW606 for each combined gate that no layer writes a command for, at its latest entry (a
     * command written with the wrong type is reported where it is written, not again here).
     */
    public static List<Diagnostic> missingCommands(List<GateEntry> entries) {
        var out = new ArrayList<Diagnostic>();
        for (GateEntry entry : entries) {
            GateDef gate = entry.gate();
            if (!entry.keys().contains("command")) {
                out.add(Diagnostic.of(Code.YAML_MISSING_FIELD, "gate \"" + gate.name() + "\" has no \"command\" (here or in a registry it"
                        + " overlays); give the program and its arguments as a list, such as command: [\"pytest\", \"-q\"]", gate.source()));
            }
        }
        return out;
    }

    /** {@code later} written over {@code earlier}: the keys it writes replace, the others stay. */
    static GateEntry refine(GateEntry earlier, GateEntry later) {
        GateDef a = earlier.gate();
        GateDef b = later.gate();
        var keys = later.keys();
        var merged = new GateDef(
                b.name(),
                keys.contains("description") ? b.description() : a.description(),
                keys.contains("command") ? b.command() : a.command(),
                keys.contains("timeout") ? b.timeout() : a.timeout(),
                keys.contains("env") ? b.env() : a.env(),
                keys.contains("parallel_safe") ? b.parallelSafe() : a.parallelSafe(),
                keys.contains("allowed_writes") ? b.allowedWrites() : a.allowedWrites(),
                keys.contains("depends_on") ? b.dependsOn() : a.dependsOn(),
                keys.contains("severity") ? b.severity() : a.severity(),
                b.source(),
                keys.contains("working_dir") ? b.cwd() : a.cwd());
        var all = new LinkedHashSet<>(earlier.keys());
        all.addAll(keys);
        return new GateEntry(merged, all);
    }
}

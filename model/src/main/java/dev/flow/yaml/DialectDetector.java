package dev.flow.yaml;

import dev.flow.yaml.read.YMap;
import dev.flow.yaml.read.YNode;
import dev.flow.yaml.read.YSeq;
import java.util.List;
import java.util.Optional;

/**
 * Tells the dialects apart by their top-level keys: {@code id}, {@code name}, {@code entry_point},
 * {@code exit_points}, {@code config} and a {@code nodes:} list speak for dialect 1;
 * {@code workflow}, {@code state}, {@code limits}, {@code interrupts}, {@code completion} and a
 * {@code nodes:} map for dialect 2. The shape of {@code nodes} counts double; a tie is no answer.
 */
final class DialectDetector {
    private static final List<String> SUPERVISOR_KEYS = List.of("id", "name", "entry_point", "exit_points", "config");
    private static final List<String> GRAPH_LOOP_KEYS = List.of("workflow", "state", "limits", "interrupts", "completion");

    private DialectDetector() {}

    static Optional<Dialect> detect(YMap root) {
        int supervisor = count(root, SUPERVISOR_KEYS);
        int graphLoop = count(root, GRAPH_LOOP_KEYS);
        Optional<YNode> nodes = root.get("nodes");
        if (nodes.isPresent() && nodes.get() instanceof YSeq) {
            supervisor += 2;
        } else if (nodes.isPresent() && nodes.get() instanceof YMap) {
            graphLoop += 2;
        }
        if (supervisor == graphLoop) {
            return Optional.empty();
        }
        return Optional.of(supervisor > graphLoop ? Dialect.SUPERVISOR : Dialect.GRAPH_LOOP);
    }

    /** Whether the document is a gate registry ({@code gates:} and nothing else). */
    static boolean isGateRegistry(YMap root) {
        return root.keys().equals(List.of("gates"));
    }

    private static int count(YMap root, List<String> keys) {
        return (int) keys.stream().filter(root::has).count();
    }
}

package dev.flow.yaml.graphloop;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The node types of dialect 2 and the keys each one takes besides {@link #COMMON_KEYS}. */
enum GraphLoopKind {
    TASK("task", List.of("agent", "prompt", "context_files", "inputs", "command", "cwd", "timeout_minutes", "retry_on_failure", "max_retries",
            "isolate", "planner", "max_added_nodes", "escalate")),
    DECISION("decision", List.of("condition")),
    PARALLEL("parallel", List.of("branches")),
    JOIN("join", List.of("wait_for", "agent", "prompt")),
    HUMAN("human", List.of("prompt", "timeout_minutes", "default_output")),
    CHECKPOINT("checkpoint", List.of()),
    /** A Flow extension: a task whose agent decides which participant works next (docs/yaml.md, Supervisors). */
    SUPERVISOR("supervisor", List.of("agent", "prompt", "context_files", "cwd", "timeout_minutes", "retry_on_failure", "max_retries",
            "participants", "ask", "max_rounds"));

    /** The keys every node takes. */
    static final List<String> COMMON_KEYS = List.of("type", "outputs", "on_output");

    final String type;
    final List<String> keys;

    GraphLoopKind(String type, List<String> keys) {
        this.type = type;
        this.keys = keys;
    }

    /** The keys a node of this type may have. */
    List<String> allowed() {
        var all = new ArrayList<>(COMMON_KEYS);
        all.addAll(keys);
        return all;
    }

    static List<String> types() {
        return Arrays.stream(values()).map(k -> k.type).toList();
    }

    static Optional<GraphLoopKind> byType(String type) {
        return Arrays.stream(values()).filter(k -> k.type.equals(type)).findFirst();
    }

    /** The types that take {@code key}, for a key a node of another type carries. */
    static List<String> typesTaking(String key) {
        return Arrays.stream(values()).filter(k -> k.keys.contains(key)).map(k -> k.type).toList();
    }

    /**
     * The one type whose keys a node without a {@code type} carries (a node with {@code branches} is a
     * parallel), so that a forgotten type is reported once and the node still read as meant; empty
     * when no type, or several, would take them all.
     */
    static Optional<GraphLoopKind> implied(Set<String> keys) {
        var own = keys.stream().filter(k -> !COMMON_KEYS.contains(k)).toList();
        if (own.isEmpty()) {
            return Optional.empty();
        }
        // A supervisor shares its task keys with tasks: only a key of its own (participants...) implies one.
        var fitting = Arrays.stream(values()).filter(k -> k.keys.containsAll(own))
                .filter(k -> k != SUPERVISOR || own.stream().anyMatch(key -> typesTaking(key).equals(List.of(SUPERVISOR.type)))).toList();
        return fitting.size() == 1 ? Optional.of(fitting.get(0)) : Optional.empty();
    }

    /** Every key of some node type. */
    static Set<String> allKeys() {
        var all = new LinkedHashSet<>(COMMON_KEYS);
        Arrays.stream(values()).forEach(k -> all.addAll(k.keys));
        return all;
    }
}

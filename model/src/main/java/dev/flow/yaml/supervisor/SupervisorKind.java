package dev.flow.yaml.supervisor;

import dev.flow.model.NodeKind;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The node types of dialect 1, each with the key of its configuration and that configuration's keys. */
enum SupervisorKind {
    TASK("task", NodeKind.TASK, "task_config", true, List.of("role", "task_template", "timeout", "gates", "worktree_id")),
    GATE("gate", NodeKind.GATE, "gate_config", true, List.of("gate_type", "auto_approve", "requires_worktree")),
    BRANCH("branch", NodeKind.BRANCH, "branch_config", true, List.of("condition", "on_true", "on_false")),
    MERGE("merge", NodeKind.MERGE, "merge_config", false, List.of("wait_for", "merge_strategy")),
    PARALLEL("parallel", NodeKind.PARALLEL, "parallel_config", true, List.of("branches", "wait_for")),
    SUBGRAPH("subgraph", NodeKind.SUBGRAPH, "subgraph_config", true, List.of("workflow_name", "input_mapping", "output_mapping")),
    HUMAN("human", NodeKind.HUMAN, "human_config", true, List.of("title", "description"));

    final String type;
    final NodeKind kind;
    final String configKey;
    /** Whether a node of this type cannot do without its configuration (a merge has defaults for all). */
    final boolean configRequired;
    final List<String> configKeys;

    SupervisorKind(String type, NodeKind kind, String configKey, boolean configRequired, List<String> configKeys) {
        this.type = type;
        this.kind = kind;
        this.configKey = configKey;
        this.configRequired = configRequired;
        this.configKeys = configKeys;
    }

    static List<String> types() {
        return Arrays.stream(values()).map(k -> k.type).toList();
    }

    static Optional<SupervisorKind> byType(String type) {
        return Arrays.stream(values()).filter(k -> k.type.equals(type)).findFirst();
    }

    static Optional<SupervisorKind> byConfigKey(String key) {
        return Arrays.stream(values()).filter(k -> k.configKey.equals(key)).findFirst();
    }

    /** The kind whose configuration has {@code key}, for a key written on the node instead of inside it. */
    static Optional<SupervisorKind> owningConfigKey(String key) {
        return Arrays.stream(values()).filter(k -> k.configKeys.contains(key)).findFirst();
    }
}

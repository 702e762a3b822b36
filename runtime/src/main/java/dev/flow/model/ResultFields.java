package dev.flow.model;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The fields of a node's result that conditions may read as {@code node.field}, with their types.
 * The checker types conditions with this table and the runtime fills results to match it; it is
 * the one place that says what a node of each kind produces.
 *
 * <table>
 *   <caption>Fields by kind</caption>
 *   <tr><th>kind</th><th>fields</th></tr>
 *   <tr><td>every kind</td><td>{@code output} (enum of the outputs), {@code summary} (string)</td></tr>
 *   <tr><td>task</td><td>{@code exit_code} (int), {@code cost} (float), {@code stdout}, {@code stderr}
 *   (string tails), {@code data} (any: the free-form data of an agent's JSON result); isolated tasks
 *   also {@code worktree}, {@code base_commit}, {@code step_commit}, {@code applied_commit} (strings)
 *   and {@code conflict_files} (list of strings)</td></tr>
 *   <tr><td>gate</td><td>{@code passed} (bool), {@code test_status} (enum passed, failed, error,
 *   timeout), {@code exit_code} (int); {@code output} is the gate's text, a string; isolated gates
 *   also {@code worktree} and {@code base_commit}</td></tr>
 *   <tr><td>branch</td><td>{@code branch_outcome} (enum on_true, on_false, max_iterations_reached),
 *   {@code condition_result} (bool), {@code iterations} (int)</td></tr>
 *   <tr><td>human</td><td>{@code approved} (bool), {@code answer} (string), {@code note}
 *   (string)</td></tr>
 *   <tr><td>merge, subgraph</td><td>any field: their results carry what they joined or mapped</td></tr>
 * </table>
 */
public final class ResultFields {
    private ResultFields() {}

    public static final Type TEST_STATUS = Type.enumOf(java.util.List.of("passed", "failed", "error", "timeout"));
    public static final Type BRANCH_OUTCOME =
            Type.enumOf(java.util.List.of("on_true", "on_false", "max_iterations_reached"));

    /** The known fields of {@code node}'s result, in a stable order. */
    public static Map<String, Type> of(Node node) {
        var fields = new LinkedHashMap<String, Type>();
        fields.put("output", Type.enumOf(node.effectiveOutputs()));
        fields.put("summary", Type.STRING);
        switch (node.kind()) {
            case TASK -> {
                fields.put("exit_code", Type.INT);
                fields.put("cost", Type.FLOAT);
                fields.put("stdout", Type.STRING);
                fields.put("stderr", Type.STRING);
                fields.put("data", Type.ANY);
                if (node.isIsolatedTask()) {
                    fields.put("worktree", Type.STRING);
                    fields.put("base_commit", Type.STRING);
                    fields.put("step_commit", Type.STRING);
                    fields.put("applied_commit", Type.STRING);
                    fields.put("conflict_files", Type.list(Type.STRING));
                }
            }
            case GATE -> {
                fields.put("output", Type.STRING);
                fields.put("passed", Type.BOOL);
                fields.put("test_status", TEST_STATUS);
                fields.put("exit_code", Type.INT);
                if (node.spec() instanceof NodeSpec.Gate g && g.isolation() == Isolation.WORKTREE) {
                    fields.put("worktree", Type.STRING);
                    fields.put("base_commit", Type.STRING);
                }
            }
            case BRANCH -> {
                fields.put("branch_outcome", BRANCH_OUTCOME);
                fields.put("condition_result", Type.BOOL);
                fields.put("iterations", Type.INT);
            }
            case HUMAN -> {
                fields.put("approved", Type.BOOL);
                fields.put("answer", Type.STRING);
                fields.put("note", Type.STRING);
            }
            default -> {}
        }
        return fields;
    }

    /** Whether results of this kind may carry fields beyond the table (merged or mapped results). */
    public static boolean isOpen(NodeKind kind) {
        return kind == NodeKind.MERGE || kind == NodeKind.SUBGRAPH;
    }
}

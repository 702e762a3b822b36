package dev.flow.model;

import java.util.LinkedHashMap;
import java.util.List;
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
 *   (string tails), {@code data} (any: the free-form data of an agent's JSON result), {@code text}
 *   (see below); isolated tasks also {@code worktree}, {@code base_commit}, {@code step_commit},
 *   {@code applied_commit} (strings) and {@code conflict_files} (list of strings); supervisors also
 *   their decision: {@code next_agent} (string, null when none), {@code user_input_needed} (bool),
 *   {@code user_prompt} (string)</td></tr>
 *   <tr><td>gate</td><td>{@code passed} (bool), {@code test_status} (enum passed, failed, error,
 *   timeout), {@code exit_code} (int), {@code text}; {@code output} is the gate's text, a string;
 *   isolated gates also {@code worktree} and {@code base_commit}</td></tr>
 *   <tr><td>branch</td><td>{@code branch_outcome} (enum on_true, on_false, max_iterations_reached),
 *   {@code condition_result} (bool), {@code iterations} (int)</td></tr>
 *   <tr><td>human</td><td>{@code approved} (bool), {@code answer} (string), {@code note}
 *   (string), {@code text}</td></tr>
 *   <tr><td>merge, subgraph</td><td>any field: their results carry what they joined or mapped</td></tr>
 *   <tr><td>unknown</td><td>any field: nothing is assumed of a node whose type was not read</td></tr>
 * </table>
 *
 * <p>{@link #TEXT} is the node's text result, what dialect 2 calls {@code output} in
 * {@code on_output: {done: {set: {v: output}}}}: what a command printed, an agent's summary, a gate's
 * output, a person's note. Its type is {@code any} because text is what programs hand over for every
 * kind of value: stored in a variable of another type it is read as that type ({@code 87} into an
 * int), which the runtime checks when it stores it.
 */
public final class ResultFields {
    private ResultFields() {}

    public static final Type TEST_STATUS = Type.enumOf(List.of("passed", "failed", "error", "timeout"));
    /**
     * Why a gate node of severity {@code warning} or {@code info} could not run at all (its program
     * missing, no command). Such a gate gave no verdict, but it does not block, so it still routes as
     * {@code passed}; this field is what makes it show as not run wherever the node is shown. It is
     * not one of the fields conditions read: they test {@code passed} and {@code test_status}.
     */
    public static final String NOT_RUN = "not_run";
    /**
     * A task whose gate failed after it: the end of what the gate printed, and the file that holds all
     * of it. Its next attempt is told both. Not fields conditions read.
     */
    public static final String GATE_OUTPUT = "gate_output";
    /**
     * A task whose gates of severity {@code warning} or {@code info} failed after it (they do not
     * block, so the task succeeded): what each said, one line per gate, so that status shows it. Not
     * a field conditions read.
     */
    public static final String GATE_WARNINGS = "gate_warnings";
    public static final String GATE_LOG = "gate_log";
    /** The field that holds a node's text result. */
    public static final String TEXT = "text";
    public static final Type BRANCH_OUTCOME =
            Type.enumOf(List.of("on_true", "on_false", "max_iterations_reached"));

    /** The known fields of {@code node}'s result, in a stable order. */
    public static Map<String, Type> of(Node node) {
        var fields = new LinkedHashMap<String, Type>();
        fields.put("output", Type.enumOf(node.effectiveOutputs()));
        fields.put("summary", Type.STRING);
        node.spec().accept(new OwnFields(fields));
        return fields;
    }

    /** The fields a node of each kind adds to {@code output} and {@code summary}; merges, subgraphs and the rest add none. */
    private static final class OwnFields implements NodeSpec.Visitor<Void> {
        private final Map<String, Type> fields;

        OwnFields(Map<String, Type> fields) {
            this.fields = fields;
        }

        @Override
        public Void task(NodeSpec.Task task) {
            fields.put("exit_code", Type.INT);
            fields.put("cost", Type.FLOAT);
            fields.put("stdout", Type.STRING);
            fields.put("stderr", Type.STRING);
            fields.put("data", Type.ANY);
            fields.put(TEXT, Type.ANY);
            if (task.execution().isolated()) {
                fields.put("worktree", Type.STRING);
                fields.put("base_commit", Type.STRING);
                fields.put("step_commit", Type.STRING);
                fields.put("applied_commit", Type.STRING);
                fields.put("conflict_files", Type.list(Type.STRING));
            }
            if (task.steering().supervises()) {
                fields.put(Supervision.NEXT_AGENT, Type.STRING);
                fields.put(Supervision.USER_INPUT_NEEDED, Type.BOOL);
                fields.put(Supervision.USER_PROMPT, Type.STRING);
            }
            return null;
        }

        @Override
        public Void gate(NodeSpec.Gate gate) {
            fields.put("output", Type.STRING);
            fields.put("passed", Type.BOOL);
            fields.put("test_status", TEST_STATUS);
            fields.put("exit_code", Type.INT);
            fields.put(TEXT, Type.ANY);
            if (gate.isolation() == Isolation.WORKTREE) {
                fields.put("worktree", Type.STRING);
                fields.put("base_commit", Type.STRING);
            }
            return null;
        }

        @Override
        public Void branch(NodeSpec.Branch branch) {
            fields.put("branch_outcome", BRANCH_OUTCOME);
            fields.put("condition_result", Type.BOOL);
            fields.put("iterations", Type.INT);
            return null;
        }

        @Override
        public Void human(NodeSpec.Human human) {
            fields.put("approved", Type.BOOL);
            fields.put("answer", Type.STRING);
            fields.put("note", Type.STRING);
            fields.put(TEXT, Type.ANY);
            return null;
        }

        @Override
        public Void parallel(NodeSpec.Parallel parallel) {
            return null;
        }

        @Override
        public Void merge(NodeSpec.Merge merge) {
            return null; // open: see isOpen
        }

        @Override
        public Void subgraph(NodeSpec.Subgraph subgraph) {
            return null; // open: see isOpen
        }

        @Override
        public Void checkpoint(NodeSpec.Checkpoint checkpoint) {
            return null;
        }

        @Override
        public Void start(NodeSpec.Start start) {
            return null;
        }

        @Override
        public Void end(NodeSpec.End end) {
            return null;
        }

        @Override
        public Void unknown(NodeSpec.Unknown unknown) {
            return null; // open: see isOpen
        }
    }

    /** Whether a node that does this has a {@link #TEXT} result: tasks, gates, humans, and merges that run an agent. */
    public static boolean hasText(NodeSpec spec) {
        return spec.accept(new NodeSpec.Visitor<Boolean>() {
            @Override
            public Boolean task(NodeSpec.Task task) {
                return true;
            }

            @Override
            public Boolean gate(NodeSpec.Gate gate) {
                return true;
            }

            @Override
            public Boolean human(NodeSpec.Human human) {
                return true;
            }

            @Override
            public Boolean merge(NodeSpec.Merge merge) {
                return merge.agent() != null;
            }

            @Override
            public Boolean branch(NodeSpec.Branch branch) {
                return false;
            }

            @Override
            public Boolean parallel(NodeSpec.Parallel parallel) {
                return false;
            }

            @Override
            public Boolean subgraph(NodeSpec.Subgraph subgraph) {
                return false;
            }

            @Override
            public Boolean checkpoint(NodeSpec.Checkpoint checkpoint) {
                return false;
            }

            @Override
            public Boolean start(NodeSpec.Start start) {
                return false;
            }

            @Override
            public Boolean end(NodeSpec.End end) {
                return false;
            }

            @Override
            public Boolean unknown(NodeSpec.Unknown unknown) {
                return false;
            }
        });
    }

    /** Whether results of this kind may carry fields beyond the table (merged or mapped results). */
    public static boolean isOpen(NodeKind kind) {
        return switch (kind) {
            case MERGE, SUBGRAPH, UNKNOWN -> true;
            case TASK, GATE, BRANCH, PARALLEL, HUMAN, CHECKPOINT, START, END -> false;
        };
    }
}

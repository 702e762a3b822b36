package dev.flow.model;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A step of a workflow.
 *
 * @param id unique within the workflow; {@code start} and {@code end} are the implicit nodes
 * @param label a human-readable title; may be null
 * @param description longer documentation; may be null
 * @param spec what the node does; its kind is {@code spec.kind()}
 * @param outputs the outputs the node declares; when empty, {@link #effectiveOutputs()} gives the
 *     defaults of its kind
 * @param retry null for no retries
 * @param timeout null for the runtime's default (tasks, gates) or none (humans wait forever)
 * @param onOutput state updates per output
 * @param waitForIncoming for nodes other than merges with several incoming edges: whether all or any
 *     of them must arrive (dialect 1's {@code wait_for_incoming}); null for the default, {@code any}
 * @param metadata free data for tools (dialect 1's {@code ui_metadata}); the runtime reads only what it
 *     records there itself when a graph grows ({@link Provenance})
 * @param escalation where the node's permanent failure goes; null for the workflow's default
 *     ({@link Escalations} says which is in effect)
 */
public record Node(
        String id,
        String label,
        String description,
        NodeSpec spec,
        List<OutputDecl> outputs,
        RetryPolicy retry,
        Duration timeout,
        List<OutputHandler> onOutput,
        WaitMode waitForIncoming,
        Map<String, Value> metadata,
        SourceRef source,
        Escalation escalation) {

    public static final String START_ID = "start";
    public static final String END_ID = "end";

    public Node {
        java.util.Objects.requireNonNull(id, "id");
        java.util.Objects.requireNonNull(spec, "spec");
        outputs = Models.list(outputs);
        onOutput = Models.list(onOutput);
        metadata = Models.map(metadata);
        source = source == null ? SourceRef.NONE : source;
    }

    /** A node that escalates as its workflow says. */
    public Node(String id, String label, String description, NodeSpec spec, List<OutputDecl> outputs, RetryPolicy retry, Duration timeout,
            List<OutputHandler> onOutput, WaitMode waitForIncoming, Map<String, Value> metadata, SourceRef source) {
        this(id, label, description, spec, outputs, retry, timeout, onOutput, waitForIncoming, metadata, source, null);
    }

    /** A node with only an id, a spec and a position; the other components empty. */
    public static Node of(String id, NodeSpec spec, SourceRef source) {
        return new Node(id, null, null, spec, List.of(), null, null, List.of(), null, Map.of(), source);
    }

    public NodeKind kind() {
        return spec.kind();
    }

    /**
     * The declared outputs, or when none are declared the defaults of the node's kind; an isolated
     * task also has {@value Isolation#CONFLICT_OUTPUT} (its changes conflict with the target's).
     */
    public List<String> effectiveOutputs() {
        List<String> own = !outputs.isEmpty() ? outputs.stream().map(OutputDecl::name).toList() : defaultOutputs(kind());
        return isIsolatedTask() && !own.contains(Isolation.CONFLICT_OUTPUT) ? withConflict(own) : own;
    }

    private static List<String> withConflict(List<String> outputs) {
        var all = new java.util.ArrayList<>(outputs);
        all.add(Isolation.CONFLICT_OUTPUT);
        return List.copyOf(all);
    }

    /** Whether this is a task that runs in a worktree of its own. */
    public boolean isIsolatedTask() {
        return spec instanceof NodeSpec.Task t && t.isolated();
    }

    /** The outputs a node of this kind has when it declares none. */
    public static List<String> defaultOutputs(NodeKind kind) {
        return switch (kind) {
            case TASK, PARALLEL, MERGE, SUBGRAPH, CHECKPOINT, START -> List.of("done");
            case GATE -> List.of("passed", "failed");
            case BRANCH -> List.of("on_true", "on_false");
            case HUMAN -> List.of("approved", "rejected");
            case END, UNKNOWN -> List.of();
        };
    }

    /** The display name: the label when there is one, else the id. */
    public String title() {
        return label != null && !label.isBlank() ? label : id;
    }
}

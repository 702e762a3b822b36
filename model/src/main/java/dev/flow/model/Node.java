package dev.flow.model;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

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
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(spec, "spec");
        outputs = Models.list(outputs);
        onOutput = Models.list(onOutput);
        metadata = Models.map(metadata);
        source = source == null ? SourceRef.NONE : source;
    }

    /** A node with only an id, a spec and a position; the other components empty. */
    public static Node of(String id, NodeSpec spec, SourceRef source) {
        return builder().id(id).spec(spec).source(source).build();
    }

    /** A builder of a node whose components all start empty; {@link #build()} requires an id and a spec. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this node's components, for a copy that differs in a few of them. */
    public Builder toBuilder() {
        return new Builder().id(id).label(label).description(description).spec(spec).outputs(outputs).retry(retry).timeout(timeout)
                .onOutput(onOutput).waitForIncoming(waitForIncoming).metadata(metadata).source(source).escalation(escalation);
    }

    /**
     * Builds a {@link Node} by naming its components, so that a new component touches only this record
     * and the code that reads or writes it. Each setter is documented on the component of the same name.
     */
    public static final class Builder {
        private String id;
        private String label;
        private String description;
        private NodeSpec spec;
        private List<OutputDecl> outputs = List.of();
        private RetryPolicy retry;
        private Duration timeout;
        private List<OutputHandler> onOutput = List.of();
        private WaitMode waitForIncoming;
        private Map<String, Value> metadata = Map.of();
        private SourceRef source;
        private Escalation escalation;

        private Builder() {}

        public Builder id(String id) {
            this.id = id;
            return this;
        }

        public Builder label(String label) {
            this.label = label;
            return this;
        }

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        public Builder spec(NodeSpec spec) {
            this.spec = spec;
            return this;
        }

        public Builder outputs(List<OutputDecl> outputs) {
            this.outputs = outputs;
            return this;
        }

        public Builder retry(RetryPolicy retry) {
            this.retry = retry;
            return this;
        }

        public Builder timeout(Duration timeout) {
            this.timeout = timeout;
            return this;
        }

        public Builder onOutput(List<OutputHandler> onOutput) {
            this.onOutput = onOutput;
            return this;
        }

        public Builder waitForIncoming(WaitMode waitForIncoming) {
            this.waitForIncoming = waitForIncoming;
            return this;
        }

        public Builder metadata(Map<String, Value> metadata) {
            this.metadata = metadata;
            return this;
        }

        public Builder source(SourceRef source) {
            this.source = source;
            return this;
        }

        public Builder escalation(Escalation escalation) {
            this.escalation = escalation;
            return this;
        }

        public Node build() {
            return new Node(id, label, description, spec, outputs, retry, timeout, onOutput, waitForIncoming, metadata, source, escalation);
        }
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

    /**
     * The outputs a task's agent or command may answer: {@link #effectiveOutputs()} without
     * {@value Isolation#CONFLICT_OUTPUT}, which only Flow's apply of an isolated step produces.
     */
    public List<String> answerableOutputs() {
        List<String> all = effectiveOutputs();
        return isIsolatedTask() ? all.stream().filter(o -> !o.equals(Isolation.CONFLICT_OUTPUT)).toList() : all;
    }

    private static List<String> withConflict(List<String> outputs) {
        var all = new ArrayList<>(outputs);
        all.add(Isolation.CONFLICT_OUTPUT);
        return List.copyOf(all);
    }

    /** Whether this is a task that runs in a worktree of its own. */
    public boolean isIsolatedTask() {
        return spec instanceof NodeSpec.Task t && t.execution().isolated();
    }

    /** Where the node does its work: a task's or a gate node's isolation; {@link Isolation#NONE} for the kinds that have none. */
    public Isolation isolation() {
        return spec.accept(ISOLATION);
    }

    private static final NodeSpec.Visitor<Isolation> ISOLATION = new NodeSpec.Visitor<Isolation>() {
        @Override
        public Isolation task(NodeSpec.Task task) {
            return task.execution().isolation();
        }

        @Override
        public Isolation gate(NodeSpec.Gate gate) {
            return gate.isolation();
        }

        @Override
        public Isolation branch(NodeSpec.Branch branch) {
            return Isolation.NONE;
        }

        @Override
        public Isolation parallel(NodeSpec.Parallel parallel) {
            return Isolation.NONE;
        }

        @Override
        public Isolation merge(NodeSpec.Merge merge) {
            return Isolation.NONE;
        }

        @Override
        public Isolation subgraph(NodeSpec.Subgraph subgraph) {
            return Isolation.NONE;
        }

        @Override
        public Isolation human(NodeSpec.Human human) {
            return Isolation.NONE;
        }

        @Override
        public Isolation checkpoint(NodeSpec.Checkpoint checkpoint) {
            return Isolation.NONE;
        }

        @Override
        public Isolation start(NodeSpec.Start start) {
            return Isolation.NONE;
        }

        @Override
        public Isolation end(NodeSpec.End end) {
            return Isolation.NONE;
        }

        @Override
        public Isolation unknown(NodeSpec.Unknown unknown) {
            return Isolation.NONE;
        }
    };

    /**
     * The agent the node names to do its work: a task's agent, or the agent a merge combines its
     * inputs with; null for a command task, a task that names only a role, gates and control nodes.
     */
    public NameRef namedAgent() {
        return spec.accept(NAMED_AGENT);
    }

    private static final NodeSpec.Visitor<NameRef> NAMED_AGENT = new NodeSpec.Visitor<NameRef>() {
        @Override
        public NameRef task(NodeSpec.Task task) {
            return task.call().agent();
        }

        @Override
        public NameRef gate(NodeSpec.Gate gate) {
            return null;
        }

        @Override
        public NameRef branch(NodeSpec.Branch branch) {
            return null;
        }

        @Override
        public NameRef parallel(NodeSpec.Parallel parallel) {
            return null;
        }

        @Override
        public NameRef merge(NodeSpec.Merge merge) {
            return merge.agent();
        }

        @Override
        public NameRef subgraph(NodeSpec.Subgraph subgraph) {
            return null;
        }

        @Override
        public NameRef human(NodeSpec.Human human) {
            return null;
        }

        @Override
        public NameRef checkpoint(NodeSpec.Checkpoint checkpoint) {
            return null;
        }

        @Override
        public NameRef start(NodeSpec.Start start) {
            return null;
        }

        @Override
        public NameRef end(NodeSpec.End end) {
            return null;
        }

        @Override
        public NameRef unknown(NodeSpec.Unknown unknown) {
            return null;
        }
    };

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

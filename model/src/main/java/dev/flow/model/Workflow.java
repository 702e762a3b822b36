package dev.flow.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One workflow: typed inputs and state, the gates and agents it uses, its nodes and edges (always
 * including the implicit {@code start} and {@code end} nodes), and its run-wide settings.
 *
 * @param id the workflow's name, unique among the workflows of a {@link FlowGraph}
 * @param name a human-readable title; may be null
 * @param version the author's version string; may be null
 * @param description may be null
 * @param gates every gate definition visible to the workflow, wherever it was written
 * @param agents agent definitions (the built-ins need none)
 * @param completion conditions of which any one completes the run successfully; empty means
 *     reaching {@code end}
 */
public record Workflow(
        String id,
        String name,
        String version,
        String description,
        List<Input> inputs,
        List<StateVariable> state,
        List<GateDef> gates,
        List<AgentDef> agents,
        List<Node> nodes,
        List<Edge> edges,
        Limits limits,
        List<Interrupt> interrupts,
        List<Expr> completion,
        Config config,
        SourceRef source) {

    public Workflow {
        Objects.requireNonNull(id, "id");
        inputs = Models.list(inputs);
        state = Models.list(state);
        gates = Models.list(gates);
        agents = Models.list(agents);
        nodes = Models.list(nodes);
        edges = Models.list(edges);
        limits = limits == null ? Limits.NONE : limits;
        interrupts = Models.list(interrupts);
        completion = Models.list(completion);
        config = config == null ? Config.DEFAULT : config;
        source = source == null ? SourceRef.NONE : source;
    }

    /** A builder of a workflow whose components all start empty; {@link Builder#build()} requires an id. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this workflow's components, for a copy that differs in a few of them (a grown graph, a wired one). */
    public Builder toBuilder() {
        return new Builder().id(id).name(name).version(version).description(description).inputs(inputs).state(state).gates(gates)
                .agents(agents).nodes(nodes).edges(edges).limits(limits).interrupts(interrupts).completion(completion).config(config)
                .source(source);
    }

    /** The first node with this id (ids should be unique; the checker reports duplicates). */
    public Optional<Node> node(String nodeId) {
        return nodes.stream().filter(n -> n.id().equals(nodeId)).findFirst();
    }

    public Optional<GateDef> gate(String gateName) {
        return gates.stream().filter(g -> g.name().equals(gateName)).findFirst();
    }

    public Optional<StateVariable> variable(String variableName) {
        return state.stream().filter(v -> v.name().equals(variableName)).findFirst();
    }

    public Optional<Input> input(String inputName) {
        return inputs.stream().filter(i -> i.name().equals(inputName)).findFirst();
    }

    public Optional<AgentDef> agent(String agentName) {
        return agents.stream().filter(a -> a.name().equals(agentName)).findFirst();
    }

    /** The edges leaving {@code nodeId}, in declaration order. */
    public List<Edge> edgesFrom(String nodeId) {
        return edges.stream().filter(e -> e.from().name().equals(nodeId)).toList();
    }

    /** The edges entering {@code nodeId}, in declaration order. */
    public List<Edge> edgesTo(String nodeId) {
        return edges.stream().filter(e -> e.to().name().equals(nodeId)).toList();
    }

    /**
     * Builds a {@link Workflow} by naming its components, so that a new component touches only this
     * record and the code that reads or writes it. Each setter is documented on the component of the
     * same name; what is not set is empty (no items, no limits, the default config).
     */
    public static final class Builder {
        private String id;
        private String name;
        private String version;
        private String description;
        private List<Input> inputs = List.of();
        private List<StateVariable> state = List.of();
        private List<GateDef> gates = List.of();
        private List<AgentDef> agents = List.of();
        private List<Node> nodes = List.of();
        private List<Edge> edges = List.of();
        private Limits limits;
        private List<Interrupt> interrupts = List.of();
        private List<Expr> completion = List.of();
        private Config config;
        private SourceRef source;

        private Builder() {}

        public Builder id(String id) {
            this.id = id;
            return this;
        }

        public Builder name(String name) {
            this.name = name;
            return this;
        }

        public Builder version(String version) {
            this.version = version;
            return this;
        }

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        public Builder inputs(List<Input> inputs) {
            this.inputs = inputs;
            return this;
        }

        public Builder state(List<StateVariable> state) {
            this.state = state;
            return this;
        }

        public Builder gates(List<GateDef> gates) {
            this.gates = gates;
            return this;
        }

        public Builder agents(List<AgentDef> agents) {
            this.agents = agents;
            return this;
        }

        public Builder nodes(List<Node> nodes) {
            this.nodes = nodes;
            return this;
        }

        public Builder edges(List<Edge> edges) {
            this.edges = edges;
            return this;
        }

        public Builder limits(Limits limits) {
            this.limits = limits;
            return this;
        }

        public Builder interrupts(List<Interrupt> interrupts) {
            this.interrupts = interrupts;
            return this;
        }

        public Builder completion(List<Expr> completion) {
            this.completion = completion;
            return this;
        }

        public Builder config(Config config) {
            this.config = config;
            return this;
        }

        public Builder source(SourceRef source) {
            this.source = source;
            return this;
        }

        public Workflow build() {
            return new Workflow(id, name, version, description, inputs, state, gates, agents, nodes, edges, limits, interrupts, completion, config,
                    source);
        }
    }
}

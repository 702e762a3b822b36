package dev.flow.model;

import java.util.List;
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
        java.util.Objects.requireNonNull(id, "id");
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
}

package dev.flow.bench.peers;

import static org.bsc.langgraph4j.action.AsyncNodeAction.node_async;

import dev.flow.store.Durability;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.bsc.langgraph4j.CompileConfig;
import org.bsc.langgraph4j.CompiledGraph;
import org.bsc.langgraph4j.GraphDefinition;
import org.bsc.langgraph4j.GraphStateException;
import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.StateGraph;
import org.bsc.langgraph4j.serializer.std.ObjectStreamStateSerializer;
import org.bsc.langgraph4j.state.AgentState;

/**
 * The LangGraph4j side of the side-by-side benchmark: the same graphs as Flow's (a chain of N nodes,
 * a fan-out of W branches joined), each node Java code that returns at once with one value in the
 * state (Flow's in-process task returns one output), run to the end with {@link
 * SqliteCheckpointSaver} persisting a checkpoint after every step.
 */
public final class LangGraphRuns {
    private LangGraphRuns() {}

    /** What one run did: the nodes that ran (start and end not counted) and the checkpoints written. */
    public record Done(long nodes, long checkpoints) {}

    /** A graph built, to be run by {@link #run} (building is not timed: see {@link #chain}). */
    public record Built(StateGraph<AgentState> graph, int steps, long nodes) {}

    /**
     * A chain of {@code n} nodes, START to END. Building it costs time quadratic in {@code n}:
     * {@code StateGraph.addEdge} looks for the edge among those already added ({@code
     * LinkedList.indexOf}), which is why the benchmark neither times it nor builds 100,000 nodes.
     */
    public static Built chain(int n) throws GraphStateException {
        var graph = new StateGraph<>(AgentState::new);
        String prev = GraphDefinition.START;
        for (int i = 0; i < n; i++) {
            String id = "n" + i;
            graph.addNode(id, node_async(state -> Map.of("last", id)));
            graph.addEdge(prev, id);
            prev = id;
        }
        graph.addEdge(prev, GraphDefinition.END);
        return new Built(graph, n + 10, n);
    }

    /** START to a fork node, {@code width} branches from it, all into one join node, then END. */
    public static Built fanOut(int width) throws GraphStateException {
        var graph = new StateGraph<>(AgentState::new);
        graph.addNode("fork", node_async(state -> Map.of("last", "fork")));
        graph.addNode("join", node_async(state -> Map.of("last", "join")));
        graph.addEdge(GraphDefinition.START, "fork");
        for (int i = 0; i < width; i++) {
            String id = "b" + i;
            graph.addNode(id, node_async(state -> Map.of("b", id)));
            graph.addEdge("fork", id);
            graph.addEdge(id, "join");
        }
        graph.addEdge("join", GraphDefinition.END);
        return new Built(graph, 100, width + 2L);
    }

    /** Compiles the graph with a fresh saver on {@code db} and invokes it to its end: what the benchmark times. */
    public static Done run(Built built, Path db, Durability mode) throws Exception {
        StateGraph<AgentState> graph = built.graph();
        int steps = built.steps();
        long nodes = built.nodes();
        var serializer = new ObjectStreamStateSerializer<>(AgentState::new);
        try (var saver = new SqliteCheckpointSaver(db, mode, serializer)) {
            CompiledGraph<AgentState> compiled = compile(graph, saver, steps);
            var config = RunnableConfig.builder().threadId(UUID.randomUUID().toString()).build();
            compiled.invoke(Map.of(), config).orElseThrow(() -> new IllegalStateException("LangGraph4j returned no final state"));
            return new Done(nodes, saver.written());
        }
    }

    private static CompiledGraph<AgentState> compile(StateGraph<AgentState> graph, SqliteCheckpointSaver saver, int steps)
            throws GraphStateException {
        return graph.compile(CompileConfig.builder().checkpointSaver(saver).recursionLimit(steps).build());
    }
}

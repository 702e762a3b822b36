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

    /** A chain of {@code n} nodes, START to END. */
    public static Done chain(int n, Path db, Durability mode) throws Exception {
        var graph = new StateGraph<>(AgentState::new);
        String prev = GraphDefinition.START;
        for (int i = 0; i < n; i++) {
            String id = "n" + i;
            graph.addNode(id, node_async(state -> Map.of("last", id)));
            graph.addEdge(prev, id);
            prev = id;
        }
        graph.addEdge(prev, GraphDefinition.END);
        return run(graph, n + 10, db, mode, n);
    }

    /** START to a fork node, {@code width} branches from it, all into one join node, then END. */
    public static Done fanOut(int width, Path db, Durability mode) throws Exception {
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
        return run(graph, 100, db, mode, width + 2L);
    }

    private static Done run(StateGraph<AgentState> graph, int steps, Path db, Durability mode, long nodes) throws Exception {
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

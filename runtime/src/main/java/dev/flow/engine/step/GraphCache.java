package dev.flow.engine.step;

import dev.flow.model.FlowGraph;
import dev.flow.model.Workflow;
import dev.flow.model.json.GraphFormatException;
import dev.flow.model.json.GraphJson;
import dev.flow.store.Tx;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Compiled graphs by the SHA-256 of their JSON, read from the database once per process, and the
 * {@link RunGraph} of each of their workflows.
 */
public final class GraphCache {
    private final Map<String, FlowGraph> graphs = new ConcurrentHashMap<>();
    private final Map<String, RunGraph> runGraphs = new ConcurrentHashMap<>();

    /** Stored form of a graph: its JSON and the hash it is kept under. */
    record Stored(String hash, String json) {}

    static Stored serialize(FlowGraph graph) {
        String json = GraphJson.writeWithoutSources(graph);
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(json.getBytes(StandardCharsets.UTF_8));
            return new Stored(HexFormat.of().formatHex(digest), json);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
        }
    }

    void remember(String hash, FlowGraph graph) {
        graphs.putIfAbsent(hash, graph);
    }

    public FlowGraph graph(Tx tx, String hash) {
        FlowGraph g = graphs.get(hash);
        if (g != null) {
            return g;
        }
        String json = tx.workflows().graphJson(hash)
                .orElseThrow(() -> new IllegalStateException("the database has no stored graph " + hash));
        try {
            g = GraphJson.read(json);
        } catch (GraphFormatException e) {
            throw new IllegalStateException("the stored graph " + hash + " cannot be read: " + e.getMessage(), e);
        }
        graphs.putIfAbsent(hash, g);
        return graphs.get(hash);
    }

    public RunGraph runGraph(Tx tx, String hash, String workflowId) {
        String key = hash + "/" + workflowId;
        RunGraph rg = runGraphs.get(key);
        if (rg != null) {
            return rg;
        }
        FlowGraph g = graph(tx, hash);
        Workflow w = g.workflow(workflowId)
                .orElseThrow(() -> new IllegalStateException("the stored graph " + hash + " has no workflow \"" + workflowId + "\""));
        runGraphs.putIfAbsent(key, new RunGraph(g, w));
        return runGraphs.get(key);
    }
}

package dev.flow.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.flow.engine.exec.Tails;
import dev.flow.engine.step.Decision;
import dev.flow.engine.step.EngineCore;
import dev.flow.engine.step.Json;
import dev.flow.engine.step.RunGraph;
import dev.flow.model.Edge;
import dev.flow.model.ExprFormatter;
import dev.flow.model.Node;
import dev.flow.model.Provenance;
import dev.flow.store.ExecutionRow;
import dev.flow.store.NodeRow;
import dev.flow.store.Tx;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The work graph of one or more execution trees as a read-only JSON document ({@value #FORMAT}),
 * for {@code flow run --snapshot FILE} and the like (seed 003's {@code workgraph.json}): every node
 * of each execution with its status, iteration, attempt, output, error and its class and summary;
 * every edge with whether it was taken. Read in one transaction, so it is one consistent moment.
 * The format is described in docs/runtime.md ("The work graph snapshot").
 *
 * @param json the document
 * @param lastEvents each execution's latest event number as read: an event at or below it is
 *     already reflected in the document
 */
public record WorkGraphSnapshot(String json, Map<String, Long> lastEvents) {
    /** The format's name and version: readers check it, and a change that is not an addition gets a new number. */
    public static final String FORMAT = "flow-work-graph/1";
    /** Plain values, indented: the document is for people to read as much as for tools. */
    private static final ObjectWriter INDENTED = new ObjectMapper().writerWithDefaultPrettyPrinter();

    public WorkGraphSnapshot {
        lastEvents = Map.copyOf(lastEvents);
    }

    static WorkGraphSnapshot read(EngineCore core, Collection<String> rootIds) {
        return core.store().read(tx -> {
            var executions = new ArrayList<Object>();
            var lastEvents = new LinkedHashMap<String, Long>();
            for (String root : rootIds) {
                tx.executions().get(root).ifPresent(row -> tree(core, tx, row, executions, lastEvents));
            }
            var doc = new LinkedHashMap<String, Object>();
            doc.put("format", FORMAT);
            doc.put("written_at", Instant.ofEpochMilli(core.now()).toString());
            doc.put("executions", executions);
            try {
                // indented: it is for people to read as much as for tools
                return new WorkGraphSnapshot(INDENTED.writeValueAsString(doc), lastEvents);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** The execution and its children, depth first, parents before children. */
    private static void tree(EngineCore core, Tx tx, ExecutionRow row, List<Object> out, Map<String, Long> lastEvents) {
        out.add(execution(core, tx, row));
        lastEvents.put(row.id(), row.eventSeq());
        for (ExecutionRow child : tx.executions().children(row.id())) {
            tree(core, tx, child, out, lastEvents);
        }
    }

    private static Map<String, Object> execution(EngineCore core, Tx tx, ExecutionRow row) {
        RunGraph g = core.graphs().runGraph(tx, row.graphHash(), row.workflowId());
        var rows = new LinkedHashMap<String, NodeRow>();
        tx.nodes().all(row.id()).forEach(r -> rows.put(r.nodeId(), r));
        var e = new LinkedHashMap<String, Object>();
        e.put("id", row.id());
        e.put("workflow", row.workflowId());
        e.put("status", row.status().keyword());
        e.put("report", row.report());
        e.put("parent_execution", row.parentId());
        e.put("parent_node", row.parentNode());
        e.put("graph_hash", row.graphHash());
        var versions = tx.graphVersions().all(row.id());
        e.put("graph_version", versions.isEmpty() ? 0 : versions.get(versions.size() - 1).version());
        e.put("cost", row.cost());
        e.put("last_event", row.eventSeq());
        var nodes = new ArrayList<Object>();
        for (Node n : g.workflow().nodes()) {
            nodes.add(node(n, rows.getOrDefault(n.id(), NodeRow.pending(row.id(), n.id()))));
        }
        e.put("nodes", nodes);
        var edges = new ArrayList<Object>();
        for (Edge edge : g.workflow().edges()) {
            NodeRow source = rows.getOrDefault(edge.from().name(), NodeRow.pending(row.id(), edge.from().name()));
            var j = new LinkedHashMap<String, Object>();
            j.put("id", edge.id());
            j.put("from", edge.from().name());
            j.put("to", edge.to().name());
            j.put("condition", edge.condition() == null ? null : ExprFormatter.toText(edge.condition()));
            j.put("loop_max", edge.isLoop() ? edge.loop().maxIterations() : null);
            j.put("on_limit", edge.onLimitReached());
            j.put("state", Decision.of(source, g.ordinal(edge)).name().toLowerCase(Locale.ROOT));
            edges.add(j);
        }
        e.put("edges", edges);
        return e;
    }

    private static Map<String, Object> node(Node n, NodeRow r) {
        var j = new LinkedHashMap<String, Object>();
        j.put("id", n.id());
        j.put("kind", n.kind().keyword());
        j.put("status", r.status().keyword());
        j.put("iteration", r.iteration());
        j.put("attempt", r.attempt());
        j.put("output", r.output());
        j.put("error", r.error());
        j.put("error_class", r.errorClass() == null ? null : r.errorClass().keyword());
        // a large result is kept in a file; its reference in the row still has the summary
        Object summary = r.resultJson() == null ? null : Json.readMap(r.resultJson()).get("summary");
        j.put("summary", summary instanceof String s ? Tails.clip(s, 300) : null);
        j.put("added_by", Provenance.grownBy(n).orElse(null));
        j.put("child_execution", r.childId());
        return j;
    }
}

package dev.flow.studio;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flow.engine.ExecutionQueries;
import dev.flow.engine.ExecutionView;
import dev.flow.engine.NodeState;
import dev.flow.engine.Question;
import dev.flow.engine.config.UsageException;
import dev.flow.model.FlowGraph;
import dev.flow.model.Workflow;
import dev.flow.model.json.GraphFormatException;
import dev.flow.model.json.GraphJson;
import dev.flow.render.MermaidRenderer;
import dev.flow.store.EventRow;
import dev.flow.store.ExecutionRow;
import dev.flow.store.KvEntry;
import dev.flow.store.RunRow;
import dev.flow.store.Store;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the studio's JSON API answers, read through the engine's queries and the store's read
 * side only: maps and lists that Jackson writes as they are.
 */
final class StudioData {
    /** How many executions the list shows, newest first. */
    static final int EXECUTIONS_SHOWN = 200;
    /** How many events one answer carries at most; the page asks again from the last one. */
    static final int EVENTS_PER_PAGE = 500;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ExecutionQueries queries;
    private final Store store;
    // graphs never change under their hash: each is read and drawn once
    private final Map<String, FlowGraph> graphs = new ConcurrentHashMap<>();

    StudioData(ExecutionQueries queries, Store store) {
        this.queries = queries;
        this.store = store;
    }

    /** The newest executions, top-level and children. */
    List<Map<String, Object>> executions() {
        return queries.executions(EXECUTIONS_SHOWN).stream().map(StudioData::execution).toList();
    }

    /** One execution in full: its nodes, questions, loops, state, children, kv and graph. */
    Map<String, Object> execution(String id) {
        ExecutionView view = queries.status(known(id));
        ExecutionRow row = view.execution();
        Workflow workflow = workflow(row);
        var out = new LinkedHashMap<String, Object>();
        out.put("execution", execution(row));
        out.put("nodes", view.nodes().stream().map(StudioData::node).toList());
        out.put("questions", view.questions().stream().map(StudioData::question).toList());
        out.put("loops", view.loops());
        out.put("state", view.state());
        out.put("children", view.children().stream().map(StudioData::execution).toList());
        out.put("kv", kv(row.id(), workflow));
        out.put("graph", graph(workflow));
        return out;
    }

    /** The events of an execution after {@code afterSeq}. */
    List<Map<String, Object>> events(String id, long afterSeq) {
        return queries.events(known(id), afterSeq, EVENTS_PER_PAGE).stream().map(StudioData::event).toList();
    }

    /** Every run of a node (earlier passes and attempts, then the current one) with its result. */
    List<Map<String, Object>> runs(String id, String nodeId) {
        return queries.history(known(id), nodeId).stream().map(StudioData::run).toList();
    }

    /** The execution's row, which says by its event counter and status whether anything changed. */
    ExecutionRow row(String id) {
        return queries.execution(known(id));
    }

    private String known(String id) {
        try {
            queries.execution(id);
            return id;
        } catch (UsageException e) {
            throw new HttpProblem(404, e.getMessage());
        }
    }

    static Map<String, Object> execution(ExecutionRow r) {
        var out = new LinkedHashMap<String, Object>();
        out.put("id", r.id());
        out.put("workflow", r.workflowId());
        out.put("status", r.status().keyword());
        out.put("root", r.rootId());
        out.put("parent", r.parentId());
        out.put("parentNode", r.parentNode());
        out.put("createdAt", r.createdAt());
        out.put("finishedAt", r.finishedAt());
        out.put("report", r.report());
        out.put("cost", r.cost());
        out.put("eventSeq", r.eventSeq());
        out.put("graphHash", r.graphHash());
        return out;
    }

    private static Map<String, Object> node(NodeState n) {
        var out = new LinkedHashMap<String, Object>();
        out.put("id", n.nodeId());
        out.put("kind", n.kind());
        out.put("status", n.status().keyword());
        out.put("iteration", n.iteration());
        out.put("attempt", n.attempt());
        out.put("passes", n.passes());
        // a gate that does not block routes as passed when its program is missing, but it did not pass (as flow status --format json)
        out.put("output", n.notRun().isPresent() ? "error" : n.output());
        out.put("error", n.notRun().orElse(n.error()));
        out.put("startedAt", n.startedAt());
        out.put("finishedAt", n.finishedAt());
        out.put("child", n.childExecution());
        out.put("cost", n.cost());
        out.put("earlier", n.earlier().stream().map(StudioData::run).toList());
        return out;
    }

    private static Map<String, Object> run(RunRow r) {
        var run = new LinkedHashMap<String, Object>();
        run.put("iteration", r.iteration());
        run.put("attempt", r.attempt());
        run.put("status", r.status().keyword());
        run.put("output", r.output());
        run.put("error", r.error());
        run.put("startedAt", r.startedAt());
        run.put("finishedAt", r.finishedAt());
        run.put("cost", r.cost());
        run.put("result", parsed(r.resultJson()));
        return run;
    }

    private static Map<String, Object> question(Question q) {
        var out = new LinkedHashMap<String, Object>();
        out.put("execution", q.executionId());
        out.put("node", q.nodeId());
        out.put("kind", q.kind());
        out.put("title", q.title());
        out.put("prompt", q.prompt());
        out.put("options", q.options());
        out.put("default", q.defaultOutput());
        out.put("deadline", q.deadline());
        out.put("wantsText", q.wantsText());
        return out;
    }

    private static Map<String, Object> event(EventRow e) {
        var out = new LinkedHashMap<String, Object>();
        out.put("seq", e.seq());
        out.put("execution", e.executionId());
        out.put("at", e.at());
        out.put("kind", e.kind());
        out.put("node", e.nodeId());
        out.put("data", parsed(e.data()));
        return out;
    }

    private static Object parsed(String data) {
        if (data == null) {
            return null;
        }
        try {
            return JSON.readTree(data);
        } catch (JsonProcessingException e) {
            return data; // not JSON: shown as the text it is
        }
    }

    /** The run's keys, then each node's, with their latest values. */
    private List<Map<String, Object>> kv(String executionId, Workflow workflow) {
        var scopes = new ArrayList<String>();
        scopes.add(KvEntry.RUN_SCOPE);
        workflow.nodes().forEach(n -> scopes.add(n.id()));
        var out = new ArrayList<Map<String, Object>>();
        for (String scope : scopes) {
            for (KvEntry e : queries.kvList(executionId, scope, "")) {
                var entry = new LinkedHashMap<String, Object>();
                entry.put("scope", e.scope());
                entry.put("key", e.key());
                entry.put("value", e.value());
                entry.put("artifact", e.artifact());
                entry.put("bytes", e.bytes());
                entry.put("writer", e.writer());
                entry.put("at", e.at());
                out.add(entry);
            }
        }
        return out;
    }

    private Workflow workflow(ExecutionRow row) {
        FlowGraph graph = graphs.computeIfAbsent(row.graphHash(), hash -> {
            String json = store.read(tx -> tx.workflows().graphJson(hash))
                    .orElseThrow(() -> new HttpProblem(500, "the database has no graph " + hash + " for execution " + row.id()));
            try {
                return GraphJson.read(json);
            } catch (GraphFormatException e) {
                throw new HttpProblem(500, "the graph of execution " + row.id() + " cannot be read: " + e.getMessage());
            }
        });
        return graph.workflow(row.workflowId())
                .orElseThrow(() -> new HttpProblem(500, "the graph of execution " + row.id() + " has no workflow \"" + row.workflowId() + "\""));
    }

    /**
     * The workflow as Mermaid source, and which Mermaid id draws each node, by which the page
     * colours them.
     */
    private static Map<String, Object> graph(Workflow workflow) {
        var out = new LinkedHashMap<String, Object>();
        out.put("mermaid", new MermaidRenderer().render(workflow));
        out.put("ids", MermaidRenderer.ids(workflow));
        return out;
    }
}

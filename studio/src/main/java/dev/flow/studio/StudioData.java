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
import dev.flow.store.EventRow;
import dev.flow.store.ExecutionFilter;
import dev.flow.store.ExecutionRow;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.KvEntry;
import dev.flow.store.NodeStatus;
import dev.flow.store.RunRow;
import dev.flow.store.Store;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the studio's JSON API answers, read through the engine's queries and the store's read
 * side only: maps and lists that Jackson writes as they are.
 */
final class StudioData {
    /** How many of the newest executions the list's change signal names (new ones usually run, and show among the active too). */
    static final int NEWEST_WATCHED = 5;
    /** How many events one answer carries at most; the page asks again from the last one. */
    static final int EVENTS_PER_PAGE = 500;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ExecutionQueries queries;
    private final Store store;
    /** How many key-value entries the execution's answer carries (a run of 10,000 nodes keeps several for each). */
    static final int KV_SHOWN = 200;
    /** How many running nodes the execution's answer names: what the page asks their activity of (64 at most). */
    static final int RUNNING_SHOWN = 64;

    // graphs never change under their hash: each is read once
    private final Map<String, FlowGraph> graphs = new ConcurrentHashMap<>();
    // nor does their picture: drawing a graph of 10,000 nodes took longer than the rest of its page
    private final GraphPicture pictures = new GraphPicture();

    StudioData(ExecutionQueries queries, Store store) {
        this.queries = queries;
        this.store = store;
    }

    /**
     * What says whether the executions list may have changed, however it is filtered: the newest
     * executions, and every execution that has not ended with its status, event counter and
     * whether it waits for a driver. An execution changes only while it has not ended (it ends
     * once: then it leaves this set, which is a change too), so a page that shows any search, any
     * page of it, is told when to read it again. It was the 200 newest executions: a search whose
     * rows were older than those was never told. Its first element, when there is any execution,
     * is the newest one's id.
     */
    List<String> listSignature() {
        var out = new ArrayList<String>();
        queries.executions(NEWEST_WATCHED).forEach(r -> out.add(r.id()));
        var active = new ExecutionFilter(EnumSet.of(ExecutionStatus.RUNNING, ExecutionStatus.WAITING), null, null, null, null, null, false);
        ExecutionFilter.Cursor after = null;
        while (true) {
            List<ExecutionRow> rows = queries.find(active, after, FindQuery.MAX_PAGE);
            rows.forEach(r -> out.add(r.id() + " " + r.status().keyword() + " " + r.eventSeq() + " " + waitingForDriver(r)));
            if (rows.size() < FindQuery.MAX_PAGE) {
                return out;
            }
            after = ExecutionFilter.Cursor.after(rows.get(rows.size() - 1));
        }
    }

    /** One execution with the first page of its nodes and its graph as the page draws it. */
    Map<String, Object> execution(String id) {
        return execution(id, NodePage.FIRST, null);
    }

    /**
     * One execution as its page opens it: its summary, how many nodes stand in each status, one
     * page of its nodes (as {@code page} asks: the table's filter and place), the running ones
     * (what the page asks their agents' activity of), questions, loops, state, children, the first
     * {@link #KV_SHOWN} key-value entries, and the graph as {@link GraphPicture} draws it (around
     * {@code graphNode} when the graph is too large to draw whole). Never every node: a run of
     * 10,000 nodes answered 3.1 MB.
     */
    Map<String, Object> execution(String id, NodePage page, String graphNode) {
        ExecutionView view = queries.status(known(id));
        ExecutionRow row = view.execution();
        Workflow workflow = workflow(row);
        var out = new LinkedHashMap<String, Object>();
        out.put("execution", execution(row));
        out.put("counts", NodePage.counts(view.nodes()));
        out.put("total", view.nodes().size());
        Map<String, Object> nodes = page.of(view.nodes(), StudioData::node);
        out.put("nodes", nodes.remove("nodes"));
        out.put("page", nodes);
        out.put("running", view.nodes().stream().filter(n -> n.status() == NodeStatus.RUNNING).limit(RUNNING_SHOWN).map(StudioData::running).toList());
        out.put("questions", view.questions().stream().map(StudioData::question).toList());
        out.put("loops", view.loops());
        out.put("state", view.state());
        out.put("children", view.children().stream().map(StudioData::execution).toList());
        List<Map<String, Object>> kv = kv(row.id(), workflow);
        out.put("kv", kv.size() > KV_SHOWN ? kv.subList(0, KV_SHOWN) : kv);
        out.put("kvTotal", kv.size());
        out.put("graph", pictures.of(row.graphHash() + "/" + row.workflowId(), workflow, view.nodes(), graphNode));
        return out;
    }

    /** A page of an execution's nodes ({@code GET /api/executions/ID/nodes}): {@code nodes}, {@code next}, {@code matching}. */
    Map<String, Object> nodes(String id, NodePage page) {
        return page.of(queries.status(known(id)).nodes(), StudioData::node);
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
        out.put("waitingForDriver", waitingForDriver(r));
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

    /**
     * Whether the run has work ready and nothing running it: after an answer with no worker, a
     * fork, or {@code flow run --detach}. Its status stays {@code running}, but it goes on only
     * when a {@code flow worker} or {@code flow resume} drives it, and the page says so.
     */
    static boolean waitingForDriver(ExecutionRow r) {
        return r.status() == ExecutionStatus.RUNNING && r.stopping() == null && r.running() == 0 && r.active() > 0;
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

    private static Map<String, Object> running(NodeState n) {
        var out = new LinkedHashMap<String, Object>();
        out.put("id", n.nodeId());
        out.put("iteration", n.iteration());
        out.put("attempt", n.attempt());
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

    /** The run's keys, then each node's in the workflow's order, with their latest values: one read, whatever the number of nodes. */
    private List<Map<String, Object>> kv(String executionId, Workflow workflow) {
        var order = new HashMap<String, Integer>();
        order.put(KvEntry.RUN_SCOPE, -1);
        for (int i = 0; i < workflow.nodes().size(); i++) {
            order.putIfAbsent(workflow.nodes().get(i).id(), i);
        }
        var out = new ArrayList<Map<String, Object>>();
        queries.kvAll(executionId).stream()
                .filter(e -> order.containsKey(e.scope()))
                .sorted(Comparator.comparingInt((KvEntry e) -> order.get(e.scope())).thenComparing(KvEntry::key))
                .forEach(e -> {
                    var entry = new LinkedHashMap<String, Object>();
                    entry.put("scope", e.scope());
                    entry.put("key", e.key());
                    entry.put("value", e.value());
                    entry.put("artifact", e.artifact());
                    entry.put("bytes", e.bytes());
                    entry.put("writer", e.writer());
                    entry.put("at", e.at());
                    out.add(entry);
                });
        return out;
    }

    Workflow workflow(ExecutionRow row) {
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

}

package dev.flow.studio;

import dev.flow.engine.ExecutionQueries;
import dev.flow.model.Node;
import dev.flow.model.Workflow;
import dev.flow.store.ExecutionFilter;
import dev.flow.store.ExecutionRow;
import dev.flow.store.NodeRow;
import dev.flow.store.RunRow;
import dev.flow.store.Store;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What runs spent: tokens and cost per node, per agent and per run (every attempt and loop pass
 * added up, from what each attempt's agent reported), and across the latest runs of a workflow.
 */
final class CostData {
    /** How many of a workflow's runs the comparison covers, newest first. */
    static final int RUNS_COMPARED = 50;

    private final ExecutionQueries queries;
    private final Store store;
    private final StudioData data;

    CostData(ExecutionQueries queries, Store store, StudioData data) {
        this.queries = queries;
        this.store = store;
        this.data = data;
    }

    /** One run's spending: {@code total}, {@code nodes} (those that spent or reported tokens) and {@code agents}. */
    Map<String, Object> execution(String executionId) {
        ExecutionRow row = data.row(executionId);
        Workflow workflow = data.workflow(row);
        var byNode = new TreeMap<String, Usage>();
        var attempts = new TreeMap<String, Integer>();
        for (Attempt a : attempts(executionId)) {
            byNode.merge(a.node(), a.usage(), Usage::plus);
            attempts.merge(a.node(), 1, Integer::sum);
        }
        var byAgent = new TreeMap<String, Usage>();
        var nodes = new ArrayList<Map<String, Object>>();
        Usage total = Usage.NONE;
        for (var e : byNode.entrySet()) {
            Usage u = e.getValue();
            total = total.plus(u);
            if (u.cost() == 0 && !u.reported()) {
                continue; // a command or control node: nothing to show
            }
            String agent = workflow.node(e.getKey()).map(Node::namedAgent).map(n -> n.name()).orElse(null);
            if (agent != null) {
                byAgent.merge(agent, u, Usage::plus);
            }
            var node = new LinkedHashMap<String, Object>();
            node.put("node", e.getKey());
            node.put("agent", agent);
            node.put("attempts", attempts.get(e.getKey()));
            node.putAll(u.json());
            nodes.add(node);
        }
        var agents = new ArrayList<Map<String, Object>>();
        byAgent.forEach((agent, u) -> {
            var out = new LinkedHashMap<String, Object>();
            out.put("agent", agent);
            out.putAll(u.json());
            agents.add(out);
        });
        var out = new LinkedHashMap<String, Object>();
        out.put("execution", executionId);
        out.put("total", total.json());
        out.put("nodes", nodes);
        out.put("agents", agents);
        return out;
    }

    /** The latest runs of a workflow (children included), each with its spending, and their sum. */
    Map<String, Object> workflow(String workflowId) {
        List<ExecutionRow> rows = queries.find(new ExecutionFilter(Set.of(), workflowId, null, null, null, null, false), null, RUNS_COMPARED);
        var runs = new ArrayList<Map<String, Object>>();
        Usage total = Usage.NONE;
        for (ExecutionRow r : rows) {
            Usage u = Usage.NONE;
            for (Attempt a : attempts(r.id())) {
                u = u.plus(a.usage());
            }
            total = total.plus(u);
            var run = new LinkedHashMap<String, Object>();
            run.put("id", r.id());
            run.put("status", r.status().keyword());
            run.put("createdAt", r.createdAt());
            run.put("finishedAt", r.finishedAt());
            run.putAll(u.json());
            runs.add(run);
        }
        var out = new LinkedHashMap<String, Object>();
        out.put("workflow", workflowId);
        out.put("count", rows.size());
        out.put("total", total.json());
        out.put("runs", runs);
        return out;
    }

    private record Attempt(String node, Usage usage) {}

    /** Every attempt of every node of a run, current and earlier, in one read. */
    private List<Attempt> attempts(String executionId) {
        return store.read(tx -> {
            var out = new ArrayList<Attempt>();
            for (NodeRow n : tx.nodes().all(executionId)) {
                if (n.startedAt() != null || n.status().isDecided()) {
                    out.add(new Attempt(n.nodeId(), Usage.of(n.resultJson(), n.cost())));
                }
            }
            for (RunRow r : tx.runs().all(executionId)) {
                out.add(new Attempt(r.nodeId(), Usage.of(r.resultJson(), r.cost())));
            }
            return out;
        });
    }
}

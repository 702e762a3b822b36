package dev.flow.studio;

import dev.flow.engine.ExecutionQueries;
import dev.flow.engine.config.UsageException;
import dev.flow.model.Workflow;
import dev.flow.render.MermaidRenderer;
import dev.flow.store.ExecutionRow;
import dev.flow.store.GraphVersionRow;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The versions of a grown graph (as {@code flow graph ID --graph-version N}): each with the planner
 * node and attempt whose answer added it and the nodes and edges it added; and one version drawn,
 * for the page's switch between them.
 */
final class GraphVersions {
    private final ExecutionQueries queries;

    GraphVersions(ExecutionQueries queries) {
        this.queries = queries;
    }

    /** The versions, oldest first; empty when the graph never grew. */
    List<Map<String, Object>> list(String executionId) {
        return queries.graphVersions(executionId).stream().map(GraphVersions::version).toList();
    }

    /** Version {@code n} drawn: its Mermaid source and ids, its nodes, and what it added. */
    Map<String, Object> graph(String executionId, int n) {
        ExecutionRow row = queries.execution(executionId);
        Workflow workflow;
        try {
            workflow = queries.graph(executionId, n).workflow(row.workflowId())
                    .orElseThrow(() -> new HttpProblem(500, "version " + n + " of the graph has no workflow \"" + row.workflowId() + "\""));
        } catch (UsageException e) {
            throw new HttpProblem(404, e.getMessage());
        }
        var out = new LinkedHashMap<String, Object>();
        out.put("version", n);
        out.put("mermaid", new MermaidRenderer().render(workflow));
        out.put("ids", MermaidRenderer.ids(workflow));
        out.put("nodes", workflow.nodes().stream().map(x -> x.id()).toList());
        queries.graphVersions(executionId).stream().filter(v -> v.version() == n).findFirst()
                .ifPresent(v -> out.put("added", version(v)));
        return out;
    }

    private static Map<String, Object> version(GraphVersionRow v) {
        var out = new LinkedHashMap<String, Object>();
        out.put("version", v.version());
        out.put("grownBy", v.grownBy());
        out.put("iteration", v.iteration());
        out.put("attempt", v.attempt());
        out.put("addedNodes", v.addedNodes());
        out.put("addedEdges", v.addedEdges());
        out.put("createdAt", v.createdAt());
        return out;
    }
}

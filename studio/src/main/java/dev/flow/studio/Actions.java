package dev.flow.studio;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flow.engine.Engine;
import dev.flow.model.Input;
import dev.flow.model.Workflow;
import dev.flow.store.ExecutionRow;
import dev.flow.store.NodeRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a person may do to a run besides answering and cancelling: fork it from a node, with inputs
 * changed, as {@code flow fork --detach} does. The studio never drives a run itself (no step runs in
 * its process): a fork, like a run answered with no worker, waits for a {@code flow worker} or
 * {@code flow resume}, and the page shows that command.
 */
final class Actions {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Engine engine;
    private final StudioData data;

    Actions(Engine engine, StudioData data) {
        this.engine = engine;
        this.data = data;
    }

    /**
     * What the page's dialogs need: the database (for the commands they show), the workflow's
     * inputs with this run's values, and the nodes a fork may start from (those the run reached).
     */
    Map<String, Object> form(String executionId) {
        ExecutionRow row = data.row(executionId);
        Workflow workflow = data.workflow(row);
        JsonNode values = parsed(row.inputsJson());
        var inputs = new ArrayList<Map<String, Object>>();
        for (Input i : workflow.inputs()) {
            var input = new LinkedHashMap<String, Object>();
            input.put("name", i.name());
            input.put("type", i.type().toString());
            JsonNode v = values.get(i.name());
            input.put("value", v == null || v.isNull() ? null : v.isTextual() ? v.asText() : v.toString());
            inputs.add(input);
        }
        Set<String> reached = engine.store().read(tx -> tx.nodes().all(executionId)).stream()
                .filter(n -> n.enteredSeq() != null).map(NodeRow::nodeId).collect(Collectors.toSet());
        var forkable = new ArrayList<String>();
        workflow.nodes().forEach(n -> {
            if (reached.contains(n.id())) {
                forkable.add(n.id());
            }
        });
        var out = new LinkedHashMap<String, Object>();
        out.put("database", engine.store().address());
        out.put("inputs", inputs);
        out.put("forkable", forkable);
        out.put("top", row.isTop());
        return out;
    }

    /** Forks the run from {@code body.node} with {@code body.inputs} (name to text) changed; the new run's id. */
    Map<String, Object> fork(String executionId, JsonNode body) {
        data.row(executionId);
        JsonNode node = body.get("node");
        if (node == null || !node.isTextual() || node.asText().isEmpty()) {
            throw new HttpProblem(400, "the request needs \"node\": the node to fork from");
        }
        var inputs = new LinkedHashMap<String, String>();
        JsonNode given = body.path("inputs");
        if (!given.isMissingNode() && !given.isNull() && !given.isObject()) {
            throw new HttpProblem(400, "\"inputs\" is an object of input names to their values as text");
        }
        given.fields().forEachRemaining(e -> inputs.put(e.getKey(), e.getValue().isTextual() ? e.getValue().asText() : e.getValue().toString()));
        String fork = engine.fork(executionId, node.asText(), inputs);
        var out = new LinkedHashMap<String, Object>();
        out.put("execution", fork);
        out.put("source", executionId);
        out.put("node", node.asText());
        return out;
    }

    private static JsonNode parsed(String json) {
        try {
            JsonNode node = json == null ? null : JSON.readTree(json);
            return node == null || !node.isObject() ? JSON.createObjectNode() : node;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return JSON.createObjectNode();
        }
    }
}

package dev.flow.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flow.engine.ExecutionView;
import dev.flow.engine.IsolatedStep;
import dev.flow.engine.NodeState;
import dev.flow.engine.Question;
import dev.flow.engine.Transcript;
import dev.flow.store.EventRow;
import dev.flow.store.ExecutionRow;
import dev.flow.store.ForkRow;
import dev.flow.store.ErrorClass;
import dev.flow.engine.broker.KvAccess;
import dev.flow.engine.exec.AttemptTokens;
import dev.flow.store.NodeStatus;
import dev.flow.store.RunRow;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The JSON of {@code flow status --format json}, {@code flow log --format json} and {@code flow kv
 * ls --format json}: stable field names, times as ISO-8601 in UTC plus milliseconds where a length
 * of time is meant.
 */
final class ExecutionJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ExecutionJson() {}

    static String executions(List<ExecutionRow> rows, long now) {
        ArrayNode array = JSON.createArrayNode();
        rows.forEach(r -> array.add(execution(r, now)));
        return pretty(array);
    }

    private static ObjectNode execution(ExecutionRow r, long now) {
        ObjectNode o = JSON.createObjectNode();
        o.put("id", r.id());
        o.put("workflow", r.workflowId());
        o.put("status", r.status().keyword());
        o.put("report", r.report());
        o.put("parent", r.parentId());
        o.put("started", Times.iso(r.createdAt()));
        o.put("finished", Times.iso(r.finishedAt()));
        o.put("durationMs", (r.finishedAt() != null ? r.finishedAt() : now) - r.createdAt());
        o.put("steps", r.workCount());
        o.put("cost", r.cost());
        return o;
    }

    /**
     * @param live the transcript of a node's run that is still going ({@link
     *     dev.flow.engine.ExecutionQueries#transcript}): its {@code activity} so far, the last being
     *     what the agent does now
     */
    static String view(ExecutionView v, List<IsolatedStep> isolated, ForkRow origin, long now, Function<NodeState, Optional<Transcript>> live) {
        ObjectNode o = execution(v.execution(), now);
        var totals = TokenTotals.of(v);
        if (totals.reported()) {
            o.put("inputTokens", totals.input());
            o.put("outputTokens", totals.output());
        }
        if (origin != null) {
            ObjectNode f = o.putObject("forkedFrom");
            f.put("execution", origin.sourceId());
            f.put("node", origin.nodeId());
            f.put("iteration", origin.iteration());
            origin.reused().forEach(f.putArray("reused")::add);
        }
        ArrayNode nodes = o.putArray("nodes");
        for (NodeState n : v.nodes()) {
            ObjectNode j = nodes.addObject();
            isolated.stream().filter(s -> s.nodeId().equals(n.nodeId())).findFirst().ifPresent(s -> isolation(j, s));
            j.put("id", n.nodeId());
            j.put("kind", n.kind());
            attempt(j, n.status(), n.iteration(), n.attempt(), n.output(), n.error(), n.errorClass(), n.cost(), n.startedAt(), n.finishedAt());
            n.notRun().ifPresent(why -> {
                // a gate that does not block routes as passed when its program is missing, but it did not pass
                j.put("output", "error");
                j.put("routedAs", n.output());
                j.put("error", why);
            });
            n.gateWarnings().ifPresent(found -> found.lines().forEach(j.putArray("gateWarnings")::add));
            agentRun(j, n.resultJson());
            if (n.status() == NodeStatus.RUNNING) {
                live.apply(n).ifPresent(t -> transcript(j, t.file().toString(), JSON.valueToTree(t.activity())));
            }
            j.put("passes", n.passes());
            if (n.startedAt() != null && n.finishedAt() != null) {
                j.put("durationMs", n.finishedAt() - n.startedAt());
            }
            if (n.childExecution() != null) {
                j.put("child", n.childExecution());
            }
            j.put("session", n.sessionId());
            ArrayNode runs = j.putArray("earlier");
            for (RunRow r : n.earlier()) {
                attempt(runs.addObject(), r.status(), r.iteration(), r.attempt(), r.output(), r.error(), r.errorClass(), r.cost(), r.startedAt(),
                        r.finishedAt());
                agentRun((ObjectNode) runs.get(runs.size() - 1), r.resultJson());
            }
        }
        ArrayNode questions = o.putArray("questions");
        for (Question q : v.questions()) {
            ObjectNode j = questions.addObject();
            j.put("execution", q.executionId());
            j.put("node", q.nodeId());
            j.put("kind", q.kind());
            j.put("title", q.title());
            j.put("prompt", q.prompt());
            ArrayNode options = j.putArray("options");
            q.options().forEach(options::add);
            j.put("default", q.defaultOutput());
            j.put("deadline", Times.iso(q.deadline()));
        }
        ObjectNode loops = o.putObject("loops");
        v.loops().forEach(loops::put);
        o.set("state", JSON.valueToTree(v.state()));
        ArrayNode children = o.putArray("children");
        v.children().forEach(c -> children.add(c.id()));
        return pretty(o);
    }

    /** The fields of one run of a node: the current one, or an earlier attempt or loop pass. */
    private static void attempt(ObjectNode j, NodeStatus status, int iteration, int attempt, String output, String error, ErrorClass errorClass,
            Double cost, Long started, Long finished) {
        j.put("status", status.keyword());
        j.put("attempt", attempt);
        j.put("iteration", iteration);
        j.put("output", output);
        j.put("error", error);
        j.put("errorClass", errorClass == null ? null : errorClass.keyword());
        j.put("cost", cost);
        j.put("started", Times.iso(started));
        j.put("finished", Times.iso(finished));
    }

    /**
     * What an agent's run left in its result: the tokens it reported ({@code inputTokens}, {@code
     * outputTokens}), what its CLI refused ({@code refused}), its transcript ({@code transcript},
     * the file of its whole output) and what it did by it ({@code activity}); each only when there.
     */
    private static void agentRun(ObjectNode j, String resultJson) {
        if (resultJson == null || resultJson.isBlank()) {
            return;
        }
        com.fasterxml.jackson.databind.JsonNode result;
        try {
            result = JSON.readTree(resultJson);
        } catch (JsonProcessingException e) {
            return;
        }
        AttemptTokens tokens = AttemptTokens.of(result);
        if (tokens.reported()) {
            j.put("inputTokens", tokens.input());
            j.put("outputTokens", tokens.output());
        }
        if (result.path("refused").isArray() && result.get("refused").size() > 0) {
            j.set("refused", result.get("refused"));
        }
        if (result.path("transcript").isTextual()) {
            transcript(j, result.get("transcript").asText(), result.path("activity"));
        }
    }

    private static void transcript(ObjectNode j, String file, com.fasterxml.jackson.databind.JsonNode activity) {
        j.put("transcript", file);
        if (activity.isArray() && !activity.isEmpty()) {
            j.set("activity", activity);
        }
    }

    /** An isolated step's worktree and commits; {@code appliedCommit} or {@code conflictFiles} say what became of its changes. */
    private static void isolation(ObjectNode j, IsolatedStep s) {
        ObjectNode w = j.putObject("isolation");
        w.put("worktree", s.worktree());
        w.put("baseCommit", s.baseCommit());
        w.put("stepCommit", s.stepCommit());
        w.put("appliedCommit", s.appliedCommit());
        ArrayNode files = w.putArray("conflictFiles");
        s.conflictFiles().forEach(files::add);
    }

    /** One event as a single line of JSON (so that {@code --follow} output can be read line by line). */
    static String event(EventRow e) {
        ObjectNode o = JSON.createObjectNode();
        o.put("seq", e.seq());
        o.put("execution", e.executionId());
        o.put("at", Times.iso(e.at()));
        o.put("kind", e.kind());
        o.put("node", e.nodeId());
        o.set("data", EventText.data(e));
        return compact(o);
    }

    static String kvEntries(List<KvAccess.Value> entries) {
        ArrayNode array = JSON.createArrayNode();
        for (KvAccess.Value e : entries) {
            ObjectNode o = array.addObject();
            o.put("scope", e.scope());
            o.put("key", e.key());
            o.put("value", e.value());
            o.put("bytes", e.bytes());
            o.put("writer", e.writer());
            o.put("at", Times.iso(e.at()));
        }
        return pretty(array);
    }

    private static String pretty(Object node) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String compact(Object node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}

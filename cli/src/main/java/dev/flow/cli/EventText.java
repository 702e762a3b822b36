package dev.flow.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.flow.store.EventRow;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Events as the sentences {@code flow run} prints while it runs ({@code node fix completed done
 * (1.2s)}), and their details as JSON.
 */
final class EventText {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int SUMMARY_SHOWN = 72;

    private EventText() {}

    /** The event's details; an empty object when it has none. */
    /** {@code 1 process}, {@code 3 processes}. */
    static String processes(long n) {
        return n + (n == 1 ? " process" : " processes");
    }

    static JsonNode data(EventRow e) {
        if (e.data() == null || e.data().isBlank()) {
            return JSON.createObjectNode();
        }
        try {
            return JSON.readTree(e.data());
        } catch (IOException ex) {
            return JSON.createObjectNode().put("text", e.data());
        }
    }

    /**
     * What happened, in a few words, or null for events a person watching the run need not see
     * (control nodes completing, key-value writes, lease bookkeeping of a healthy run).
     *
     * @param who how to name the node: its id, qualified for a child execution
     * @param tookMillis how long the node ran, for completions and failures; null when not known
     * @param shown whether this node's start was shown (control nodes have none, and their completion is not shown either)
     */
    static String describe(EventRow e, String who, Long tookMillis, boolean shown) {
        JsonNode d = data(e);
        String took = tookMillis == null ? "" : " (" + Times.duration(tookMillis) + ")";
        return switch (e.kind()) {
            case "node_started" -> "node " + who + " started" + again(d);
            case "node_completed" -> !shown ? null : d.has(dev.flow.model.ResultFields.NOT_RUN)
                    ? "node " + who + " could not run" + took + ", and it does not block: " + text(d, dev.flow.model.ResultFields.NOT_RUN)
                    : "node " + who + " completed " + text(d, "output") + took + summary(d);
            case "node_failed" -> "node " + who + " failed" + errorClass(d) + ": " + text(d, "error") + took + cost(d);
            case "node_retry" -> "node " + who + " failed" + errorClass(d) + ", will retry (attempt " + text(d, "attempt") + " in "
                    + Times.duration(d.path("delay_ms").asLong()) + "): " + text(d, "error") + cost(d);
            case "node_skipped" -> "node " + who + " skipped" + ("person".equals(text(d, "by")) ? " by a person" : "");
            case "node_cancelled" -> "node " + who + " cancelled: " + text(d, "reason");
            case "node_waiting" -> d.has("child") ? "node " + who + " waits for its child execution " + text(d, "child")
                    : "node " + who + " waits for a person: " + options(d);
            case "answered" -> "node " + who + " answered " + text(d, "answer");
            case "answer_defaulted" -> "node " + who + " took its default answer " + text(d, "answer") + " (no answer in time)";
            case "loop" -> d.has("limit") ? "loop " + text(d, "edge") + ": pass " + text(d, "iteration") + " of " + text(d, "limit")
                    : "loop " + text(d, "edge");
            case "loop_limit" -> "loop " + text(d, "edge") + " ran out (limit " + text(d, "limit") + ")";
            case "stopping" -> "stopping (" + text(d, "status").replace('_', ' ') + "): " + text(d, "report");
            case "warning" -> "warning" + (e.nodeId() == null ? "" : " at node " + who) + ": " + text(d, "message");
            case "lease_lost" -> "node " + who + " handed over: " + text(d, "why") + (d.has("processes_stopped")
                    ? " (" + processes(d.get("processes_stopped").asLong()) + " it left running stopped)" : "");
            case "lease_released" -> "node " + who + " handed back: " + text(d, "why");
            case "circuit_opened" -> "agent " + text(d, "agent") + " failed too often; its nodes wait before trying again";
            case "result_dropped" -> "node " + who + ": a late result was dropped (" + text(d, "reason") + ")";
            case "checkpoint" -> "checkpoint " + who;
            case "graph_grown" -> "node " + who + " grew the graph (version " + text(d, "version") + "): added " + names(d.path("nodes"));
            case "node_escalated" -> "node " + who + " failed for good" + errorClass(d) + ", escalated to " + text(d, "to") + ": "
                    + text(d, "error");
            case "node_reset" -> "node " + who + " runs again (pass " + text(d, "iteration") + "), as " + text(d, "by") + " asked"
                    + (text(d, "note").isEmpty() ? "" : ": " + text(d, "note"));
            case "escalation_ended" -> "node " + who + "'s failure stands: " + text(d, "reason");
            case "forked" -> "forked from " + text(d, "from") + " at " + text(d, "node") + (d.path("iteration").asInt(1) > 1
                    ? " (pass " + d.path("iteration").asInt() + ")" : "") + ", reusing " + names(d.path("reused"));
            case "cancelled" -> "run cancelled by " + text(d, "by") + (text(d, "reason").isEmpty() ? "" : ": " + text(d, "reason"));
            default -> null;
        };
    }

    /** The last line the node printed (or its agent's summary), cut short: ": hello, world". */
    private static String summary(JsonNode d) {
        String s = text(d, "summary").strip();
        if (s.isEmpty()) {
            return "";
        }
        return ": " + (s.length() <= SUMMARY_SHOWN ? s : s.substring(0, SUMMARY_SHOWN - 3) + "...");
    }

    /** " (validation)": the class of a failed attempt, when the event has one. */
    private static String errorClass(JsonNode d) {
        String c = text(d, "class");
        return c.isEmpty() ? "" : " (" + c + ")";
    }

    /** " [cost $0.12]": what a failed attempt's agent reported spending, when it did. */
    private static String cost(JsonNode d) {
        double c = d.path("cost").asDouble(0);
        return c > 0 ? " [cost " + Formats.cost(c) + "]" : "";
    }

    private static String again(JsonNode d) {
        var parts = new ArrayList<String>();
        if (d.path("iteration").asInt(1) > 1) {
            parts.add("pass " + d.path("iteration").asInt());
        }
        if (d.path("attempt").asInt(1) > 1) {
            parts.add("attempt " + d.path("attempt").asInt());
        }
        return parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")";
    }

    /** "plan, build" from a list of node ids; "nothing" for none. */
    private static String names(JsonNode list) {
        List<String> names = new ArrayList<>();
        list.forEach(n -> names.add(n.asText()));
        return names.isEmpty() ? "nothing" : String.join(", ", names);
    }

    private static String options(JsonNode d) {
        List<String> options = new ArrayList<>();
        d.path("options").forEach(o -> options.add(o.asText()));
        return String.join(" | ", options);
    }

    private static String text(JsonNode d, String field) {
        JsonNode v = d.path(field);
        return v.isMissingNode() || v instanceof NullNode ? "" : v.asText();
    }
}

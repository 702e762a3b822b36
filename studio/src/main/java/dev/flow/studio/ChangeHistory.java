package dev.flow.studio;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flow.engine.ExecutionQueries;
import dev.flow.store.EventRow;
import dev.flow.store.KvEntry;
import dev.flow.store.KvTable;
import dev.flow.store.StateTable.StateWrite;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each step changed, read when the page asks for it: the state variables' kept writes grouped
 * by the step that made them, each with the value before and after; and the key-value store's kept
 * values in the order they were written, each with its writer and the value it replaced. The page
 * draws the difference of each pair.
 */
final class ChangeHistory {
    /** How many of the latest state steps and kv writes one answer carries. */
    static final int STEPS_SHOWN = 500;
    /** Values larger than this are not carried whole (an artifact's size is shown instead). */
    static final int VALUE_MAX = 64 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** How many events after a write its step's outcome may come. */
    private static final int OUTCOME_WITHIN = 5;
    private static final List<String> OUTCOMES = List.of("node_completed", "node_failed", "node_waiting");

    private final ExecutionQueries queries;

    ChangeHistory(ExecutionQueries queries) {
        this.queries = queries;
    }

    Map<String, Object> of(String executionId) {
        var out = new LinkedHashMap<String, Object>();
        out.put("state", state(executionId));
        out.put("kv", kv(executionId));
        return out;
    }

    /**
     * The state's writes as steps: all writes of one event number are one step's. A node's reported
     * state is written just before its {@code node_completed} event and its {@code on} handlers' at
     * it, so a step is named by the event at its number or the one after.
     */
    private List<Map<String, Object>> state(String executionId) {
        List<StateWrite> writes = queries.stateHistory(executionId);
        var last = new HashMap<String, Object>();
        var steps = new ArrayList<Map<String, Object>>();
        Map<String, Object> step = null;
        long seq = Long.MIN_VALUE;
        for (StateWrite w : writes) {
            if (step == null || w.seq() != seq) {
                seq = w.seq();
                step = new LinkedHashMap<>();
                step.put("seq", seq);
                step.put("changes", new ArrayList<Map<String, Object>>());
                steps.add(step);
            }
            Object value = parsed(w.valueJson());
            var change = new LinkedHashMap<String, Object>();
            change.put("name", w.name());
            change.put("before", last.get(w.name()));
            change.put("after", value);
            change.put("new", !last.containsKey(w.name()));
            last.put(w.name(), value);
            @SuppressWarnings("unchecked")
            var changes = (List<Map<String, Object>>) step.get("changes");
            changes.add(change);
        }
        List<Map<String, Object>> shown = steps.subList(Math.max(0, steps.size() - STEPS_SHOWN), steps.size());
        for (Map<String, Object> s : shown) {
            name(executionId, s);
        }
        return shown;
    }

    /**
     * Which event made the step: the first node to complete or fail in the few events after its
     * number (a step's writes and its outcome are one transaction), else the event at it; the run's
     * start for the first values.
     */
    private void name(String executionId, Map<String, Object> step) {
        long seq = (Long) step.get("seq");
        if (seq == 0) {
            step.put("node", null);
            step.put("event", "execution_started");
            step.put("at", null);
            return;
        }
        List<EventRow> around = queries.events(executionId, Math.max(0, seq - 1), OUTCOME_WITHIN + 1);
        EventRow by = around.stream().filter(e -> e.seq() > seq && e.nodeId() != null && OUTCOMES.contains(e.kind())).findFirst()
                .orElse(around.stream().filter(e -> e.seq() == seq).findFirst().orElse(null));
        step.put("node", by == null ? null : by.nodeId());
        step.put("event", by == null ? null : by.kind());
        step.put("at", by == null ? null : by.at());
    }

    /**
     * Every kept kv value in the order written, with the one it replaced; each key keeps only its
     * latest few values ({@link KvTable#HISTORY_KEPT}), so the oldest kept one of a key that was
     * written more often than that does not know what it replaced.
     */
    private List<Map<String, Object>> kv(String executionId) {
        List<KvEntry> kept = queries.kvWritten(executionId);
        var perKey = new HashMap<String, Integer>();
        kept.forEach(e -> perKey.merge(e.scope() + "\u0000" + e.key(), 1, Integer::sum));
        var last = new HashMap<String, Object>();
        var writes = new ArrayList<Map<String, Object>>();
        for (KvEntry e : kept) {
            String id = e.scope() + "\u0000" + e.key();
            Object value = value(e);
            var w = new LinkedHashMap<String, Object>();
            w.put("scope", e.scope());
            w.put("key", e.key());
            w.put("writer", e.writer());
            w.put("at", e.at());
            w.put("before", last.get(id));
            w.put("after", value);
            w.put("new", !last.containsKey(id) && perKey.get(id) <= KvTable.HISTORY_KEPT);
            writes.add(w);
            last.put(id, value);
        }
        return writes.subList(Math.max(0, writes.size() - STEPS_SHOWN), writes.size());
    }

    private Object value(KvEntry e) {
        if (e.bytes() > VALUE_MAX) {
            return "(" + e.bytes() + " bytes, not shown)";
        }
        return queries.kvRead(e);
    }

    private static Object parsed(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            return json;
        }
    }
}

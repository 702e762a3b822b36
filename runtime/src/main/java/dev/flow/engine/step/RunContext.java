package dev.flow.engine.step;

import dev.flow.model.StateVariable;
import dev.flow.store.ExecutionRow;
import dev.flow.store.ExecutionStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One execution as a transaction sees it: its row (counters kept in memory and written once at the
 * end), its graph, its inputs, and its state variables (read on first use, written when changed).
 */
final class RunContext {
    /** The execution's graph: the latest version, which a planner's answer may replace ({@link #regraph}). */
    RunGraph graph;
    private String graphHash;
    /** Read-only: parsed once per execution and shared by its transactions ({@link EngineCore#inputs}). */
    final Map<String, Object> inputs;
    private final ExecutionRow loaded;
    private final Step step;

    ExecutionStatus status;
    ExecutionStatus stopping;
    String report;
    Long finishedAt;
    int running;
    int active;
    int waiting;
    long workCount;
    long eventSeq;
    double cost;

    private Map<String, Object> state;
    private final Set<String> dirtyState = new LinkedHashSet<>();
    /** Writes of this transaction for the state history, in order. */
    private final List<Write> history = new ArrayList<>();

    /** A write of a state variable, numbered by the execution's latest event when it was made. */
    private record Write(String name, long seq, String json) {}
    /** Set when this transaction changed something the execution's status depends on. */
    boolean changed;

    RunContext(Step step, ExecutionRow row, RunGraph graph) {
        this.step = step;
        this.loaded = row;
        this.graph = graph;
        this.graphHash = row.graphHash();
        this.inputs = step.core.inputs(row);
        this.status = row.status();
        this.stopping = row.stopping();
        this.report = row.report();
        this.finishedAt = row.finishedAt();
        this.running = row.running();
        this.active = row.active();
        this.waiting = row.waiting();
        this.workCount = row.workCount();
        this.eventSeq = row.eventSeq();
        this.cost = row.cost();
    }

    String id() {
        return loaded.id();
    }

    /** The hash of the execution's graph as this transaction leaves it. */
    String graphHash() {
        return graphHash;
    }

    /** The execution goes on with a grown graph, stored under {@code hash}; written with the row at the end of the transaction. */
    void regraph(String hash, RunGraph grown) {
        this.graphHash = hash;
        this.graph = grown;
        this.changed = true;
    }

    ExecutionRow loaded() {
        return loaded;
    }

    boolean isFinal() {
        return status.isFinal();
    }

    /** Whether new work may start: not final and not on its way to a final status. */
    boolean isLive() {
        return !status.isFinal() && stopping == null;
    }

    boolean failFast() {
        return graph.workflow().config().failFast();
    }

    int maxParallel() {
        return Math.max(1, graph.workflow().config().maxParallel());
    }

    Map<String, Object> state() {
        if (state == null) {
            state = new LinkedHashMap<>();
            step.tx.state().all(id()).forEach((k, v) -> state.put(k, Json.readValue(v)));
        }
        return state;
    }

    boolean hasVariable(String name) {
        return graph.workflow().variable(name).isPresent() || state().containsKey(name);
    }

    StateVariable variable(String name) {
        return graph.workflow().variable(name).orElse(null);
    }

    void setState(String name, Object value) {
        state().put(name, value);
        dirtyState.add(name);
        history.add(new Write(name, eventSeq, Json.write(value)));
    }

    ExecutionRow toRow() {
        return loaded.toBuilder().graphHash(graphHash).status(status).stopping(stopping).report(report).running(running).active(active).waiting(waiting)
                .workCount(workCount).eventSeq(eventSeq).cost(cost).finishedAt(finishedAt).build();
    }

    void flushState() {
        for (String name : dirtyState) {
            step.tx.state().put(id(), name, Json.write(state.get(name)));
        }
        dirtyState.clear();
        for (Write w : history) {
            step.tx.state().remember(id(), w.name(), w.seq(), w.json());
        }
        history.clear();
    }
}

package dev.flow.engine.step;

import dev.flow.engine.config.Probe;
import dev.flow.engine.exec.ProcessRunner;
import dev.flow.store.EventRow;
import dev.flow.store.ExecutionRow;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import dev.flow.store.Tx;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One transaction's worth of progress. Node rows are read once and written once at the end (a
 * write-behind cache), so that a completed node and every control node it makes ready cost one
 * transaction and one write each; each write is a guarded update against the row as it was read.
 * Work that follows from a change (a successor to examine, a node to enter) is queued and drained
 * in order rather than by recursion, so a chain of ten thousand control nodes needs no deep stack.
 */
final class Step {
    final EngineCore core;
    final Tx tx;
    final long now;

    final Routing routing;
    final Readiness readiness;
    final LoopReset loops;
    final Entering entering;
    final Completion completion;
    final Lifecycle lifecycle;
    final Humans humans;
    final Claims claims;
    final Growing growing;
    final Escalating escalating;

    private final Map<String, RunContext> runs = new LinkedHashMap<>();
    private final Map<Key, Entry> nodes = new LinkedHashMap<>();

    /** A node of an execution; two strings whose hash codes are cached. */
    private record Key(String executionId, String nodeId) {}
    /** The nodes this transaction made ready, in order: a claim's first choice, and hints for later ones ({@link ReadyHints}). */
    private final Set<Key> madeReady = new LinkedHashSet<>();
    private final ArrayDeque<Runnable> queue = new ArrayDeque<>();
    final List<EventRow> events = new ArrayList<>();
    private final List<EventRow> pendingEvents = new ArrayList<>();
    /** Running work that must stop: {@code execution/node} keys. */
    final Set<String> cancelled = new LinkedHashSet<>();
    /**
     * Run tokens ({@link Claims#runToken}) of running work taken away from a worker that is not in
     * this process (dead, or elsewhere): its processes on this machine are found by the token and
     * killed before the transaction commits ({@link #stopOrphans}), so that nothing a dead driver
     * started outlives the node it ran for.
     */
    private final Set<String> orphaned = new LinkedHashSet<>();
    private final Set<String> orphansStopped = new HashSet<>();
    /** How many processes {@link #stopOrphans} killed. */
    int processesStopped;
    /** What happened in this transaction, for probes and wake-ups. */
    final Set<String> tags = new LinkedHashSet<>();
    /** Subgraph nodes of a fork, by {@code execution/node}, whose child is to be a fork too ({@link Forks}). */
    final Map<String, Forks.ChildFork> childForks = new HashMap<>();
    /** Nodes made ready, and nodes claimed, in this transaction: more of the first wakes idle workers. */
    int readied;
    int claimed;

    private static final class Entry {
        NodeRow original;
        NodeRow current;

        Entry(NodeRow original, NodeRow current) {
            this.original = original;
            this.current = current;
        }
    }

    Step(EngineCore core, Tx tx) {
        this.core = core;
        this.tx = tx;
        this.now = core.now();
        this.routing = new Routing(this);
        this.readiness = new Readiness(this);
        this.loops = new LoopReset(this);
        this.entering = new Entering(this);
        this.completion = new Completion(this);
        this.lifecycle = new Lifecycle(this);
        this.humans = new Humans(this);
        this.claims = new Claims(this);
        this.growing = new Growing(this);
        this.escalating = new Escalating(this);
    }

    /** The execution, loaded once per transaction. */
    RunContext run(String executionId) {
        RunContext ctx = runIfPresent(executionId);
        if (ctx == null) {
            throw new IllegalStateException("no execution \"" + executionId + "\"");
        }
        return ctx;
    }

    /** The execution, loaded once per transaction; null when there is none (deleted since it was named). */
    RunContext runIfPresent(String executionId) {
        RunContext ctx = runs.get(executionId);
        return ctx != null ? ctx : tx.executions().get(executionId).map(this::adopt).orElse(null);
    }

    /** Takes an execution row read (or inserted) in this transaction into the step. */
    RunContext adopt(ExecutionRow row) {
        var ctx = new RunContext(this, row, core.graphs.runGraph(tx, row.graphHash(), row.workflowId()));
        runs.put(row.id(), ctx);
        return ctx;
    }

    private static Key key(String executionId, String nodeId) {
        return new Key(executionId, nodeId);
    }

    /** The node's current row; a pending row when it has none. */
    NodeRow node(RunContext ctx, String nodeId) {
        Entry e = nodes.get(key(ctx.id(), nodeId));
        if (e == null) {
            NodeRow stored = tx.nodes().get(ctx.id(), nodeId).orElse(null);
            e = new Entry(stored, stored != null ? stored : NodeRow.pending(ctx.id(), nodeId));
            nodes.put(key(ctx.id(), nodeId), e);
        }
        return e.current;
    }

    /** Whether this transaction has read (or written) the node's row. */
    boolean holds(RunContext ctx, String nodeId) {
        return nodes.containsKey(key(ctx.id(), nodeId));
    }

    /**
     * Reads the rows of these nodes that this transaction has not read yet, together (one query on a
     * server, rows the connection knows current cost none), as {@link #node} would one by one.
     */
    void load(RunContext ctx, List<String> nodeIds) {
        var missing = new ArrayList<String>();
        for (String id : nodeIds) {
            if (!nodes.containsKey(key(ctx.id(), id))) {
                missing.add(id);
            }
        }
        if (missing.isEmpty()) {
            return;
        }
        Map<String, NodeRow> stored = tx.nodes().getAll(ctx.id(), missing);
        for (String id : missing) {
            NodeRow row = stored.get(id);
            nodes.putIfAbsent(key(ctx.id(), id), new Entry(row, row != null ? row : NodeRow.pending(ctx.id(), id)));
        }
    }

    /** Takes a row read outside this transaction as the one to guard against (a claimed job's row). */
    void assume(NodeRow stored) {
        nodes.put(key(stored.executionId(), stored.nodeId()), new Entry(stored, stored));
    }

    /** Rows this transaction made ready and are ready still, in the order they became so (written or not). */
    List<NodeRow> readyMade() {
        var out = new ArrayList<NodeRow>();
        for (Key k : madeReady) {
            NodeRow row = nodes.get(k).current;
            if (row.status() == NodeStatus.READY) {
                out.add(row);
            }
        }
        return out;
    }

    /** Replaces the node's row; counters of the execution follow its status. */
    void put(RunContext ctx, NodeRow next) {
        Entry e = nodes.get(key(ctx.id(), next.nodeId()));
        if (e == null) {
            node(ctx, next.nodeId());
            e = nodes.get(key(ctx.id(), next.nodeId()));
        }
        count(ctx, e.current.status(), -1);
        count(ctx, next.status(), +1);
        if (next.status() == NodeStatus.READY && e.current.status() != NodeStatus.READY) {
            madeReady.add(key(ctx.id(), next.nodeId()));
        }
        e.current = next;
        ctx.changed = true;
    }

    private static void count(RunContext ctx, NodeStatus status, int delta) {
        switch (status) {
            case READY -> ctx.active += delta;
            case RUNNING -> {
                ctx.active += delta;
                ctx.running += delta;
            }
            case WAITING -> ctx.waiting += delta;
            default -> {}
        }
    }

    /** Appends an event (written with the others at the end); listeners hear it after the commit. */
    void event(RunContext ctx, String kind, String nodeId, String data) {
        pendingEvents.add(new EventRow(++ctx.eventSeq, ctx.id(), now, kind, nodeId, data));
    }

    private void flushEvents() {
        if (pendingEvents.isEmpty()) {
            return;
        }
        tx.events().append(pendingEvents);
        events.addAll(pendingEvents);
        pendingEvents.clear();
    }

    /** Queues work that follows from a change. */
    void later(Runnable r) {
        queue.add(r);
    }

    void drain() {
        Runnable r;
        while ((r = queue.poll()) != null) {
            r.run();
        }
    }

    /** Writes changed node rows, each a guarded update against the row as first read. */
    void flushNodes() {
        for (Entry e : nodes.values()) {
            if (e.current == e.original) {
                continue;
            }
            if (e.original == null) {
                if (e.current.status() == NodeStatus.PENDING && e.current.taken() == null && e.current.iteration() == 1) {
                    continue; // looked at, never reached: no row (a fork's pending row in a later pass is kept)
                }
                tx.nodes().insert(e.current);
            } else {
                tx.nodes().replace(e.original, e.current);
            }
            e.original = e.current;
        }
    }

    /** Settles every execution touched, then writes everything. */
    void finish() {
        drain();
        for (int pass = 0; pass < 100; pass++) {
            boolean any = false;
            for (RunContext ctx : List.copyOf(runs.values())) {
                if (ctx.changed) {
                    ctx.changed = false;
                    lifecycle.settle(ctx);
                    any = true;
                }
            }
            drain();
            if (!any) {
                break;
            }
        }
        stopOrphans();
        flushNodes();
        flushEvents();
        for (RunContext ctx : runs.values()) {
            ctx.flushState();
            ExecutionRow row = ctx.toRow();
            if (!row.equals(ctx.loaded())) {
                tx.executions().replace(row);
            }
        }
        if (core.options().probe() != Probe.NONE) {
            core.options().probe().at("before-commit", String.join(",", tags));
        }
    }

    /**
     * A running node is taken from its worker (cancelled, or handed to another): unless that worker
     * lives in this process (which kills its own work when told, {@link EngineCore}), its processes
     * are to be killed here.
     */
    void orphan(NodeRow running) {
        if (running.leaseOwner() != null && !Leases.LIVE.contains(running.leaseOwner())) {
            orphaned.add(Claims.runToken(running));
        }
    }

    /** Kills the processes of the orphaned work not killed yet (each token once); adds to {@link #processesStopped}. */
    void stopOrphans() {
        for (String token : orphaned) {
            if (orphansStopped.add(token)) {
                processesStopped += ProcessRunner.killLeftovers(token);
            }
        }
    }

    Iterable<RunContext> runs() {
        return runs.values();
    }
}

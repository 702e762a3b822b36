package dev.flow.engine.step;

import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds running nodes whose worker is gone and puts them back to ready. A worker is gone when its
 * lease lapsed without a heartbeat, or, sooner, when it ran on this machine and its process no
 * longer exists ({@link #isDead}): so that {@code flow resume} after a crash need not wait for the
 * dead process's leases to run out. What the dead worker left running is killed first.
 */
public final class Leases {
    private Leases() {}

    /** Owners of workers alive in this process (an owner with our pid that is not here is a stopped worker). */
    static final Set<String> LIVE = ConcurrentHashMap.newKeySet();

    /**
     * The policy: an owner {@code host:pid:started:suffix} on this host is dead when no process has
     * that pid, or the process with that pid started at another time (the pid was reused), or it is
     * this very process and no live worker here has that owner.
     */
    public static boolean isDead(String owner, String thisHost) {
        String[] parts = owner.split(":");
        if (parts.length < 4 || !parts[0].equals(thisHost)) {
            return false;
        }
        long pid;
        long started;
        try {
            pid = Long.parseLong(parts[1]);
            started = Long.parseLong(parts[2]);
        } catch (NumberFormatException e) {
            return false;
        }
        if (pid == ProcessHandle.current().pid()) {
            return !LIVE.contains(owner);
        }
        var handle = ProcessHandle.of(pid);
        if (handle.isEmpty()) {
            return true;
        }
        long actual = handle.get().info().startInstant().map(Instant::toEpochMilli).orElse(started);
        return Math.abs(actual - started) > 1000;
    }

    /** Requeues the running nodes of dead workers in the tree of {@code rootId} (everywhere when null); returns how many. */
    static int reap(Step step, String rootId) {
        var victims = new LinkedHashMap<String, NodeRow>();
        for (NodeRow r : step.tx.nodes().expiredLeases(step.now)) {
            victims.put(r.executionId() + "/" + r.nodeId(), r);
        }
        Map<String, Boolean> dead = new LinkedHashMap<>();
        for (String owner : step.tx.nodes().leaseOwners()) {
            if (isDead(owner, step.core.host)) {
                dead.put(owner, true);
                for (NodeRow r : step.tx.nodes().heldBy(owner)) {
                    victims.put(r.executionId() + "/" + r.nodeId(), r);
                }
            }
        }
        int n = 0;
        for (NodeRow stored : victims.values()) {
            if (LIVE.contains(stored.leaseOwner()) && !dead.containsKey(stored.leaseOwner())) {
                continue; // ours and alive: its heartbeat is late, not lost
            }
            RunContext ctx = step.run(stored.executionId());
            if (rootId != null && !rootId.equals(ctx.loaded().rootId())) {
                continue;
            }
            NodeRow row = step.node(ctx, stored.nodeId());
            if (row.status() != NodeStatus.RUNNING) {
                continue;
            }
            // dead or late, its worker no longer holds the node: what it left running here dies before another attempt starts
            int before = step.processesStopped;
            step.orphan(row);
            step.stopOrphans();
            int stopped = step.processesStopped - before;
            if (requeue(step, ctx, row)) {
                step.event(ctx, "lease_lost", row.nodeId(), Json.object("owner", stored.leaseOwner(),
                        "why", dead.containsKey(stored.leaseOwner()) ? "its worker process is gone" : "its lease expired",
                        "lease_expired_at", stored.leaseExpires(), "handed_over_by", step.core.host + ":" + ProcessHandle.current().pid(),
                        "processes_stopped", stopped > 0 ? stopped : null));
                n++;
            }
        }
        return n;
    }

    /**
     * Hands back a node a stopping worker cancelled: it goes back to ready with the same attempt, as
     * if its worker had died, so that another worker or {@code flow resume} runs it. Guarded like a
     * result: a node that moved on meanwhile is left alone (and, with {@code reportMovedOn}, the log
     * says its worker's word came too late). Returns whether it was handed back.
     */
    static boolean release(Step step, NodeRow held, String why, boolean reportMovedOn) {
        RunContext ctx = step.run(held.executionId());
        NodeRow row = step.node(ctx, held.nodeId());
        if (!row.isHeldAs(held)) {
            if (reportMovedOn) {
                // a late word from a worker that lost touch: said in the log as any late result is
                step.event(ctx, "result_dropped", held.nodeId(), Json.object("iteration", held.iteration(), "attempt", held.attempt(),
                        "reason", "the node moved on while it ran (" + row.status().keyword() + "); its worker had stopped it: " + why));
            }
            return false;
        }
        if (requeue(step, ctx, row)) {
            step.event(ctx, "lease_released", row.nodeId(), Json.object("owner", held.leaseOwner(), "why", why));
            return true;
        }
        return false;
    }

    /** Puts a running node back to ready (same attempt); in a run that is ending, cancels it instead. */
    private static boolean requeue(Step step, RunContext ctx, NodeRow row) {
        if (!ctx.isLive()) {
            step.lifecycle.cancel(ctx, row, Lifecycle.RUN_ENDED + "was ending when its worker stopped");
            return false;
        }
        var b = row.toBuilder();
        b.status(NodeStatus.READY);
        b.leaseOwner(null);
        b.leaseExpires(null);
        b.startedAt(null);
        b.readyAt(step.now);
        step.put(ctx, b.build());
        step.readied++;
        return true;
    }
}

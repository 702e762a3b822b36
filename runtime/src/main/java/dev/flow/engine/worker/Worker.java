package dev.flow.engine.worker;

import dev.flow.engine.exec.Cancellation;
import dev.flow.engine.exec.Outcome;
import dev.flow.engine.step.CircuitBreaker;
import dev.flow.engine.step.Claim;
import dev.flow.engine.step.EngineCore;
import dev.flow.engine.step.LocalWorker;
import dev.flow.engine.step.Transitions;
import dev.flow.store.NodeRow;
import dev.flow.store.Store;
import dev.flow.store.StoreException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs claimed nodes in a fixed number of slots, each a thread with its own database connection.
 * A slot claims a node, runs it outside any transaction, and commits its result in one transaction
 * that also claims the slot's next node, so a chain of work nodes costs one commit per node. A
 * heartbeat renews the slots' leases and stops work whose node was taken away (its loop reset, its
 * run failed fast). Serves one execution tree ({@code flow run}) or every execution in the database
 * ({@code flow worker}).
 */
public final class Worker implements LocalWorker {
    private final EngineCore core;
    private final Transitions transitions;
    private final String rootId;
    private final int slots;
    final String owner;
    private final Map<String, Running> running = new ConcurrentHashMap<>();
    /** The claims its slots hold, by key: from the answer to the transaction that claimed each until its result is stored. */
    private final Map<String, NodeRow> holding = new ConcurrentHashMap<>();
    /** Nodes the database said this worker holds and no slot did, at the last heartbeat ({@link #handBackStrays}). */
    private Map<String, NodeRow> strays = Map.of();

    /** Work in progress, with when it started (a heartbeat only judges work older than its own read). */
    private record Running(Cancellation cancellation, long since) {}
    /** Its slot threads, all made before any starts: join, which may come as soon as one slot works, sees them all. */
    private volatile List<Thread> threads = List.of();
    private final Object workSignal = new Object();
    /** Nudges so far: a slot that was looking for work when one came looks again rather than waiting. */
    private final AtomicLong nudges = new AtomicLong();
    private final Object stateSignal = new Object();
    private final AtomicLong stateVersion = new AtomicLong();
    private volatile boolean stopping;
    /** Stopped with cancel: work it kills goes back to ready rather than counting as a failure. */
    private volatile boolean releasing;
    private volatile Throwable crashed;
    private volatile long lastHeartbeat;
    private volatile Thread heartbeats;
    /** When the last renewal that reached the database was sent ({@link System#nanoTime}). */
    private volatile long renewedAt;
    /** Watches, apart from any database call, for work whose lease lapsed here unrenewed ({@link #giveUpLapsed}). */
    private volatile Thread leaseWatch;
    /** Work cancelled because its lease lapsed unrenewed: handed back when its slot reports, not failed. */
    private final Set<String> lapsed = ConcurrentHashMap.newKeySet();
    private final Object outageLock = new Object();
    private volatile StoreException outage;
    private long outages;

    private static final AtomicLong SERIAL = new AtomicLong();
    /** How often an idle slot looks for work while the store announces it ({@link Store#listenForWork}). */
    static final long LISTENING_POLL_MILLIS = 1_000;
    /** Hears other processes' announcements of work; null where the store has none (SQLite). */
    private volatile Store.WorkListener listener;
    /** How often a worker with work in progress checks that its nodes were not taken from it. */
    static final long WATCH_MILLIS = 500;

    public Worker(EngineCore core, String rootId, int slots) {
        this.core = core;
        this.transitions = new Transitions(core);
        this.rootId = rootId;
        this.slots = Math.max(1, slots);
        this.owner = core.newOwner("w" + SERIAL.incrementAndGet() + "-" + Long.toHexString(System.nanoTime() & 0xffffff));
    }

    public void start() {
        core.register(this);
        listener = core.store().listenForWork(this::nudge);
        lastHeartbeat = System.nanoTime();
        renewedAt = lastHeartbeat;
        var made = new ArrayList<Thread>();
        for (int i = 0; i < slots; i++) {
            Thread t = new Thread(this::slotLoop, "flow-slot-" + (i + 1));
            t.setDaemon(true);
            made.add(t);
        }
        // Its own thread: a slot busy with a long task must not let its lease lapse.
        Thread beats = new Thread(this::heartbeatLoop, "flow-heartbeat");
        beats.setDaemon(true);
        // Its own thread too: the heartbeat's own call may be the one waiting on a cable that was pulled.
        Thread watch = core.store().sharedAcrossMachines() ? new Thread(this::leaseWatchLoop, "flow-lease-watch") : null;
        threads = List.copyOf(made);
        heartbeats = beats;
        leaseWatch = watch;
        threads.forEach(Thread::start);
        beats.start();
        if (watch != null) {
            watch.setDaemon(true);
            watch.start();
        }
    }

    /**
     * Renews the leases every heartbeat and, between beats, looks every {@link #WATCH_MILLIS} whether
     * the nodes it runs are still its own: a node cancelled by another process ({@code flow cancel},
     * a run failing fast on another worker) loses its lease there, and its work here is killed
     * within that time rather than at the next heartbeat. Runs until the slots have stopped, so that
     * work a gracefully stopping worker lets finish keeps its lease.
     */
    private void heartbeatLoop() {
        long watch = Math.max(1, Math.min(WATCH_MILLIS, core.options().heartbeat().toMillis()));
        // a renewal stuck on a connection the network dropped would hold every later one: give it up and connect again
        core.store().limitThisThread(java.time.Duration.ofMillis(Math.max(core.options().heartbeat().toMillis(), core.options().lease().toMillis() / 4)));
        while (true) {
            try {
                Thread.sleep(watch);
                if (!running.isEmpty() && !heartbeatIfDue()) {
                    watch();
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // the database was busy past its timeout: the next beat tries again, well within the lease
            }
        }
    }

    /** Looks every {@link #WATCH_MILLIS} (or a quarter lease, if shorter) for work whose lease lapsed unrenewed. */
    private void leaseWatchLoop() {
        long period = Math.max(1, Math.min(WATCH_MILLIS, core.options().lease().toMillis() / 4));
        while (true) {
            try {
                Thread.sleep(period);
            } catch (InterruptedException e) {
                return;
            }
            giveUpLapsed(System.nanoTime());
        }
    }

    /**
     * Stops work whose lease this worker has not renewed for a whole lease (the database out of reach:
     * a pulled cable, a server away): by now another worker may have taken its node and be running it,
     * and two copies of a step must not run side by side for longer than that. Its process is killed,
     * and its node handed back (ready, same attempt) once the database answers, if no one took it.
     * Only on a store {@linkplain dev.flow.store.Store#sharedAcrossMachines shared across machines}.
     */
    void giveUpLapsed(long now) {
        long lease = core.options().lease().toNanos();
        running.forEach((key, r) -> {
            if (now - Math.max(renewedAt, r.since()) > lease && lapsed.add(key)) {
                r.cancellation().cancel(LAPSED);
            }
        });
    }

    /** Why work whose lease lapsed unrenewed was stopped. */
    static final String LAPSED = "its lease lapsed: this worker could not reach the database to renew it, and another worker may run it now";

    /**
     * Stops claiming; with {@code cancel}, kills the work still running and hands its nodes back
     * (ready, same attempt), so that another worker or a resume runs them again.
     */
    public void stop(boolean cancel) {
        if (cancel) {
            releasing = true;
        }
        stopping = true;
        if (cancel) {
            running.values().forEach(r -> r.cancellation().cancel("the worker is stopping"));
        }
        synchronized (workSignal) {
            workSignal.notifyAll();
        }
        changed();
    }

    public void join() {
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        for (Thread helper : new Thread[] {heartbeats, leaseWatch}) {
            if (helper != null) {
                helper.interrupt();
                try {
                    helper.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
        if (listener != null) {
            listener.close();
        }
        core.unregister(this);
    }

    @Override
    public String owner() {
        return owner;
    }

    public boolean isStopping() {
        return stopping;
    }

    public Throwable crashed() {
        return crashed;
    }

    public long stateVersion() {
        return stateVersion.get();
    }

    /** Waits until a slot reports a change that may matter to the caller, or {@code millis} pass. */
    public void awaitChange(long seen, long millis) {
        synchronized (stateSignal) {
            if (stateVersion.get() == seen && millis > 0) {
                try {
                    stateSignal.wait(millis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    private void changed() {
        stateVersion.incrementAndGet();
        synchronized (stateSignal) {
            stateSignal.notifyAll();
        }
    }

    /** Wakes idle slots: other work may be ready. */
    public void nudge() {
        nudges.incrementAndGet();
        synchronized (workSignal) {
            workSignal.notifyAll();
        }
    }

    /**
     * Claims, runs and completes nodes until the worker stops. When the database is out of reach (a
     * PostgreSQL server restarting) the slot waits and tries again, from a quarter second doubling up
     * to {@link #MOST_BACKOFF_MILLIS}, rather than stopping: work it finished meanwhile is kept in hand
     * and its result stored once the database answers (unless its node was handed to another worker
     * meanwhile: then the result is dropped, as any late one).
     */
    private void slotLoop() {
        Claim claim = null;
        Outcome unstored = null;
        int failures = 0;
        try {
            while (!stopping) {
                try {
                    if (claim == null) {
                        long seen = nudges.get();
                        heartbeatIfDue();
                        boolean ready = readyWork();
                        claim = ready ? claim() : null;
                        hold(null, claim);
                        reachable();
                        failures = 0;
                        if (claim == null) {
                            changed();
                            idle(seen, ready);
                            continue;
                        }
                    }
                    if (unstored == null) {
                        unstored = execute(claim);
                    }
                    Claim next = complete(claim, unstored);
                    unstored = null;
                    hold(claim, next);
                    claim = next;
                    reachable();
                    failures = 0;
                } catch (StoreException e) {
                    if (!e.isTemporary()) {
                        throw e;
                    }
                    unreachable(e);
                    backOff(++failures);
                }
            }
            if (claim != null && unstored == null) {
                // claimed in the transaction that finished the last node, just as the worker stopped
                Claim unrun = claim;
                after(transitions.release(unrun.row(), "its worker stopped before running it"));
                hold(unrun, null);
            }
        } catch (StoreException e) {
            if (!e.isTemporary()) {
                crashed = e;
            }
            // stopping while the database is away: the node's lease lapses and another worker or a resume runs it
            changed();
        } catch (Throwable t) {
            crashed = t;
            changed();
        }
    }

    /** A slot's claim changed from {@code before} to {@code after} (either may be null). */
    private void hold(Claim before, Claim after) {
        if (before != null) {
            holding.remove(before.key());
        }
        if (after != null) {
            holding.put(after.key(), after.row());
        }
    }

    /** The longest a slot waits before trying an unreachable database again. */
    static final long MOST_BACKOFF_MILLIS = 30_000;

    /**
     * Waits before the {@code failures}-th try of an unreachable database, or until the worker stops:
     * its slots, and the driver of {@code flow run}, back off alike.
     */
    public void backOff(int failures) {
        long wait = Math.min(MOST_BACKOFF_MILLIS, 250L << Math.min(failures - 1, 7));
        wait += java.util.concurrent.ThreadLocalRandom.current().nextLong(wait / 4 + 1); // slots and workers apart
        synchronized (workSignal) {
            if (!stopping) {
                try {
                    workSignal.wait(wait);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    stopping = true;
                }
            }
        }
    }

    /** Counts an outage that a slot or the run's driver saw: {@link #outage} reports it. */
    public void unreachable(StoreException e) {
        synchronized (outageLock) {
            if (outage == null) {
                outages++;
            }
            outage = e;
        }
    }

    /** The database answered a slot or the run's driver: the outage, if any, is over. */
    public void reachable() {
        if (outage != null) {
            synchronized (outageLock) {
                outage = null;
            }
        }
    }

    /** Why the database is out of reach now; null while it answers. */
    public StoreException outage() {
        return outage;
    }

    /** How many times the database went out of reach since the worker started. */
    public long outages() {
        synchronized (outageLock) {
            return outages;
        }
    }

    /**
     * Waits for a nudge, unless one came since {@code seen} (while the slot looked for work: it would
     * be lost), or for the poll. {@code sawReady}: there was ready work it could not take (another
     * worker held it, or its run's max parallel was reached), which no announcement will report when
     * it frees up: the slot looks again after the poll even while it listens.
     */
    private void idle(long seen, boolean sawReady) {
        long wait = core.options().poll().toMillis();
        if (!sawReady && listener != null && listener.listening()) {
            // told when another process makes work ready: the poll is only the safety net (and the clock of backoffs)
            wait = Math.max(wait, LISTENING_POLL_MILLIS);
        }
        synchronized (workSignal) {
            if (!stopping && nudges.get() == seen) {
                try {
                    workSignal.wait(Math.max(1, wait));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    stopping = true;
                }
            }
        }
        heartbeatIfDue();
    }

    /** Whether a ready node waits (a read, which locks nothing): only then is a claim's write transaction worth it. */
    private boolean readyWork() {
        return core.store().read(tx -> !tx.nodes().claimable(rootId, core.now(), 1).isEmpty());
    }

    private Claim claim() {
        var done = transitions.claim(rootId, owner);
        after(done);
        return confirmed(done.value());
    }

    /**
     * The claim, when its lease is still this worker's; null when it is not. A claim's transaction
     * that took long to commit (a starved machine, a wait for a row) hands over a lease partly run
     * out: with less than half of it left, the worker renews at once rather than at its next beat,
     * and leaves alone a node whose lease ran out and was taken meanwhile.
     */
    private Claim confirmed(Claim claim) {
        if (claim == null || claim.row().leaseExpires() - core.now() >= core.options().lease().toMillis() / 2) {
            return claim;
        }
        NodeRow held = claim.row();
        try {
            return renew().stream().anyMatch(r -> r.isHeldAs(held)) ? claim : null;
        } catch (RuntimeException e) {
            // the claim is committed whatever happens here (the database away, or busy past its timeout): the node
            // runs, its lease watched as any other's, and the next heartbeat renews it
            return claim;
        }
    }

    private Outcome execute(Claim claim) {
        var cancellation = new Cancellation();
        cancellation.confirmWith(() -> stillHeld(claim));
        running.put(claim.key(), new Running(cancellation, System.nanoTime()));
        if (releasing) {
            cancellation.cancel("the worker is stopping"); // stopped between the claim and now
        }
        try {
            core.options().probe().at("before-execute", claim.row().nodeId());
            return core.executor().execute(claim.job(), cancellation);
        } catch (RuntimeException e) {
            return Outcome.failed("internal error while running " + claim.job().describe() + ": " + e, true, Map.of());
        } finally {
            running.remove(claim.key());
        }
    }

    private Claim complete(Claim claim, Outcome outcome) {
        boolean gaveUp = lapsed.contains(claim.key());
        if ((releasing || gaveUp) && !outcome.succeeded()) {
            // handed back, not failed; a node another worker took meanwhile is left alone
            after(releasing ? transitions.release(claim.row(), "its worker was stopped") : transitions.giveBack(claim.row(), LAPSED));
            lapsed.remove(claim.key());
            return null;
        }
        lapsed.remove(claim.key());
        String key = CircuitBreaker.keyOf(claim.job().node());
        boolean opened = false;
        if (key != null) {
            if (outcome.succeeded()) {
                core.breaker().succeeded(key);
            } else if (outcome.errorClass() == dev.flow.store.ErrorClass.TRANSIENT) {
                // an outage trips the circuit; a bad answer or a missing program says nothing about the service
                opened = core.breaker().failed(key, core.now());
            }
        }
        boolean circuitOpened = opened;
        var done = transitions.finish(claim, outcome, circuitOpened, () -> !stopping, rootId, owner);
        after(done);
        return confirmed(done.value());
    }

    /** Kills the work of these nodes ({@code execution/node}) that runs here: a transaction of this process cancelled them. */
    @Override
    public void cancelLocally(Set<String> keys) {
        for (String key : keys) {
            Running r = running.get(key);
            if (r != null) {
                r.cancellation().cancel("its node was cancelled");
            }
        }
    }

    private void after(EngineCore.Done<?> done) {
        if (done.spareReady() > 0) {
            nudge();
        }
        Set<String> tags = done.tags();
        if (tags.contains("finished") || tags.contains("waiting") || tags.contains("stopping") || tags.contains("failed")) {
            changed();
        }
    }

    /** Beats when a heartbeat is due; whether it did. */
    private boolean heartbeatIfDue() {
        long now = System.nanoTime();
        if (now - lastHeartbeat < core.options().heartbeat().toNanos()) {
            return false;
        }
        synchronized (this) {
            if (now - lastHeartbeat < core.options().heartbeat().toNanos()) {
                return false;
            }
            lastHeartbeat = now;
        }
        heartbeat();
        return true;
    }

    /** Renews this worker's leases, cancels local work whose node is no longer held, and hands back nodes no slot holds. */
    void heartbeat() {
        long start = System.nanoTime();
        List<NodeRow> held = renew();
        cancelUnheld(held, start);
        handBackStrays(held);
    }

    /**
     * Hands back the nodes the database says this worker holds and none of its slots does, seen so at
     * two heartbeats in a row. A slot makes them when the database took in a claim's transaction,
     * COMMIT and all, and the answer never came back (the connection broke on the way): the slot saw
     * the database out of reach and tried again, never learning that the node was its own. The
     * renewals kept such a node's lease for good, and its run waited forever. Two beats, because a
     * claim just committed reaches its slot's map a moment after the database has it.
     */
    private synchronized void handBackStrays(List<NodeRow> held) {
        var seen = new java.util.HashMap<String, NodeRow>();
        for (NodeRow r : held) {
            String key = Claim.keyOf(r);
            NodeRow mine = holding.get(key);
            if (mine == null || !r.isHeldAs(mine)) {
                seen.put(key, r);
            }
        }
        Map<String, NodeRow> before = strays;
        strays = seen;
        seen.forEach((key, r) -> {
            NodeRow earlier = before.get(key);
            if (earlier != null && r.isHeldAs(earlier)) {
                after(transitions.release(r, LOST_ANSWER));
            }
        });
    }

    /** Why a node no slot holds was handed back ({@link #handBackStrays}). */
    static final String LOST_ANSWER = "its worker never learned that it had claimed it: the answer to the claim's commit was lost on the way";

    /** Renews this worker's leases; the nodes it holds. */
    private List<NodeRow> renew() {
        long start = System.nanoTime();
        // the lease is the database's time plus its length: this machine's clock may be off, or stepped since
        core.syncClock();
        // renewing is right whatever others changed meanwhile: it needs no retry for their changes
        List<NodeRow> held = core.store().writeLatest(tx -> {
            tx.nodes().renewLeases(owner, core.now() + core.options().lease().toMillis());
            return tx.nodes().heldBy(owner);
        });
        renewedAt = start;
        return held;
    }

    /** Cancels local work whose node is no longer held, reading only (between heartbeats). */
    private void watch() {
        long start = System.nanoTime();
        cancelUnheld(core.store().read(tx -> tx.nodes().heldBy(owner)), start);
    }

    /** Work older than the reading of {@code held} whose node is not among them was taken away: its process is killed. */
    private void cancelUnheld(List<NodeRow> held, long readStarted) {
        Set<String> keys = ConcurrentHashMap.newKeySet();
        held.forEach(r -> keys.add(Claim.keyOf(r)));
        running.forEach((key, r) -> {
            if (!keys.contains(key) && r.since() < readStarted) {
                r.cancellation().cancel("its node is no longer held by this worker");
            }
        });
    }

    /** Whether this worker still holds the claimed node (read now, for work about to do something it cannot take back). */
    private boolean stillHeld(Claim claim) {
        NodeRow held = claim.row();
        return core.store().read(tx -> tx.nodes().get(held.executionId(), held.nodeId())).filter(r -> r.isHeldAs(held)).isPresent();
    }
}

package dev.flow.engine.step;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Nodes this process made ready and did not take in the same transaction (a fan-out's other
 * branches), oldest first, so that a later claim can try them before asking the database for its
 * ready nodes: on SQLite that query was the largest part of a fan-out branch's transaction.
 *
 * <p>A hint is only a place to look: the claim reads the node's row and takes it only if it is still
 * ready, within its run's limits, as a queried candidate would be. A hint dropped, or never
 * recorded (the queue full, the process restarted), leaves its node to the query. Nodes other
 * processes made ready, and older ready nodes, are never hidden: every {@link #FAIR_EVERY}th claim
 * asks the database for the oldest anyway, and so does every claim once the hints run out.
 */
final class ReadyHints {
    /** A node made ready: its execution and id. */
    record Hint(String executionId, String nodeId) {}

    /** At most this many are kept; more go to the query. */
    static final int KEPT = 4096;
    /** One claim in this many takes the oldest ready node from the database, whatever the hints. */
    static final int FAIR_EVERY = 8;
    /** How many hints a claim looks at, at most, before it asks the database. */
    static final int LOOKS = 8;

    private final ConcurrentLinkedQueue<Hint> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger size = new AtomicInteger();
    private final AtomicInteger claims = new AtomicInteger();

    /** Records nodes a committed transaction made ready and left. */
    void add(List<Hint> ready) {
        for (Hint h : ready) {
            if (size.incrementAndGet() > KEPT) {
                size.decrementAndGet();
                return;
            }
            queue.add(h);
        }
    }

    /**
     * The hints a claim may try now, oldest first, at most {@link #LOOKS}, left on the queue until
     * {@link #spent}; empty on a claim that must ask the database.
     */
    List<Hint> look() {
        if (queue.isEmpty() || claims.incrementAndGet() % FAIR_EVERY == 0) {
            return List.of();
        }
        var out = new ArrayList<Hint>();
        for (Iterator<Hint> it = queue.iterator(); it.hasNext() && out.size() < LOOKS;) {
            out.add(it.next());
        }
        return out;
    }

    /** Forgets a hint: its node was taken, or is no longer ready. */
    void spent(Hint h) {
        if (queue.remove(h)) {
            size.decrementAndGet();
        }
    }

    /** How many are kept (for tests). */
    int size() {
        return size.get();
    }
}

package dev.flow.engine.step;

import dev.flow.store.Store;
import dev.flow.store.StoreException;
import dev.flow.store.Tx;

/**
 * The database's clock, as this process keeps it: the machine's clock plus the offset last measured
 * against the database's own time function ({@link Tx#databaseMillis}). Leases are written and judged
 * in this time, as are every time a run records (events, starts, backoffs, deadlines), so workers on
 * machines whose clocks disagree (an hour apart, say) still agree when a lease has lapsed: a worker
 * whose clock runs ahead neither takes the others' nodes early nor holds its own for an hour after it
 * is gone. The offset is measured on first use and again at each of a worker's heartbeats (one query),
 * so a clock stepped meanwhile counts from the next heartbeat on. With SQLite the database's clock is
 * this machine's, and the offset stays about zero.
 */
final class DatabaseClock {
    private final Store store;
    /** The database's time minus this machine's; valid once {@link #measured}. */
    private volatile long offset;
    private volatile boolean measured;

    DatabaseClock(Store store) {
        this.store = store;
    }

    /** The database's time now, in epoch milliseconds. */
    long millis() {
        if (!measured) {
            measure();
        }
        return System.currentTimeMillis() + offset;
    }

    /**
     * Reads the database's time, taking the machine's halfway through the round trip as its
     * counterpart. An unreachable database keeps the last offset (none at first: the machine's
     * clock), and the next heartbeat tries again.
     */
    void measure() {
        try {
            long before = System.currentTimeMillis();
            long database = store.read(Tx::databaseMillis);
            long after = System.currentTimeMillis();
            offset = database - (before + after) / 2;
            measured = true;
        } catch (StoreException e) {
            if (!e.isTemporary()) {
                throw e;
            }
        }
    }
}

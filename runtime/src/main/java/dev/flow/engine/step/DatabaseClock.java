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
    /** Half the round trip of the reading the offset came from: the offset is right to within this. */
    private long uncertainty;
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
     * Reads the database's time. An unreachable database keeps the last offset (none at first: the
     * machine's clock), and the next heartbeat tries again.
     */
    void measure() {
        try {
            long before = System.currentTimeMillis();
            long database = store.read(Tx::databaseMillis);
            long after = System.currentTimeMillis();
            take(database, before, after);
        } catch (StoreException e) {
            if (!e.isTemporary()) {
                throw e;
            }
        }
    }

    /**
     * Takes a reading of the database's clock made between the machine's {@code before} and {@code
     * after}: the offset lies between {@code database - after} and {@code database - before}, and the
     * middle is the estimate, right to within half the round trip. A reading that agrees with the
     * offset in hand (contains it) replaces it only when it is more exact: a slow one (a connection
     * coming back after the network was cut, a loaded machine) once put a worker 11 s behind the
     * database, so that the leases it wrote had lapsed when written and other workers took its steps.
     * A reading that contradicts the offset replaces it whatever its round trip: a clock was stepped.
     */
    synchronized void take(long database, long before, long after) {
        long low = database - after;
        long high = database - before;
        long half = (high - low) / 2;
        boolean agrees = measured && offset >= low && offset <= high;
        if (!agrees || half <= uncertainty) {
            offset = low + half;
            uncertainty = half;
            measured = true;
        }
    }

    /** The offset in hand: the database's time minus this machine's. */
    long offset() {
        return offset;
    }
}

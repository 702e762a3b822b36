package dev.flow.cli;

import dev.flow.store.StoreException;

/**
 * What {@code flow worker}, {@code flow run} and {@code flow resume} say when their database goes
 * out of reach and when it is back: one line each, however many slots and retries saw it, so that a
 * PostgreSQL restart reads as two lines in the log rather than silence or an exit.
 */
final class OutageReport {
    private final Progress display;
    private final String address;
    private final String who;
    private long seen;
    private boolean away;
    private long since;

    /** @param who what waits and tries again, as the line names it ("this worker", "the run") */
    OutageReport(Progress display, String address, String who) {
        this.display = display;
        this.address = address;
        this.who = who;
    }

    /**
     * @param outages how many outages the worker has had so far (one that began and ended between two
     *     calls still counts, and is reported)
     * @param now why the database is out of reach now; null while it answers
     */
    void update(long outages, StoreException now) {
        if (outages > seen) {
            seen = outages;
            if (!away) {
                away = true;
                since = System.nanoTime();
                display.say("the database is out of reach: " + (now != null ? now.getMessage() : "a connection was lost")
                        + "; its nodes wait, and " + who + " tries again with backoff (up to every 30s) until it answers");
            }
        }
        if (away && now == null) {
            away = false;
            display.say("the database answers again (" + address + "), after " + Times.duration((System.nanoTime() - since) / 1_000_000)
                    + "; " + who + " goes on");
        }
    }

    /** The run returned normally: an outage still open was over, though no check saw its end. */
    void over() {
        update(seen, null);
    }
}

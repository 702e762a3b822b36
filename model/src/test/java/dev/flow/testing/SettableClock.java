package dev.flow.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock a test moves by hand, for everything that reads time through an injected {@link Clock}
 * (question deadlines, leases, run time limits): the test advances it instead of sleeping.
 */
public final class SettableClock extends Clock {
    private volatile Instant now;
    /** Moved on by {@link #advanceAfterNextReading}: applied once the next reading has been taken. */
    private Duration afterNextReading;

    /** A clock that reads {@code start} until it is advanced. */
    public SettableClock(Instant start) {
        now = start;
    }

    /** Moves the time on by {@code d}. */
    public void advance(Duration d) {
        now = now.plus(d);
    }

    /**
     * Lets the next reading see the time as it is, then moves the time on by {@code d}: a transaction
     * that read the time when it began, then waited {@code d} for a row, sees both.
     */
    public synchronized void advanceAfterNextReading(Duration d) {
        afterNextReading = d;
    }

    @Override
    public synchronized Instant instant() {
        Instant read = now;
        if (afterNextReading != null) {
            now = now.plus(afterNextReading);
            afterNextReading = null;
        }
        return read;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}

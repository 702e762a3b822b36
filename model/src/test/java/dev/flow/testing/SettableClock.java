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

    /** A clock that reads {@code start} until it is advanced. */
    public SettableClock(Instant start) {
        now = start;
    }

    /** Moves the time on by {@code d}. */
    public void advance(Duration d) {
        now = now.plus(d);
    }

    @Override
    public Instant instant() {
        return now;
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

package dev.flow.engine.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.RetryPolicy;
import java.time.Duration;
import java.util.HashSet;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BackoffAndBreakerTest {

    @Test
    void backoffGrowsByItsMultiplierUpToItsCap() {
        var policy = new RetryPolicy(5, Duration.ofSeconds(1), 2.0, Duration.ofSeconds(5), false, null);
        var b = new Backoff(new Random(1));
        assertThat(b.delayMillis(policy, 1)).isEqualTo(1000);
        assertThat(b.delayMillis(policy, 2)).isEqualTo(2000);
        assertThat(b.delayMillis(policy, 3)).isEqualTo(4000);
        assertThat(b.delayMillis(policy, 4)).isEqualTo(5000);
    }

    @Test
    void jitterSpreadsDelaysAroundTheBackoff() {
        var policy = new RetryPolicy(5, Duration.ofSeconds(10), 2.0, Duration.ofMinutes(5), true, null);
        var b = new Backoff(new Random(7));
        var seen = new HashSet<Long>();
        for (int i = 0; i < 50; i++) {
            long d = b.delayMillis(policy, 1);
            assertThat(d).isBetween(8000L, 12000L);
            seen.add(d);
        }
        assertThat(seen.size()).isGreaterThan(10);
    }

    @Test
    void aCircuitOpensAfterRepeatedFailuresAndLetsOneTrialThroughLater() {
        var breaker = new CircuitBreaker(3, 60_000);
        long t = 1_000_000;
        assertThat(breaker.failed("agent:claude", t)).isFalse();
        assertThat(breaker.failed("agent:claude", t)).isFalse();
        assertThat(breaker.failed("agent:claude", t)).isTrue();
        assertThat(breaker.blockedUntil("agent:claude", t + 1000)).isEqualTo(t + 60_000);
        assertThat(breaker.blockedUntil("agent:codex", t + 1000)).isZero();
        assertThat(breaker.blockedUntil("agent:claude", t + 61_000)).isZero();
        assertThat(breaker.blockedUntil("agent:claude", t + 61_001)).isPositive();
        breaker.succeeded("agent:claude");
        assertThat(breaker.blockedUntil("agent:claude", t + 61_002)).isZero();
    }
}

package dev.flow.engine.step;

import dev.flow.model.RetryPolicy;
import java.util.Random;

/**
 * Waits between attempts: {@code initial * multiplier^(attempt-1)}, capped at the policy's maximum,
 * and with jitter spread uniformly over ±20% so that many nodes failing together do not retry in
 * lock step.
 */
final class Backoff {
    static final double JITTER = 0.2;
    private final Random random;

    Backoff(Random random) {
        this.random = random;
    }

    /** The delay before the attempt after {@code failedAttempt}. */
    long delayMillis(RetryPolicy policy, int failedAttempt) {
        double base = policy.initialBackoff().toMillis() * Math.pow(Math.max(1.0, policy.multiplier()), Math.max(0, failedAttempt - 1));
        double capped = Math.min(base, policy.maxBackoff().toMillis());
        if (!policy.jitter()) {
            return Math.round(capped);
        }
        double factor;
        synchronized (random) {
            factor = 1 - JITTER + 2 * JITTER * random.nextDouble();
        }
        return Math.round(Math.min(capped * factor, policy.maxBackoff().toMillis()));
    }
}

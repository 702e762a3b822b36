package dev.flow.model;

import java.time.Duration;

/**
 * How a failed task or gate is tried again: after {@code initialBackoff}, then each wait multiplied
 * by {@code multiplier} up to {@code maxBackoff}, with random jitter when {@code jitter} is set.
 *
 * @param maxRetries attempts after the first; 0 never retries
 */
public record RetryPolicy(
        int maxRetries, Duration initialBackoff, double multiplier, Duration maxBackoff, boolean jitter, SourceRef source) {

    public static final Duration DEFAULT_INITIAL_BACKOFF = Duration.ofSeconds(1);
    public static final Duration DEFAULT_MAX_BACKOFF = Duration.ofMinutes(5);
    public static final double DEFAULT_MULTIPLIER = 2.0;

    public RetryPolicy {
        initialBackoff = initialBackoff == null ? DEFAULT_INITIAL_BACKOFF : initialBackoff;
        maxBackoff = maxBackoff == null ? DEFAULT_MAX_BACKOFF : maxBackoff;
        source = source == null ? SourceRef.NONE : source;
    }

    /** {@code retries} attempts with the default backoff (1 s doubling to 5 min, with jitter). */
    public static RetryPolicy times(int retries, SourceRef source) {
        return new RetryPolicy(retries, DEFAULT_INITIAL_BACKOFF, DEFAULT_MULTIPLIER, DEFAULT_MAX_BACKOFF, true, source);
    }
}

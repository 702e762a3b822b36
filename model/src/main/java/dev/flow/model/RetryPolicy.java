package dev.flow.model;

import java.time.Duration;
import java.util.List;

/**
 * How a failed task or gate is tried again: after {@code initialBackoff}, then each wait multiplied
 * by {@code multiplier} up to {@code maxBackoff}, with random jitter when {@code jitter} is set.
 *
 * @param maxRetries attempts after the first; 0 never retries
 * @param on declared outputs that count as a failed attempt while attempts remain ({@code retry 3 on
 *     fail}): producing one of them tries the node again, and once the retries are spent the output
 *     is routed like any other; empty when only failures are retried
 */
public record RetryPolicy(
        int maxRetries, Duration initialBackoff, double multiplier, Duration maxBackoff, boolean jitter, List<NameRef> on,
        SourceRef source) {

    public static final Duration DEFAULT_INITIAL_BACKOFF = Duration.ofSeconds(1);
    public static final Duration DEFAULT_MAX_BACKOFF = Duration.ofMinutes(5);
    public static final double DEFAULT_MULTIPLIER = 2.0;

    public RetryPolicy {
        initialBackoff = initialBackoff == null ? DEFAULT_INITIAL_BACKOFF : initialBackoff;
        maxBackoff = maxBackoff == null ? DEFAULT_MAX_BACKOFF : maxBackoff;
        on = Models.list(on);
        source = source == null ? SourceRef.NONE : source;
    }

    /** A policy that retries failures only (no {@code on} outputs). */
    public RetryPolicy(int maxRetries, Duration initialBackoff, double multiplier, Duration maxBackoff, boolean jitter, SourceRef source) {
        this(maxRetries, initialBackoff, multiplier, maxBackoff, jitter, List.of(), source);
    }

    /** {@code retries} attempts with the default backoff (1 s doubling to 5 min, with jitter). */
    public static RetryPolicy times(int retries, SourceRef source) {
        return new RetryPolicy(retries, DEFAULT_INITIAL_BACKOFF, DEFAULT_MULTIPLIER, DEFAULT_MAX_BACKOFF, true, source);
    }

    /** The same policy retrying also when the node produces one of {@code outputs}. */
    public RetryPolicy on(List<NameRef> outputs) {
        return new RetryPolicy(maxRetries, initialBackoff, multiplier, maxBackoff, jitter, outputs, source);
    }

    /** Whether producing {@code output} counts as a failed attempt while attempts remain. */
    public boolean retriesOutput(String output) {
        return output != null && on.stream().anyMatch(r -> r.name().equals(output));
    }
}

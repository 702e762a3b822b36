package dev.flow.model;

/**
 * Marks an edge that closes a loop: it may be taken at most {@code maxIterations} times in a run.
 * When its condition holds but the limit is spent, the source's limit-reached edges are taken
 * instead (see {@link Edge#onLimitReached()}).
 */
public record LoopControl(int maxIterations, SourceRef source) {
    public LoopControl {
        source = source == null ? SourceRef.NONE : source;
    }
}

package dev.flow.model;

/**
 * Marks an edge that closes a loop and limits the loop to {@code maxIterations} iterations in a
 * run: the first pass through the loop body is iteration 1, so the edge itself is taken at most
 * {@code maxIterations - 1} times. With {@code loop max 3}, a gate that fails twice and then passes
 * runs its body three times and completes; with {@code loop max 2} the second failure takes the
 * source's limit-reached edges instead (see {@link Edge#onLimitReached()}), and where there are
 * none the run stops with status {@code limit_reached}.
 */
public record LoopControl(int maxIterations, SourceRef source) {
    public LoopControl {
        source = source == null ? SourceRef.NONE : source;
    }
}

package dev.flow.model;

/**
 * Run-wide settings.
 *
 * @param maxParallel how many nodes of one run may execute at the same time (at least 1)
 * @param failFast whether an unhandled failure stops the run at once, or lets running branches finish
 */
public record Config(int maxParallel, boolean failFast, SourceRef source) {
    public static final int DEFAULT_MAX_PARALLEL = 4;
    public static final Config DEFAULT = new Config(DEFAULT_MAX_PARALLEL, true, SourceRef.NONE);

    public Config {
        source = source == null ? SourceRef.NONE : source;
    }
}

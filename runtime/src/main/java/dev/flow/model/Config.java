package dev.flow.model;

/**
 * Run-wide settings.
 *
 * @param maxParallel how many nodes of one run may execute at the same time (at least 1)
 * @param failFast whether an unhandled failure stops the run at once, or lets running branches finish
 * @param sandbox the sandbox of every task (and merge agent) whose own and agent's settings say nothing; null for none
 */
public record Config(int maxParallel, boolean failFast, Sandbox sandbox, SourceRef source) {
    public static final int DEFAULT_MAX_PARALLEL = 4;
    public static final Config DEFAULT = new Config(DEFAULT_MAX_PARALLEL, true, SourceRef.NONE);

    public Config {
        source = source == null ? SourceRef.NONE : source;
    }

    /** Settings without a workflow-wide sandbox. */
    public Config(int maxParallel, boolean failFast, SourceRef source) {
        this(maxParallel, failFast, null, source);
    }
}

package dev.flow.model;

/**
 * Run-wide settings.
 *
 * @param maxParallel how many nodes of one run may execute at the same time (at least 1)
 * @param failFast whether an unhandled failure stops the run at once, or lets running branches finish
 * @param sandbox the sandbox of every task (and merge agent) whose own and agent's settings say nothing; null for none
 * @param isolation the default of the workflow's tasks ({@code isolate worktree}); the front ends
 *     have already applied it to each {@link NodeSpec.Task}, it is kept for printing and tools
 * @param repository the target repository of isolated steps, relative to the workflow's folder;
 *     null for the git repository that holds that folder
 * @param growth the limits of planners' growth ({@code grows max 5 nodes, max 50 in all}); null for
 *     the defaults ({@link Growth})
 * @param escalation where a permanent failure of a node that says nothing goes ({@code on failure
 *     escalate to triage} on the workflow); null for nowhere
 */
public record Config(int maxParallel, boolean failFast, Sandbox sandbox, Isolation isolation, String repository, SourceRef source, Growth growth,
        Escalation escalation) {
    public static final int DEFAULT_MAX_PARALLEL = 4;
    public static final Config DEFAULT = new Config(DEFAULT_MAX_PARALLEL, true, SourceRef.NONE);

    public Config {
        isolation = Isolation.orNone(isolation);
        source = source == null ? SourceRef.NONE : source;
    }

    /** Settings with the default growth limits and no escalation. */
    public Config(int maxParallel, boolean failFast, Sandbox sandbox, Isolation isolation, String repository, SourceRef source) {
        this(maxParallel, failFast, sandbox, isolation, repository, source, null, null);
    }

    /** Settings without a workflow-wide sandbox, with no isolation and the default repository. */
    public Config(int maxParallel, boolean failFast, SourceRef source) {
        this(maxParallel, failFast, null, Isolation.NONE, null, source);
    }

    /** Whether anything differs from {@link #DEFAULT} (positions aside). */
    public boolean isDefault() {
        return maxParallel == DEFAULT_MAX_PARALLEL && failFast && sandbox == null && isolation == Isolation.NONE && repository == null
                && growth == null && escalation == null;
    }
}

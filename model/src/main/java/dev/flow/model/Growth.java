package dev.flow.model;

/**
 * How far a planner's answers may grow the graph at run time: a task that is a planner ({@link
 * NodeSpec.Task#planner()}) may answer with new nodes and edges, at most {@link #perAnswer()} in one
 * answer and {@link #total()} in all. On a task the limits are the planner's own ({@code planner
 * grows max 5 nodes, max 20 in all}); in {@link Config#growth()} they are the workflow's ({@code grows
 * max 5 nodes, max 50 in all}): the default of its planners per answer, and the most every planner of
 * one execution may add together.
 *
 * @param maxPerAnswer nodes one answer may add; null for the workflow's, or {@link #DEFAULT_PER_ANSWER}
 * @param maxTotal nodes added in all (by this planner, or on a workflow by every planner of the
 *     execution); null for no limit of the planner's own, or {@link #DEFAULT_TOTAL} on a workflow
 */
public record Growth(Integer maxPerAnswer, Integer maxTotal, SourceRef source) {
    public static final int DEFAULT_PER_ANSWER = 10;
    public static final int DEFAULT_TOTAL = 50;

    /** A planner with the workflow's limits. */
    public static final Growth DEFAULTS = new Growth(null, null, SourceRef.NONE);

    public Growth {
        source = source == null ? SourceRef.NONE : source;
    }

    /** Nodes one answer of {@code planner} may add in {@code workflow}. */
    public static int perAnswer(Growth planner, Workflow workflow) {
        if (planner != null && planner.maxPerAnswer() != null) {
            return planner.maxPerAnswer();
        }
        Growth wide = workflow.config().growth();
        return wide != null && wide.maxPerAnswer() != null ? wide.maxPerAnswer() : DEFAULT_PER_ANSWER;
    }

    /** Nodes every planner of one execution of {@code workflow} may add together. */
    public static int total(Workflow workflow) {
        Growth wide = workflow.config().growth();
        return wide != null && wide.maxTotal() != null ? wide.maxTotal() : DEFAULT_TOTAL;
    }
}

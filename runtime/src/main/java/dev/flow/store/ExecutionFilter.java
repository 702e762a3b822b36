package dev.flow.store;

import java.util.Locale;
import java.util.Set;

/**
 * Which executions a search wants ({@link ExecutionTable#find}): every part is optional, and the
 * parts given must all hold. Text is matched as a substring, ignoring the case of ASCII letters,
 * in the execution's inputs and in each of its nodes' outputs and results (current and earlier
 * runs); results kept as artifacts (large ones) are not searched.
 *
 * @param statuses the statuses wanted; empty for any
 * @param workflowId the workflow, exactly; null for any
 * @param idPrefix the start of the execution's id; null for any
 * @param text a substring of the inputs or of a node's output or result; null for any
 * @param from created at or after this time (epoch ms); null for no bound
 * @param to created before this time (epoch ms); null for no bound
 * @param topOnly only top-level runs, not the child executions of subgraph nodes
 */
public record ExecutionFilter(Set<ExecutionStatus> statuses, String workflowId, String idPrefix, String text, Long from, Long to,
        boolean topOnly) {
    /** Every execution. */
    public static final ExecutionFilter ALL = new ExecutionFilter(Set.of(), null, null, null, null, null, false);

    public ExecutionFilter {
        statuses = Set.copyOf(statuses);
        workflowId = blankToNull(workflowId);
        idPrefix = blankToNull(idPrefix);
        text = blankToNull(text);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    /** A LIKE pattern that matches {@code text} anywhere, with {@code \} escaping LIKE's own characters; lower case. */
    public static String containing(String text) {
        return "%" + escapeLike(text.toLowerCase(Locale.ROOT)) + "%";
    }

    /** A LIKE pattern that matches what starts with {@code prefix}, with {@code \} escaping LIKE's own characters. */
    public static String startingWith(String prefix) {
        return escapeLike(prefix) + "%";
    }

    private static String escapeLike(String s) {
        return s.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    /**
     * Where a page of results ends, for the next page (keyset pagination: the next page starts
     * strictly after this row in the listing's order, so pages never skip or repeat a row
     * whatever is added meanwhile, and reading page 1,000 costs what page 1 does).
     */
    public record Cursor(long createdAt, String id) {
        /** The cursor of the page that ends with {@code last}. */
        public static Cursor after(ExecutionRow last) {
            return new Cursor(last.createdAt(), last.id());
        }
    }
}

package dev.flow.store;

import java.util.List;

/**
 * A question for a person: a human node, or an interrupt before or after a node. Answered once:
 * the answer is a guarded update from {@code pending}, so a second answer finds nothing to change.
 *
 * @param kind {@code human}, {@code before} or {@code after}
 * @param options the answers allowed (a human node's outputs, or proceed/stop/skip)
 * @param deadline epoch ms after which {@code defaultOutput} is taken; null for none
 * @param status {@code pending}, {@code answered}, {@code expired} or {@code cancelled}
 */
public record RequestRow(
        long id,
        String executionId,
        String nodeId,
        int iteration,
        String kind,
        String title,
        String prompt,
        List<String> options,
        String defaultOutput,
        Long deadline,
        String status,
        String answer,
        String note,
        long createdAt,
        Long answeredAt) {

    public static final String PENDING = "pending";
    public static final String ANSWERED = "answered";
    public static final String EXPIRED = "expired";
    public static final String CANCELLED = "cancelled";

    public RequestRow {
        options = options == null ? List.of() : List.copyOf(options);
    }

    public boolean isPending() {
        return PENDING.equals(status);
    }
}

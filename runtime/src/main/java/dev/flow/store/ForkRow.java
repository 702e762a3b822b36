package dev.flow.store;

import java.util.List;

/**
 * Where a fork came from: the execution it was forked from and the node it runs again from.
 *
 * @param executionId the fork
 * @param sourceId the execution it was forked from
 * @param nodeId the node it starts from
 * @param iteration the loop pass of that node it starts in
 * @param reused the nodes whose results it took from the source, in workflow order
 */
public record ForkRow(String executionId, String sourceId, String nodeId, int iteration, List<String> reused, long createdAt) {
    public ForkRow {
        reused = List.copyOf(reused);
    }
}

package dev.flow.model;

import java.time.Duration;

/**
 * Run-wide safety limits. When one is reached the current nodes finish, the state is kept, and the
 * run stops with status {@code limit_reached} and a report. Each component is null when unlimited.
 *
 * @param maxNodeExecutions executions of nodes that do work (tasks, gates, humans, subgraphs)
 * @param maxWallTime time since the run started
 * @param maxCost cost reported by agents, in dollars
 */
public record Limits(Long maxNodeExecutions, Duration maxWallTime, Double maxCost, SourceRef source) {
    public static final Limits NONE = new Limits(null, null, null, SourceRef.NONE);

    public Limits {
        source = source == null ? SourceRef.NONE : source;
    }

    public boolean isEmpty() {
        return maxNodeExecutions == null && maxWallTime == null && maxCost == null;
    }
}

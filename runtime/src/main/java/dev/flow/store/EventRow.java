package dev.flow.store;

/**
 * One entry of the append-only event log.
 *
 * @param seq 1, 2, 3... within its execution; {@code flow log} reads in this order
 * @param nodeId null for events of the execution itself
 * @param data a small JSON object with the event's details; may be null
 */
public record EventRow(long seq, String executionId, long at, String kind, String nodeId, String data) {}

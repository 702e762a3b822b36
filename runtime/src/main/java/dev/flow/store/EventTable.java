package dev.flow.store;

import java.util.List;

/** The append-only event log. */
public interface EventTable {
    /** Appends an event; returns its sequence number. */
    long append(String executionId, long at, String kind, String nodeId, String data);

    /** Events of an execution after {@code afterSeq}, in order, at most {@code limit}. */
    List<EventRow> after(String executionId, long afterSeq, int limit);
}

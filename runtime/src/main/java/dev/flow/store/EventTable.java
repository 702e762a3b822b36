package dev.flow.store;

import java.util.List;

/** The append-only event log, numbered per execution. */
public interface EventTable {
    /** Appends events, each with the sequence number its execution gave it ({@link ExecutionRow#eventSeq()}). */
    void append(List<EventRow> events);

    /** Events of an execution after {@code afterSeq}, in order, at most {@code limit}. */
    List<EventRow> after(String executionId, long afterSeq, int limit);
}

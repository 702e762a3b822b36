package dev.flow.store.sqlite;

import dev.flow.store.EventRow;
import dev.flow.store.EventTable;
import java.util.List;

/** SQL of the {@code events} table. */
final class SqliteEvents implements EventTable {
    private final Session s;

    SqliteEvents(Session s) {
        this.s = s;
    }

    @Override
    public long append(String executionId, long at, String kind, String nodeId, String data) {
        return s.insertReturningId("INSERT INTO events (execution_id, at, kind, node_id, data) VALUES (?, ?, ?, ?, ?)", executionId, at,
                kind, nodeId, data);
    }

    @Override
    public List<EventRow> after(String executionId, long afterSeq, int limit) {
        return s.query("SELECT seq, execution_id, at, kind, node_id, data FROM events WHERE execution_id = ? AND seq > ? ORDER BY seq LIMIT ?",
                rs -> new EventRow(rs.getLong(1), rs.getString(2), rs.getLong(3), rs.getString(4), rs.getString(5), rs.getString(6)),
                executionId, afterSeq, limit);
    }
}

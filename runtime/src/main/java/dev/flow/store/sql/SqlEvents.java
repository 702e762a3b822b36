package dev.flow.store.sql;

import dev.flow.store.EventRow;
import dev.flow.store.EventTable;
import java.util.List;

/** SQL of the {@code events} table. */
final class SqlEvents implements EventTable {
    private final SqlSession s;

    SqlEvents(SqlSession s) {
        this.s = s;
    }

    /** Rows per INSERT: a few statements cover the events of any transaction, each prepared once. */
    private static final int BATCH = 16;
    /** The INSERT of 1 to {@link #BATCH} rows, by count: built once (a string built per call is hashed anew at every lookup of its statement). */
    private static final String[] INSERTS = new String[BATCH + 1];

    static {
        for (int n = 1; n <= BATCH; n++) {
            var sql = new StringBuilder("INSERT INTO events (execution_id, seq, at, kind, node_id, data) VALUES ");
            for (int i = 0; i < n; i++) {
                sql.append(i == 0 ? "(?, ?, ?, ?, ?, ?)" : ", (?, ?, ?, ?, ?, ?)");
            }
            INSERTS[n] = sql.toString();
        }
    }

    @Override
    public void append(List<EventRow> events) {
        for (int from = 0; from < events.size(); from += BATCH) {
            List<EventRow> part = events.subList(from, Math.min(events.size(), from + BATCH));
            var args = new Object[part.size() * 6];
            for (int i = 0; i < part.size(); i++) {
                EventRow e = part.get(i);
                args[i * 6] = e.executionId();
                args[i * 6 + 1] = e.seq();
                args[i * 6 + 2] = e.at();
                args[i * 6 + 3] = e.kind();
                args[i * 6 + 4] = e.nodeId();
                args[i * 6 + 5] = e.data();
            }
            s.write(null, null, INSERTS[part.size()], args); // a new event's row: nothing else writes it
        }
    }

    @Override
    public List<EventRow> after(String executionId, long afterSeq, int limit) {
        return s.query("SELECT seq, execution_id, at, kind, node_id, data FROM events WHERE execution_id = ? AND seq > ? ORDER BY seq LIMIT ?",
                rs -> new EventRow(rs.getLong(1), rs.getString(2), rs.getLong(3), rs.getString(4), rs.getString(5), rs.getString(6)),
                executionId, afterSeq, limit);
    }
}

package dev.flow.store.sql;

import dev.flow.store.LoopCounterTable;
import java.util.LinkedHashMap;
import java.util.Map;

/** SQL of the {@code loop_counters} table. */
final class SqlLoopCounters implements LoopCounterTable {
    private final SqlSession s;

    SqlLoopCounters(SqlSession s) {
        this.s = s;
    }

    @Override
    public int get(String executionId, String edgeId) {
        return s.queryOne("SELECT count FROM loop_counters WHERE execution_id = ? AND edge_id = ?", rs -> rs.getInt(1), executionId, edgeId)
                .orElse(0);
    }

    @Override
    public int increment(String executionId, String edgeId) {
        s.update("INSERT INTO loop_counters (execution_id, edge_id, count) VALUES (?, ?, 1) "
                + "ON CONFLICT (execution_id, edge_id) DO UPDATE SET count = loop_counters.count + 1", executionId, edgeId);
        return get(executionId, edgeId);
    }

    @Override
    public void set(String executionId, String edgeId, int count) {
        s.update("INSERT INTO loop_counters (execution_id, edge_id, count) VALUES (?, ?, ?) "
                + "ON CONFLICT (execution_id, edge_id) DO UPDATE SET count = excluded.count", executionId, edgeId, count);
    }

    @Override
    public Map<String, Integer> all(String executionId) {
        var out = new LinkedHashMap<String, Integer>();
        s.query("SELECT edge_id, count FROM loop_counters WHERE execution_id = ? ORDER BY edge_id",
                rs -> out.put(rs.getString(1), rs.getInt(2)), executionId);
        return out;
    }
}

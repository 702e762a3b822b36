package dev.flow.store.sql;

import dev.flow.store.StateTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** SQL of the {@code state_vars} and {@code state_history} tables. */
final class SqlState implements StateTable {
    private final SqlSession s;

    SqlState(SqlSession s) {
        this.s = s;
    }

    @Override
    public Map<String, String> all(String executionId) {
        var out = new LinkedHashMap<String, String>();
        s.query("SELECT name, value FROM state_vars WHERE execution_id = ? ORDER BY name", rs -> out.put(rs.getString(1), rs.getString(2)),
                executionId);
        return out;
    }

    @Override
    public void put(String executionId, String name, String valueJson) {
        s.update("INSERT INTO state_vars (execution_id, name, value) VALUES (?, ?, ?) "
                + "ON CONFLICT (execution_id, name) DO UPDATE SET value = excluded.value", executionId, name, valueJson);
    }

    @Override
    public void remember(String executionId, String name, long seq, String valueJson) {
        s.update("INSERT INTO state_history (execution_id, name, seq, value) VALUES (?, ?, ?, ?) "
                + "ON CONFLICT (execution_id, name, seq) DO UPDATE SET value = excluded.value", executionId, name, seq, valueJson);
    }

    @Override
    public Map<String, String> before(String executionId, long seq) {
        var out = new LinkedHashMap<String, String>();
        s.query("SELECT h.name, h.value FROM state_history h WHERE h.execution_id = ? AND h.seq = (SELECT max(seq) FROM state_history "
                + "WHERE execution_id = h.execution_id AND name = h.name AND seq < ?) ORDER BY h.name",
                rs -> out.put(rs.getString(1), rs.getString(2)), executionId, seq);
        return out;
    }

    @Override
    public List<StateWrite> history(String executionId) {
        var out = new ArrayList<StateWrite>();
        s.query("SELECT name, seq, value FROM state_history WHERE execution_id = ? ORDER BY seq, name",
                rs -> out.add(new StateWrite(rs.getString(1), rs.getLong(2), rs.getString(3))), executionId);
        return out;
    }
}

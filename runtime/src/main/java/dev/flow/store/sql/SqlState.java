package dev.flow.store.sql;

import dev.flow.store.StateTable;
import java.util.LinkedHashMap;
import java.util.Map;

/** SQL of the {@code state_vars} table. */
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
}

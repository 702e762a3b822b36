package dev.flow.store.sql;

import dev.flow.store.WorkflowTable;
import java.util.Optional;

/** SQL of the {@code workflows} table. */
final class SqlWorkflows implements WorkflowTable {
    private final SqlSession s;

    SqlWorkflows(SqlSession s) {
        this.s = s;
    }

    @Override
    public void putIfAbsent(String hash, String graphJson, String mainId, long at) {
        s.update("INSERT INTO workflows (hash, main_id, graph, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING", hash, mainId, graphJson, at);
    }

    @Override
    public Optional<String> graphJson(String hash) {
        return s.queryOne("SELECT graph FROM workflows WHERE hash = ?", rs -> rs.getString(1), hash);
    }
}

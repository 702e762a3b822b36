package dev.flow.store.sqlite;

import dev.flow.store.WorkflowTable;
import java.util.Optional;

/** SQL of the {@code workflows} table. */
final class SqliteWorkflows implements WorkflowTable {
    private final Session s;

    SqliteWorkflows(Session s) {
        this.s = s;
    }

    @Override
    public void putIfAbsent(String hash, String graphJson, String mainId, long at) {
        s.update("INSERT OR IGNORE INTO workflows (hash, main_id, graph, created_at) VALUES (?, ?, ?, ?)", hash, mainId, graphJson, at);
    }

    @Override
    public Optional<String> graphJson(String hash) {
        return s.queryOne("SELECT graph FROM workflows WHERE hash = ?", rs -> rs.getString(1), hash);
    }
}

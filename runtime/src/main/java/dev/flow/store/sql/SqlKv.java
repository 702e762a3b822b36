package dev.flow.store.sql;

import dev.flow.store.KvEntry;
import dev.flow.store.KvTable;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/** SQL of the {@code kv_latest} and {@code kv_history} tables. */
final class SqlKv implements KvTable {
    private static final String COLUMNS = "execution_id, scope, key, value, artifact, sha256, bytes, writer";

    private final SqlSession s;

    SqlKv(SqlSession s) {
        this.s = s;
    }

    @Override
    public Optional<KvEntry> get(String executionId, String scope, String key) {
        return s.queryOne("SELECT " + COLUMNS + ", updated_at FROM kv_latest WHERE execution_id = ? AND scope = ? AND key = ?",
                SqlKv::row, executionId, scope, key);
    }

    /**
     * The latest value, its history and the trim of the history in three writes, which on PostgreSQL
     * go to the server as one statement ({@link SqlSession#write}). The trim deletes by an id bound
     * found through the index, not {@code NOT IN} a list. Held in one batch, it does not see the
     * history row added beside it, so it keeps {@link #HISTORY_KEPT} of the rows before; run one after
     * the other (SQLite), it keeps one more, the new row among them: the same rows either way.
     */
    @Override
    public void put(KvEntry e) {
        String row = "kv/" + e.executionId() + "/" + e.scope() + "/" + e.key();
        s.write(row, null, "INSERT INTO kv_latest (" + COLUMNS + ", updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                        + "ON CONFLICT (execution_id, scope, key) DO UPDATE SET value = excluded.value, artifact = excluded.artifact, "
                        + "sha256 = excluded.sha256, bytes = excluded.bytes, writer = excluded.writer, updated_at = excluded.updated_at",
                e.executionId(), e.scope(), e.key(), e.value(), e.artifact(), e.sha256(), e.bytes(), e.writer(), e.at());
        s.write(null, null, "INSERT INTO kv_history (" + COLUMNS + ", created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", e.executionId(), e.scope(),
                e.key(), e.value(), e.artifact(), e.sha256(), e.bytes(), e.writer(), e.at());
        s.write(null, null, "DELETE FROM kv_history WHERE execution_id = ? AND scope = ? AND key = ? AND id <= (SELECT id FROM kv_history "
                        + "WHERE execution_id = ? AND scope = ? AND key = ? ORDER BY id DESC LIMIT 1 OFFSET ?)",
                e.executionId(), e.scope(), e.key(), e.executionId(), e.scope(), e.key(), s.batching() ? HISTORY_KEPT : HISTORY_KEPT + 1);
    }

    @Override
    public List<KvEntry> list(String executionId, String scope, String prefix) {
        // Prefix match with range bounds rather than LIKE, so that % and _ in keys mean themselves.
        return s.query("SELECT " + COLUMNS + ", updated_at FROM kv_latest WHERE execution_id = ? AND scope = ? AND key >= ? AND key < ? "
                + "ORDER BY key", SqlKv::row, executionId, scope, prefix, prefix + Character.MAX_VALUE);
    }

    @Override
    public List<KvEntry> all(String executionId) {
        return s.query("SELECT " + COLUMNS + ", updated_at FROM kv_latest WHERE execution_id = ? ORDER BY scope, key", SqlKv::row, executionId);
    }

    @Override
    public List<KvEntry> history(String executionId, String scope, String key) {
        return s.query("SELECT " + COLUMNS + ", created_at FROM kv_history WHERE execution_id = ? AND scope = ? AND key = ? ORDER BY id DESC",
                SqlKv::row, executionId, scope, key);
    }

    @Override
    public List<KvEntry> written(String executionId) {
        return s.query("SELECT " + COLUMNS + ", created_at FROM kv_history WHERE execution_id = ? ORDER BY id", SqlKv::row, executionId);
    }

    private static KvEntry row(ResultSet rs) throws SQLException {
        return new KvEntry(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5), rs.getString(6),
                rs.getLong(7), rs.getString(8), rs.getLong(9));
    }
}

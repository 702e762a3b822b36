package dev.flow.store.sql;

import dev.flow.store.Guard;
import dev.flow.store.RequestRow;
import dev.flow.store.RequestTable;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/** SQL of the {@code requests} table. */
final class SqlRequests implements RequestTable {
    private static final String COLUMNS = "id, execution_id, node_id, iteration, kind, title, prompt, options, default_output, deadline, "
            + "status, answer, note, created_at, answered_at";
    private static final String PREFIXED = COLUMNS.replaceAll("(\\w+)", "r.$1");

    private final SqlSession s;

    SqlRequests(SqlSession s) {
        this.s = s;
    }

    @Override
    public long insert(RequestRow r) {
        return s.insertReturningId("INSERT INTO requests (execution_id, node_id, iteration, kind, title, prompt, options, default_output, "
                        + "deadline, status, answer, note, created_at, answered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                r.executionId(), r.nodeId(), r.iteration(), r.kind(), r.title(), r.prompt(), StringLists.write(r.options()), r.defaultOutput(),
                r.deadline(), r.status(), r.answer(), r.note(), r.createdAt(), r.answeredAt());
    }

    @Override
    public Optional<RequestRow> get(long id) {
        return s.queryOne("SELECT " + COLUMNS + " FROM requests WHERE id = ?", SqlRequests::row, id);
    }

    @Override
    public Optional<RequestRow> pendingFor(String executionId, String nodeId) {
        return s.queryOne("SELECT " + COLUMNS + " FROM requests WHERE execution_id = ? AND node_id = ? AND status = 'pending' "
                + "ORDER BY id DESC LIMIT 1", SqlRequests::row, executionId, nodeId);
    }

    @Override
    public Optional<RequestRow> find(String executionId, String nodeId, int iteration, String kind) {
        return s.queryOne("SELECT " + COLUMNS + " FROM requests WHERE execution_id = ? AND node_id = ? AND iteration = ? AND kind = ?",
                SqlRequests::row, executionId, nodeId, iteration, kind);
    }

    @Override
    public List<RequestRow> pending(String rootId) {
        String sql = "SELECT " + PREFIXED + " FROM requests r JOIN executions e ON e.id = r.execution_id WHERE r.status = 'pending' "
                + SqlNodes.inTree(rootId) + "ORDER BY r.id";
        return s.query(sql, SqlRequests::row, SqlNodes.treeArgs(rootId));
    }

    @Override
    public List<RequestRow> all(String executionId) {
        return s.query("SELECT " + COLUMNS + " FROM requests WHERE execution_id = ? ORDER BY id", SqlRequests::row, executionId);
    }

    @Override
    public boolean resolve(long id, String status, String answer, String note, long at) {
        return Guard.one(s.update("UPDATE requests SET status = ?, answer = ?, note = ?, answered_at = ? WHERE id = ? AND status = 'pending'",
                status, answer, note, at, id), "request " + id);
    }

    private static RequestRow row(ResultSet rs) throws SQLException {
        List<String> options = StringLists.read(rs.getString(8), "the options of request " + rs.getLong(1));
        return new RequestRow(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getInt(4), rs.getString(5), rs.getString(6),
                rs.getString(7), options, rs.getString(9), SqlSession.longAt(rs, 10), rs.getString(11), rs.getString(12), rs.getString(13),
                rs.getLong(14), SqlSession.longAt(rs, 15));
    }
}

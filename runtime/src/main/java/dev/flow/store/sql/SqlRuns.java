package dev.flow.store.sql;

import dev.flow.store.ErrorClass;
import dev.flow.store.NodeStatus;
import dev.flow.store.RunRow;
import dev.flow.store.RunTable;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/** SQL of the {@code node_runs} table. */
final class SqlRuns implements RunTable {
    private static final String COLUMNS = "execution_id, node_id, iteration, attempt, status, output, result, error, started_at, finished_at, "
            + "error_class, cost, entered_seq";

    private final SqlSession s;

    SqlRuns(SqlSession s) {
        this.s = s;
    }

    @Override
    public void insert(RunRow r) {
        // A crash between archiving and resetting cannot happen (one transaction), but a run may be
        // archived twice by design when a reset meets an already archived attempt: keep the first.
        s.update("INSERT INTO node_runs (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING", r.executionId(),
                r.nodeId(), r.iteration(), r.attempt(), r.status().keyword(), r.output(), r.resultJson(), r.error(), r.startedAt(),
                r.finishedAt(), SqlNodes.keyword(r.errorClass()), r.cost(), r.enteredSeq());
    }

    @Override
    public List<RunRow> of(String executionId, String nodeId) {
        return s.query("SELECT " + COLUMNS + " FROM node_runs WHERE execution_id = ? AND node_id = ? ORDER BY iteration, attempt",
                SqlRuns::row, executionId, nodeId);
    }

    @Override
    public List<RunRow> all(String executionId) {
        return s.query("SELECT " + COLUMNS + " FROM node_runs WHERE execution_id = ? ORDER BY node_id, iteration, attempt",
                SqlRuns::row, executionId);
    }

    private static RunRow row(ResultSet rs) throws SQLException {
        return new RunRow(rs.getString(1), rs.getString(2), rs.getInt(3), rs.getInt(4), NodeStatus.parse(rs.getString(5)),
                rs.getString(6), rs.getString(7), rs.getString(8), SqlSession.longAt(rs, 9), SqlSession.longAt(rs, 10),
                ErrorClass.parse(rs.getString(11)), SqlSession.doubleAt(rs, 12), SqlSession.longAt(rs, 13));
    }
}

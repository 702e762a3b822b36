package dev.flow.store.sql;

import dev.flow.store.ForkRow;
import dev.flow.store.ForkTable;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** SQL of the {@code forks} table. The reused nodes are kept as one line of ids (node ids hold no line breaks). */
final class SqlForks implements ForkTable {
    private static final String COLUMNS = "execution_id, source_id, node_id, iteration, reused, created_at";

    private final SqlSession s;

    SqlForks(SqlSession s) {
        this.s = s;
    }

    @Override
    public void insert(ForkRow r) {
        s.update("INSERT INTO forks (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?)", r.executionId(), r.sourceId(), r.nodeId(), r.iteration(),
                String.join("\n", r.reused()), r.createdAt());
    }

    @Override
    public Optional<ForkRow> get(String executionId) {
        return s.queryOne("SELECT " + COLUMNS + " FROM forks WHERE execution_id = ?", SqlForks::row, executionId);
    }

    @Override
    public List<ForkRow> of(String sourceId) {
        return s.query("SELECT " + COLUMNS + " FROM forks WHERE source_id = ? ORDER BY created_at, execution_id", SqlForks::row, sourceId);
    }

    private static ForkRow row(ResultSet rs) throws SQLException {
        String reused = rs.getString(5);
        return new ForkRow(rs.getString(1), rs.getString(2), rs.getString(3), rs.getInt(4),
                reused.isEmpty() ? List.of() : Arrays.asList(reused.split("\n")), rs.getLong(6));
    }
}

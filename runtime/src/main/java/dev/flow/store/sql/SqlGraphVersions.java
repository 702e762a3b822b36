package dev.flow.store.sql;

import dev.flow.store.GraphVersionRow;
import dev.flow.store.GraphVersionTable;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/** SQL of the {@code graph_versions} table. */
final class SqlGraphVersions implements GraphVersionTable {
    private static final String COLUMNS = "execution_id, version, graph_hash, grown_by, iteration, attempt, added_nodes, added_edges, created_at";

    private final SqlSession s;

    SqlGraphVersions(SqlSession s) {
        this.s = s;
    }

    @Override
    public void insert(GraphVersionRow r) {
        s.update("INSERT INTO graph_versions (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", r.executionId(), r.version(), r.graphHash(),
                r.grownBy(), r.iteration(), r.attempt(), StringLists.write(r.addedNodes()), StringLists.write(r.addedEdges()), r.createdAt());
    }

    @Override
    public List<GraphVersionRow> all(String executionId) {
        return s.query("SELECT " + COLUMNS + " FROM graph_versions WHERE execution_id = ? ORDER BY version", SqlGraphVersions::row,
                executionId);
    }

    private static GraphVersionRow row(ResultSet rs) throws SQLException {
        String what = "version " + rs.getInt(2) + " of the graph of execution " + rs.getString(1);
        return new GraphVersionRow(rs.getString(1), rs.getInt(2), rs.getString(3), rs.getString(4), rs.getInt(5), rs.getInt(6),
                StringLists.read(rs.getString(7), what), StringLists.read(rs.getString(8), what), rs.getLong(9));
    }
}

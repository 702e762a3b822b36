package dev.flow.store.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.store.sqlite.SqliteStore;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A claim reads the ready rows in their index's order and stops at its limit, on SQLite's own plan
 * of the query (EXPLAIN QUERY PLAN, on a database as Flow makes it): no sort, and no search of a
 * run's rows by execution, which reads every node the run has, finished ones included. A fan-out's
 * branches each paid for the whole run that way.
 */
class ClaimPlanTest {
    @TempDir
    Path dir;

    @Test
    void aClaimForOneRunsTreeReadsTheReadyIndexInOrderAndSortsNothing() throws Exception {
        assertThat(plan(SqlNodes.claimableSql(Dialect.SQLITE, "r1"))).first().isEqualTo("SCAN n USING INDEX node_states_ready");
        assertThat(plan(SqlNodes.claimableSql(Dialect.SQLITE, "r1"))).noneMatch(step -> step.contains("TEMP B-TREE"))
                .noneMatch(step -> step.startsWith("SEARCH n"));
    }

    @Test
    void aClaimAnywhereReadsTheReadyIndexInOrderAndSortsNothing() throws Exception {
        assertThat(plan(SqlNodes.claimableSql(Dialect.SQLITE, null))).containsExactly("SCAN n USING INDEX node_states_ready", "SEARCH e USING PRIMARY KEY (id=?)");
    }

    /** A claim's later reads seek past the last candidate in the ready index, and sort nothing. */
    @Test
    void aClaimsNextCandidatesAreSoughtInTheReadyIndex() throws Exception {
        assertThat(plan(SqlNodes.claimableSql(Dialect.SQLITE, null, true))).containsExactly(
                "SEARCH n USING INDEX node_states_ready ((ready_at,execution_id,node_id)>(?,?,?))", "SEARCH e USING PRIMARY KEY (id=?)");
        assertThat(plan(SqlNodes.claimableSql(Dialect.SQLITE, "r1", true))).first().isEqualTo("SEARCH n USING INDEX node_states_ready ((ready_at,execution_id,node_id)>(?,?,?))");
        assertThat(plan(SqlNodes.claimableSql(Dialect.SQLITE, "r1", true))).noneMatch(step -> step.contains("TEMP B-TREE"));
    }

    /**
     * SQLite's claim selects its candidates' keys alone: the driver reads every result column's name
     * at each query, and whole node rows cost a fan-out branch's claim more than the rest of its query.
     * The server's claim selects whole rows, which come with their locks.
     */
    @Test
    void aClaimOnSqliteSelectsTheKeysAlone() throws Exception {
        Path db = dir.resolve("keys.db");
        SqliteStore.open(db).close();
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db); var st = c.prepareStatement(SqlNodes.claimableSql(Dialect.SQLITE, null, true))) {
            assertThat(st.getMetaData().getColumnCount()).isEqualTo(3);
        }
        assertThat(SqlNodes.claimableSql(Dialect.POSTGRESQL, null)).startsWith("SELECT n.execution_id, n.node_id, n.status,");
    }

    /** SQLite's plan for {@code sql}: one line a step. */
    private List<String> plan(String sql) throws Exception {
        Path db = dir.resolve("plan.db");
        SqliteStore.open(db).close(); // the schema as Flow makes it
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db); var st = c.prepareStatement("EXPLAIN QUERY PLAN " + sql);
                var rs = st.executeQuery()) {
            var steps = new ArrayList<String>();
            while (rs.next()) {
                steps.add(rs.getString("detail"));
            }
            return steps;
        }
    }
}

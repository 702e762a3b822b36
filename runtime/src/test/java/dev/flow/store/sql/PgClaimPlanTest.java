package dev.flow.store.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.store.StoreOptions;
import dev.flow.store.TestPostgres;
import dev.flow.store.postgres.PgUrl;
import dev.flow.store.postgres.PostgresStore;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On PostgreSQL a claim reads the ready index in the claim's order and stops at its limit, on the
 * server's own plan of the statement as a worker sends it (the planner setting of {@link
 * SqlSession#preferIndexOrder} in force), on a database as Flow makes it, with 400 ready nodes of 8
 * runs and statistics taken when none was ready (as autovacuum takes them between runs). Without
 * the setting the server chose to read every ready row of every run and sort them, at each claim.
 */
class PgClaimPlanTest {
    @TempDir
    Path dir;

    @Test
    void aClaimReadsTheReadyIndexInOrderAndSortsNothing() throws Exception {
        List<String> plan = plan(SqlNodes.claimableSql(Dialect.POSTGRESQL, null) + Dialect.POSTGRESQL.claimLock(), 1_000_000L, 4);
        assertThat(plan).anyMatch(line -> line.contains("Index Scan using node_states_ready on node_states"))
                .noneMatch(line -> line.contains("Sort"));
    }

    @Test
    void aClaimForOneRunsTreeReadsTheReadyIndexInOrderAndSortsNothing() throws Exception {
        List<String> plan = plan(SqlNodes.claimableSql(Dialect.POSTGRESQL, "x1") + Dialect.POSTGRESQL.claimLock(), 1_000_000L, "x1", 4);
        assertThat(plan).anyMatch(line -> line.contains("Index Scan using node_states_ready on node_states"))
                .noneMatch(line -> line.contains("Sort"));
    }

    /** A claim's next candidates: the server seeks past the last one in the index's order, and sorts nothing. */
    @Test
    void aClaimsNextCandidatesAreSoughtInTheReadyIndex() throws Exception {
        List<String> plan = plan(SqlNodes.claimableSql(Dialect.POSTGRESQL, null, true) + Dialect.POSTGRESQL.claimLock(), 1_000_000L, 1003L, "x3", "b7", 4);
        assertThat(plan).anyMatch(line -> line.contains("Index Scan using node_states_ready on node_states"))
                .anyMatch(line -> line.contains("Index Cond: (ROW(ready_at, execution_id, node_id) > ROW("))
                .noneMatch(line -> line.contains("Sort"));
    }

    @Test
    void aWorkersClaimTakesTheSettingForItsTransactionOnly() throws Exception {
        String url = TestPostgres.get().newDatabase();
        try (var store = PostgresStore.open(PgUrl.parse(url, System::getenv), StoreOptions.DEFAULT.withArtifactsDir(dir.resolve("artifacts")))) {
            String during = store.write(tx -> {
                tx.nodes().claimable(null, 0, 4);
                return ((SqlSession) tx).queryOne("SELECT current_setting('enable_sort')", rs -> rs.getString(1)).orElseThrow();
            });
            String after = store.write(tx -> ((SqlSession) tx).queryOne("SELECT current_setting('enable_sort')", rs -> rs.getString(1)).orElseThrow());
            assertThat(during).isEqualTo("off");
            assertThat(after).isEqualTo("on");
        }
    }

    /** The server's plan for {@code sql} with {@code args}, one line a step, in a transaction that took the claim's setting. */
    private List<String> plan(String sql, Object... args) throws Exception {
        var pg = TestPostgres.get();
        String url = pg.newDatabase();
        PostgresStore.open(PgUrl.parse(url, System::getenv), StoreOptions.DEFAULT.withArtifactsDir(dir.resolve("artifacts"))).close(); // the schema as Flow makes it
        String database = url.substring(url.lastIndexOf('/') + 1);
        pg.sql(database,
                "INSERT INTO workflows (hash, main_id, graph, created_at) VALUES ('g', 'w', '{}', 0)",
                // statistics taken after an earlier run ended, when no node was ready (as autovacuum takes them)
                "INSERT INTO executions (id, graph_hash, workflow_id, root_id, status, inputs, base_dir, created_at) "
                        + "VALUES ('done', 'g', 'w', 'done', 'completed', '{}', '/tmp', 0)",
                "INSERT INTO node_states (execution_id, node_id, status, iteration, attempt, ready_at) "
                        + "SELECT 'done', 'n' || j, 'completed', 1, 1, 10 FROM generate_series(1, 5) j",
                "ANALYZE",
                "INSERT INTO executions (id, graph_hash, workflow_id, root_id, status, inputs, base_dir, created_at) "
                        + "SELECT 'x' || i, 'g', 'w', 'x' || i, 'running', '{}', '/tmp', i FROM generate_series(1, 8) i",
                "INSERT INTO node_states (execution_id, node_id, status, iteration, attempt, ready_at) "
                        + "SELECT 'x' || i, 'b' || j, 'ready', 1, 1, 1000 + i FROM generate_series(1, 8) i, generate_series(0, 49) j");
        try (var c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + pg.port() + "/" + database, "flow", "")) {
            c.setAutoCommit(false);
            try (var st = c.createStatement()) {
                st.execute("SELECT " + SqlSession.NO_SORTS);
            }
            var lines = new ArrayList<String>();
            try (var ps = c.prepareStatement("EXPLAIN " + sql)) {
                for (int i = 0; i < args.length; i++) {
                    ps.setObject(i + 1, args[i]);
                }
                try (var rs = ps.executeQuery()) {
                    while (rs.next()) {
                        lines.add(rs.getString(1));
                    }
                }
            }
            c.rollback();
            return lines;
        }
    }
}

package dev.flow.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.store.sqlite.SqliteStore;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two stores' migrations make the same tables with the same columns: a step added to one and
 * not the other (or a column misspelt) fails here, not in a run.
 */
class SchemaParityTest {
    @TempDir
    Path dir;

    @Test
    void sqliteAndPostgresqlHaveTheSameTablesAndColumns() throws Exception {
        var sqlite = new TreeMap<String, TreeSet<String>>();
        Path file = dir.resolve("state.db");
        SqliteStore.open(file).close();
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + file); var st = c.createStatement();
                var rs = st.executeQuery("SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table'")) {
            while (rs.next()) {
                sqlite.computeIfAbsent(rs.getString(1), k -> new TreeSet<>()).add(rs.getString(2));
            }
        }
        var pg = TestPostgres.get();
        String url = pg.newDatabase();
        dev.flow.store.postgres.PostgresStore.open(dev.flow.store.postgres.PgUrl.parse(url, System::getenv),
                StoreOptions.DEFAULT.withArtifactsDir(dir.resolve("artifacts"))).close();
        var postgres = new TreeMap<String, TreeSet<String>>();
        try (var c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + pg.port() + url.substring(url.lastIndexOf('/')), "flow", "");
                var st = c.createStatement();
                var rs = st.executeQuery("SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() "
                        + "AND table_name <> 'flow_schema'")) {
            while (rs.next()) {
                postgres.computeIfAbsent(rs.getString(1), k -> new TreeSet<>()).add(rs.getString(2));
            }
        }
        assertThat((Map<String, TreeSet<String>>) postgres).isEqualTo(sqlite);
    }
}

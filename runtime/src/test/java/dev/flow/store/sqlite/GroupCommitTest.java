package dev.flow.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.store.sql.Dialect;
import dev.flow.store.sql.SqlSession;
import java.nio.file.Path;
import java.sql.DriverManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class GroupCommitTest {
    @TempDir
    Path dir;

    /**
     * A writer leaves its transaction open for one queued behind it, which then gives up its wait for
     * the turn (its limit passed): the group has no one left to commit it. The waiting writer finds the
     * turn free and its group still open, and commits it itself. Simulated by a group that always sees
     * a writer waiting; without that rescue the write would never return (hence the guard).
     */
    @Test
    @Timeout(120)
    void aGroupLeftWithNoWriterToCommitItIsCommittedByTheWriterWaitingForIt() throws Exception {
        String url = "jdbc:sqlite:" + dir.resolve("g.db");
        try (var session = new SqlSession(DriverManager.getConnection(url), Dialect.SQLITE);
                var other = DriverManager.getConnection(url)) {
            session.execute("CREATE TABLE t (x INTEGER)");
            var commits = new GroupCommit(e -> e, e -> false, 1_000, () -> true);
            assertThat(commits.await(60_000)).isTrue();
            Integer value = commits.run(() -> session, tx -> 7, (s, work) -> {
                s.execute("BEGIN IMMEDIATE");
                s.inTransaction(true);
                s.execute("INSERT INTO t VALUES (1)");
                return work.run(s);
            });
            assertThat(value).isEqualTo(7);
            assertThat(commits.commits()).isEqualTo(1);
            assertThat(session.inTransaction()).isFalse();
            try (var rs = other.createStatement().executeQuery("SELECT count(*) FROM t")) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(1);
            }
        }
    }
}

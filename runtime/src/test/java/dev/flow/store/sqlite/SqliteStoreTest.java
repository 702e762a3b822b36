package dev.flow.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flow.store.Durability;
import dev.flow.store.ExecutionRow;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import dev.flow.store.StoreException;
import dev.flow.store.StoreFixtures;
import dev.flow.store.StoreOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteStoreTest {
    @TempDir
    Path dir;

    @Test
    void createsItsFileAndFolderAndReopensWithTheSameSchema() {
        Path db = dir.resolve("a/b/state.db");
        try (var store = SqliteStore.open(db)) {
            addRun(store);
        }
        try (var store = SqliteStore.open(db, StoreOptions.DEFAULT.withDurability(Durability.FULL))) {
            Optional<ExecutionRow> e1 = store.read(tx -> tx.executions().get("e1"));
            assertThat(e1).isPresent();
            assertThat(store.artifactsDir()).isEqualTo(db.toAbsolutePath().getParent().resolve("artifacts"));
        }
    }

    @Test
    void aDotFlowFolderItCreatesIgnoresItselfForGit() throws Exception {
        try (var store = SqliteStore.open(dir.resolve(".flow/state.db"))) {
            assertThat(Files.readString(dir.resolve(".flow/.gitignore"))).endsWith("\n*\n");
        }
        Files.createDirectories(dir.resolve("mine"));
        try (var store = SqliteStore.open(dir.resolve("mine/state.db"))) {
            assertThat(dir.resolve("mine/.gitignore")).as("only a folder named .flow, and only one Flow creates").doesNotExist();
        }
    }

    @Test
    void refusesAFileThatIsNotSqliteAndLeavesItAlone() throws Exception {
        Path db = dir.resolve("notes.db");
        Files.writeString(db, "these are my notes, not a database\n");
        assertThatThrownBy(() -> SqliteStore.open(db))
                .isInstanceOf(StoreException.class)
                .hasMessageContaining("is not a Flow database: it is not an SQLite file at all")
                .satisfies(e -> assertThat(((StoreException) e).isInputError()).isTrue());
        assertThat(Files.readString(db)).isEqualTo("these are my notes, not a database\n");
    }

    @Test
    void refusesWhatIsNotADatabaseFileWithoutOpeningIt() throws Exception {
        assertThatThrownBy(() -> SqliteStore.open(Files.createDirectories(dir.resolve("folder.db"))))
                .isInstanceOf(StoreException.class).hasMessageEndingWith("is a folder; --db takes the path of a database file");
        Path fifo = dir.resolve("fifo.db");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        // reading a FIFO would wait for a writer for ever: it is refused before it is opened
        assertThatThrownBy(() -> SqliteStore.open(fifo)).isInstanceOf(StoreException.class)
                .hasMessageEndingWith("is not a regular file (a FIFO); --db takes the path of a database file");
    }

    @Test
    void refusesADatabaseWithTablesButNoFlowSchemaVersionAndLeavesItAlone() throws Exception {
        for (int version : new int[] {0, -1}) {
            for (boolean marked : new boolean[] {true, false}) {
                Path db = dir.resolve("v" + version + (marked ? "-marked" : "") + ".db");
                try (var c = DriverManager.getConnection("jdbc:sqlite:" + db); var st = c.createStatement()) {
                    st.execute("CREATE TABLE notes(x)");
                    st.execute("PRAGMA user_version=" + version);
                    if (marked) {
                        st.execute("PRAGMA application_id=" + Migrations.APPLICATION_ID);
                    }
                }
                byte[] before = Files.readAllBytes(db);
                assertThatThrownBy(() -> SqliteStore.open(db)).as(db.toString()).isInstanceOf(StoreException.class)
                        .hasMessageContaining("choose another file with --db")
                        .satisfies(e -> assertThat(((StoreException) e).isInputError()).isTrue());
                assertThat(Files.readAllBytes(db)).as(db.toString()).isEqualTo(before);
            }
        }
        // a file with no table at all is a new database, whatever its header says... unless its version is negative
        Path negative = dir.resolve("negative.db");
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + negative); var st = c.createStatement()) {
            st.execute("PRAGMA user_version=-1");
        }
        assertThatThrownBy(() -> SqliteStore.open(negative)).hasMessageContaining("records schema version -1, which no Flow writes");
    }

    @Test
    void aFullDatabaseIsAnIoErrorThatSaysSoAndKeepsNothingOfTheStep() {
        // SQLite's own SQLITE_FULL, from a page limit on this connection: the same code a full disk gives
        Path db = dir.resolve("full.db");
        try (var store = SqliteStore.open(db)) {
            store.write(tx -> {
                ((dev.flow.store.sql.SqlSession) tx).execute("PRAGMA max_page_count=" + ((dev.flow.store.sql.SqlSession) tx).queryOne("PRAGMA page_count", rs -> rs.getInt(1)).orElseThrow());
                return null;
            });
            assertThatThrownBy(() -> store.write(tx -> {
                tx.workflows().putIfAbsent("h", "x".repeat(200_000), "w", 1);
                return null;
            })).isInstanceOf(StoreException.class).hasMessageContaining("is full")
                    .hasMessageContaining("nothing of the step that needed the space was kept")
                    .satisfies(e -> assertThat(((StoreException) e).kind()).isEqualTo(StoreException.Kind.IO));
            Optional<String> kept = store.read(tx -> tx.workflows().graphJson("h"));
            assertThat(kept).isEmpty();
        }
    }

    @Test
    void refusesADamagedDatabase() throws Exception {
        Path db = dir.resolve("broken.db");
        try (var store = SqliteStore.open(db)) {
            store.write(tx -> {
                tx.workflows().putIfAbsent("h", "{}", "w", 1);
                return null;
            });
        }
        byte[] bytes = Files.readAllBytes(db);
        for (int i = 100; i < bytes.length; i++) {
            bytes[i] = (byte) 0xA5;
        }
        Files.write(db, bytes);
        Files.deleteIfExists(dir.resolve("broken.db-wal"));
        assertThatThrownBy(() -> SqliteStore.open(db))
                .isInstanceOf(StoreException.class)
                .hasMessageContaining("is damaged or not a database")
                .satisfies(e -> assertThat(((StoreException) e).kind()).isEqualTo(StoreException.Kind.CORRUPT));
    }

    @Test
    void refusesTheDatabaseOfAnotherApplication() throws Exception {
        Path db = dir.resolve("other.db");
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            c.createStatement().execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)");
        }
        assertThatThrownBy(() -> SqliteStore.open(db))
                .isInstanceOf(StoreException.class)
                .hasMessageContaining("is an SQLite database of another application");
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            assertThat(c.createStatement().executeQuery("PRAGMA journal_mode").getString(1)).isEqualTo("delete");
        }
    }

    @Test
    void refusesADatabaseWrittenByANewerFlow() throws Exception {
        Path db = dir.resolve("new.db");
        SqliteStore.open(db).close();
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            c.createStatement().execute("PRAGMA user_version = 999");
        }
        assertThatThrownBy(() -> SqliteStore.open(db)).hasMessageContaining("written by a newer version of Flow (schema 999");
    }

    @Test
    void aDatabaseOfTheFirstSchemaIsMigratedKeepingItsRows() throws Exception {
        Path db = dir.resolve("v1.db");
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            var st = c.createStatement();
            st.execute("PRAGMA application_id = " + Migrations.APPLICATION_ID);
            for (String sql : Migrations.STEPS.get(0)) {
                st.execute(sql);
            }
            st.execute("PRAGMA user_version = 1");
            st.execute("INSERT INTO workflows VALUES ('h', 'w', '{}', 1)");
            st.execute("INSERT INTO executions (id, graph_hash, workflow_id, root_id, status, inputs, base_dir, created_at) "
                    + "VALUES ('e1', 'h', 'w', 'e1', 'running', '{}', '/tmp', 1)");
            st.execute("INSERT INTO node_states (execution_id, node_id, status, iteration, attempt, error) VALUES ('e1', 'a', 'failed', 1, 1, 'boom')");
            st.execute("INSERT INTO node_runs (execution_id, node_id, iteration, attempt, status, error) VALUES ('e1', 'a', 1, 1, 'failed', 'old')");
        }
        try (var store = SqliteStore.open(db)) {
            NodeRow a = store.read(tx -> tx.nodes().get("e1", "a")).orElseThrow();
            assertThat(a.error()).isEqualTo("boom");
            assertThat(a.errorClass()).isNull();
            assertThat(a.sessionId()).isNull();
            List<dev.flow.store.RunRow> runs = store.read(tx -> tx.runs().of("e1", "a"));
            assertThat(runs).singleElement().satisfies(r -> assertThat(r.errorClass()).isNull());
            var b = a.toBuilder();
            b.errorClass(dev.flow.store.ErrorClass.VALIDATION);
            b.cost(0.5);
            b.sessionId("s-1");
            NodeRow next = b.build();
            boolean updated = store.write(tx -> tx.nodes().update(a, next));
            assertThat(updated).isTrue();
            assertThat(store.read(tx -> tx.nodes().get("e1", "a")).orElseThrow()).isEqualTo(next);
        }
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            assertThat(c.createStatement().executeQuery("PRAGMA user_version").getInt(1)).isEqualTo(Migrations.latest());
        }
    }

    @Test
    void aGuardedUpdateThatLostTheRaceChangesNothing() {
        try (var store = SqliteStore.open(dir.resolve("s.db"))) {
            NodeRow ready = StoreFixtures.readyNode(store);
            boolean first = store.write(tx -> tx.nodes().update(ready, StoreFixtures.takenBy(ready, "w1")));
            assertThat(first).isTrue();
            boolean second = store.write(tx -> tx.nodes().update(ready, StoreFixtures.takenBy(ready, "w2")));
            assertThat(second).isFalse();
            assertThat(store.read(tx -> tx.nodes().get("e1", "a")).orElseThrow().leaseOwner()).isEqualTo("w1");
        }
    }

    @Test
    void aFailedTransactionLeavesNoTrace() {
        try (var store = SqliteStore.open(dir.resolve("s.db"))) {
            assertThatThrownBy(() -> store.write(tx -> {
                tx.workflows().putIfAbsent("h", "{}", "w", 1);
                throw new IllegalStateException("boom");
            })).hasMessage("boom");
            Optional<String> graph = store.read(tx -> tx.workflows().graphJson("h"));
            assertThat(graph).isEmpty();
        }
    }

    @Test
    void manyThreadsWritingAtOnceNeverFailWithALockedDatabase() throws Exception {
        try (var store = SqliteStore.open(dir.resolve("s.db"))) {
            addRun(store);
            var done = new AtomicInteger();
            var threads = new Thread[8];
            for (int t = 0; t < threads.length; t++) {
                int n = t;
                threads[t] = new Thread(() -> {
                    for (int i = 0; i < 50; i++) {
                        int k = i;
                        store.write(tx -> {
                            tx.state().put("e1", "t" + n + "-" + k, "1");
                            return null;
                        });
                        done.incrementAndGet();
                    }
                });
                threads[t].start();
            }
            for (Thread t : threads) {
                t.join();
            }
            assertThat(done.get()).isEqualTo(400);
            Map<String, String> written = store.read(tx -> tx.state().all("e1"));
            assertThat(written).hasSize(400);
        }
    }

    /**
     * Writers of one process queue for the write transaction instead of meeting SQLite's lock, whose
     * busy handler sleeps up to 100 ms a try: with no busy timeout at all, a writer that met another's
     * lock would fail at once. Before the queue, this failed on its first collision.
     */
    @Test
    void threadsOfOneProcessTakeTurnsAndNeverMeetTheDatabasesLock() throws Exception {
        try (var store = SqliteStore.open(dir.resolve("s.db"), new StoreOptions(Durability.NORMAL, java.time.Duration.ZERO, null))) {
            addRun(store);
            var failures = new java.util.concurrent.ConcurrentLinkedQueue<Throwable>();
            var threads = new Thread[8];
            for (int t = 0; t < threads.length; t++) {
                int n = t;
                threads[t] = new Thread(() -> {
                    try {
                        for (int i = 0; i < 100; i++) {
                            int k = i;
                            store.write(tx -> {
                                tx.state().put("e1", "t" + n + "-" + k, "1");
                                return null;
                            });
                        }
                    } catch (RuntimeException e) {
                        failures.add(e);
                    }
                });
                threads[t].start();
            }
            for (Thread t : threads) {
                t.join();
            }
            assertThat(failures).isEmpty();
            Map<String, String> written = store.read(tx -> tx.state().all("e1"));
            assertThat(written).hasSize(800);
        }
    }

    @Test
    void aReadInsideAWriteSeesWhatTheWriteHasNotYetCommitted() {
        try (var store = SqliteStore.open(dir.resolve("s.db"))) {
            var seen = store.write(tx -> {
                tx.workflows().putIfAbsent("h", "{}", "w", 1);
                tx.executions().insert(StoreFixtures.execution("e1"));
                return store.read(inner -> inner.executions().get("e1"));
            });
            assertThat(seen).isPresent();
        }
    }

    @Test
    void aWriteOnAnotherThreadFindsTheRowsTheLastWriteLeftWithoutReadingThemAgain() throws Exception {
        try (var store = SqliteStore.open(dir.resolve("s.db"))) {
            addRun(store);
            long[] statements = new long[1];
            Thread other = new Thread(() -> {
                long before = store.statementsRun();
                store.write(tx -> tx.executions().get("e1").orElseThrow());
                statements[0] = store.statementsRun() - before;
            });
            other.start();
            other.join();
            // BEGIN IMMEDIATE, PRAGMA data_version, COMMIT: the execution's row came from the cache the first write left
            assertThat(statements[0]).isEqualTo(3);
        }
    }

    /**
     * A connection that created an execution knows which of its nodes have rows: looking for one
     * not yet reached (a chain's next node, at every step) runs no query.
     */
    @Test
    void aNodeOfARunThisProcessCreatedIsKnownToHaveNoRowWithoutAQuery() {
        try (var store = SqliteStore.open(dir.resolve("s.db"))) {
            addRun(store);
            addReadyNode(store, "a");
            long before = store.statementsRun();
            List<Optional<NodeRow>> seen = store.write(tx -> List.of(tx.nodes().get("e1", "a"), tx.nodes().get("e1", "b")));
            // BEGIN IMMEDIATE, PRAGMA data_version, COMMIT: "a" from the cache, "b" known to have no row
            assertThat(store.statementsRun() - before).isEqualTo(3);
            assertThat(seen.get(0)).isPresent();
            assertThat(seen.get(1)).isEmpty();
        }
    }

    /** A node row another process inserts into that run is found: its commit clears what this one knew. */
    @Test
    void aNodeRowAnotherProcessInsertedIntoARunThisOneCreatedIsFound() {
        Path db = dir.resolve("s.db");
        try (var here = SqliteStore.open(db); var there = SqliteStore.open(db)) {
            addRun(here);
            Optional<NodeRow> unseen = here.write(tx -> tx.nodes().get("e1", "b"));
            assertThat(unseen).isEmpty();
            addReadyNode(there, "b");
            Optional<NodeRow> found = here.write(tx -> tx.nodes().get("e1", "b"));
            assertThat(found).isPresent();
            Map<String, NodeRow> both = here.write(tx -> tx.nodes().getAll("e1", List.of("a", "b")));
            assertThat(both).containsOnlyKeys("b");
        }
    }

    /** A node row inserted in a write that then failed is not taken as there, nor its absence as known. */
    @Test
    void aNodeRowWhoseWriteWasRolledBackIsNotFound() {
        try (var store = SqliteStore.open(dir.resolve("s.db"))) {
            addRun(store);
            assertThatThrownBy(() -> store.write(tx -> {
                tx.nodes().insert(readyNode("c"));
                throw new IllegalStateException("the work fails");
            })).hasMessageContaining("the work fails");
            Optional<NodeRow> rolledBack = store.write(tx -> tx.nodes().get("e1", "c"));
            assertThat(rolledBack).isEmpty();
            addReadyNode(store, "c");
            Optional<NodeRow> inserted = store.write(tx -> tx.nodes().get("e1", "c"));
            assertThat(inserted).isPresent();
        }
    }

    /**
     * Writers queued behind a write are committed with it (group commit), and each returns only once
     * the commit that holds its work has happened: the first writer, back from its write, reads what
     * the writers behind it wrote.
     */
    @Test
    void writersQueuedBehindAWriteAreCommittedWithItAndItReturnsOnlyOnceItsWorkIsCommitted() throws Exception {
        try (var store = SqliteStore.open(dir.resolve("s.db"))) {
            addRun(store);
            var group = new Group(store);
            assertThat(group.aThenBAndCBehindIt(null)).isEqualTo(1);
            assertThat(group.failures).isEmpty();
            assertThat(group.seenAfterReturn.get("a")).containsKeys("a", "b", "c");
            assertThat(stateOf(store, "e1")).containsOnlyKeys("a", "b", "c");
        }
    }

    /** A writer of a group whose work throws is rolled back to its savepoint; the others' work is committed. */
    @Test
    void aWriterWhoseWorkFailsLeavesTheWorkOfTheOthersInItsCommit() throws Exception {
        try (var store = SqliteStore.open(dir.resolve("s.db"))) {
            addRun(store);
            var group = new Group(store);
            assertThat(group.aThenBAndCBehindIt(new IllegalStateException("b's work fails"))).isEqualTo(1);
            assertThat(group.failures).containsOnlyKeys("b");
            assertThat(group.failures.get("b")).isInstanceOf(IllegalStateException.class).hasMessage("b's work fails");
            assertThat(stateOf(store, "e1")).containsOnlyKeys("a", "c");
        }
    }

    /**
     * A commit that fails fails every writer whose work it held, and keeps none of it: here the first
     * writer's row breaks a foreign key that SQLite checks only at COMMIT.
     */
    @Test
    void aCommitThatFailsFailsEveryWriterOfItsGroupAndKeepsNoneOfTheirWork() throws Exception {
        try (var store = SqliteStore.open(dir.resolve("s.db"))) {
            addRun(store);
            var group = new Group(store);
            group.breakForeignKeyFirst = true;
            group.aThenBAndCBehindIt(null);
            assertThat(group.failures).containsOnlyKeys("a", "b", "c");
            assertThat(group.failures.values()).allSatisfy(e -> assertThat(e).isInstanceOf(StoreException.class).hasMessageContaining("FOREIGN KEY"));
            assertThat(stateOf(store, "e1")).isEmpty();
            assertThat(stateOf(store, "gone")).isEmpty();
            store.write(tx -> {
                tx.state().put("e1", "after", "1");
                return null;
            });
            assertThat(stateOf(store, "e1")).containsOnlyKeys("after");
        }
    }

    private static Map<String, String> stateOf(SqliteStore store, String run) {
        return store.read(tx -> tx.state().all(run));
    }

    /** Writers that each write one state variable of run {@code e1}, the first held until {@link #release}. */
    private static final class Group {
        final SqliteStore store;
        private final java.util.concurrent.CountDownLatch entered = new java.util.concurrent.CountDownLatch(1);
        private final java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        final Map<String, Throwable> failures = new java.util.concurrent.ConcurrentHashMap<>();
        final Map<String, Map<String, String>> seenAfterReturn = new java.util.concurrent.ConcurrentHashMap<>();
        boolean breakForeignKeyFirst;
        private boolean first = true;

        Group(SqliteStore store) {
            this.store = store;
        }

        /**
         * Writer a holds its transaction until b and c wait behind it; b's work throws {@code bFails}
         * unless null. Returns once all three have, with the number of commits they took.
         */
        long aThenBAndCBehindIt(RuntimeException bFails) throws InterruptedException {
            long commits = store.commits();
            Thread a = writer("a", null);
            entered.await();
            Thread b = writer("b", bFails);
            Thread c = writer("c", null);
            while (store.writersWaiting() < 2) {
                Thread.sleep(1);
            }
            release.countDown();
            for (Thread t : List.of(a, b, c)) {
                t.join();
            }
            return store.commits() - commits;
        }

        private Thread writer(String name, RuntimeException failure) {
            boolean holds = first;
            first = false;
            Thread t = new Thread(() -> {
                try {
                    store.write(tx -> {
                        tx.state().put("e1", name, "1");
                        if (holds) {
                            if (breakForeignKeyFirst) {
                                ((dev.flow.store.sql.SqlSession) tx).execute("PRAGMA defer_foreign_keys=ON");
                                tx.state().put("gone", "x", "1"); // no run "gone": refused at COMMIT
                            }
                            entered.countDown();
                            awaitQuietly(release);
                        }
                        if (failure != null) {
                            throw failure;
                        }
                        return null;
                    });
                    seenAfterReturn.put(name, store.read(tx -> tx.state().all("e1")));
                } catch (RuntimeException e) {
                    failures.put(name, e);
                }
            }, "writer-" + name);
            t.start();
            return t;
        }

        private static void awaitQuietly(java.util.concurrent.CountDownLatch latch) {
            try {
                latch.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** Stores the run {@code e1} of the graph {@code h}, in a transaction of its own. */
    private static NodeRow readyNode(String id) {
        return NodeRow.pending("e1", id).toBuilder().status(NodeStatus.READY).build();
    }

    private static void addReadyNode(SqliteStore store, String id) {
        store.write(tx -> {
            tx.nodes().insert(readyNode(id));
            return null;
        });
    }

    private static void addRun(SqliteStore store) {
        store.write(tx -> {
            tx.workflows().putIfAbsent("h", "{}", "w", 1);
            tx.executions().insert(StoreFixtures.execution("e1"));
            return null;
        });
    }
}

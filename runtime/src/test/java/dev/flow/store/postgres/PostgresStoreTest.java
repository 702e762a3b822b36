package dev.flow.store.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flow.store.Durability;
import dev.flow.store.EventRow;
import dev.flow.store.ExecutionRow;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import dev.flow.store.ReadyNode;
import dev.flow.store.StoreException;
import dev.flow.store.StoreFixtures;
import dev.flow.store.StoreOptions;
import dev.flow.store.TestPostgres;
import dev.flow.store.sql.SqlSession;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What only the PostgreSQL store does: its URL, its messages, its schema lock, its claims under concurrency. */
class PostgresStoreTest {
    @TempDir
    Path dir;

    private final TestPostgres pg = TestPostgres.get();

    private PostgresStore open(String url) {
        return PostgresStore.open(PgUrl.parse(url, Map.<String, String>of()::get), StoreOptions.DEFAULT.withArtifactsDir(dir.resolve("artifacts")));
    }

    @Test
    void theUrlTakesWhatItLeavesOutFromTheStandardVariablesAndNeverShowsThePassword() {
        var url = PgUrl.parse("postgresql://ann:s3cret@db.example:6543/flow?sslmode=require", Map.<String, String>of()::get);
        assertThat(url.user()).isEqualTo("ann");
        assertThat(url.password()).isEqualTo("s3cret");
        assertThat(url.port()).isEqualTo(6543);
        assertThat(url.toString()).isEqualTo("postgresql://ann@db.example:6543/flow?sslmode=require").doesNotContain("s3cret");
        var bare = PgUrl.parse("postgres://db.example", Map.of("PGUSER", "bob", "PGPASSWORD", "pw", "PGDATABASE", "runs")::get);
        assertThat(bare.toString()).isEqualTo("postgresql://bob@db.example:5432/runs");
        assertThat(bare.password()).isEqualTo("pw");
        assertThatThrownBy(() -> PgUrl.parse("postgresql://ann:pw@host:notaport/db", Map.<String, String>of()::get))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a PostgreSQL URL").hasMessageNotContaining(":pw@");
    }

    @Test
    void theUrlSetsSynchronousCommitOnEveryConnectionAndRefusesAValueThatIsNotOne() {
        String url = pg.newDatabase();
        try (var store = open(url + "?synchronous_commit=off")) {
            assertThat(synchronousCommit(store)).isEqualTo("off");
        }
        try (var store = PostgresStore.open(PgUrl.parse(url, Map.<String, String>of()::get),
                StoreOptions.DEFAULT.withArtifactsDir(dir.resolve("artifacts")).withDurability(Durability.FULL))) {
            assertThat(synchronousCommit(store)).isEqualTo("on");
        }
        assertThatThrownBy(() -> open(url + "?synchronous_commit=maybe")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("synchronous_commit to \"maybe\"").hasMessageContaining("off, local, remote_write, on, remote_apply");
    }

    @Test
    void aClaimLocksAFewCandidatesSoThatOtherWorkersFindTheRest() {
        try (var store = open(pg.newDatabase())) {
            store.write(tx -> {
                tx.workflows().putIfAbsent("h", "{}", "w", 1);
                tx.executions().insert(StoreFixtures.execution("e1"));
                for (int i = 0; i < 10; i++) {
                    var b = NodeRow.pending("e1", "n" + i).toBuilder();
                    b.status(NodeStatus.READY);
                    b.readyAt((long) i);
                    tx.nodes().insert(b.build());
                }
                return null;
            });
            // each candidate is locked with its execution until the claim commits: 32 of them kept most ready work from others
            int locked = store.write(tx -> tx.nodes().claimable(null, Long.MAX_VALUE, 32).size());
            assertThat(locked).isEqualTo(4);
            int seen = store.read(tx -> tx.nodes().claimable(null, Long.MAX_VALUE, 32).size());
            assertThat(seen).as("a read locks nothing, and sees all").isEqualTo(10);
        }
    }

    private static String synchronousCommit(PostgresStore store) {
        return store.read(tx -> ((SqlSession) tx).queryOne("SHOW synchronous_commit", rs -> rs.getString(1)).orElseThrow());
    }

    @Test
    void createsItsSchemaOnceEvenWhenSeveralWorkersOpenAnEmptyDatabaseAtOnce() throws Exception {
        String url = pg.newDatabase();
        var pool = Executors.newFixedThreadPool(4);
        try {
            var start = new CountDownLatch(1);
            var opened = new ArrayList<Future<Integer>>();
            for (int i = 0; i < 4; i++) {
                opened.add(pool.submit(() -> {
                    start.await();
                    try (var store = open(url)) {
                        return store.read(tx -> tx.executions().recent(10).size());
                    }
                }));
            }
            start.countDown();
            for (var f : opened) {
                assertThat(f.get()).isZero();
            }
        } finally {
            pool.shutdown();
        }
        try (var store = open(url)) {
            store.write(tx -> {
                tx.workflows().putIfAbsent("h", "{}", "w", 1);
                tx.executions().insert(StoreFixtures.execution("e1"));
                return null;
            });
        }
        try (var store = open(url)) {
            Optional<ExecutionRow> e1 = store.read(tx -> tx.executions().get("e1"));
            assertThat(e1).isPresent();
        }
    }

    @Test
    void refusesADatabaseOfAnotherApplicationAndOneOfANewerFlow() {
        String foreign = pg.newDatabase();
        pg.sql(foreign.substring(foreign.lastIndexOf('/') + 1), "CREATE TABLE invoices (id int)");
        assertThatThrownBy(() -> open(foreign)).isInstanceOf(StoreException.class)
                .hasMessageContaining("holds tables of another application")
                .satisfies(e -> assertThat(((StoreException) e).kind()).isEqualTo(StoreException.Kind.FOREIGN));
        String newer = pg.newDatabase();
        open(newer).close();
        pg.sql(newer.substring(newer.lastIndexOf('/') + 1), "UPDATE flow_schema SET version = 99");
        assertThatThrownBy(() -> open(newer)).isInstanceOf(StoreException.class)
                .hasMessageContaining("written by a newer version of Flow (schema 99");
    }

    @Test
    void saysWhatIsWrongWithAMissingDatabaseAnUnreachableServerAndAWrongPassword() throws Exception {
        assertThatThrownBy(() -> open(pg.url("nosuchdb"))).isInstanceOf(StoreException.class)
                .hasMessageContaining("there is no database \"nosuchdb\"").hasMessageContaining("createdb");
        int closedPort;
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        assertThatThrownBy(() -> open("postgresql://flow@127.0.0.1:" + closedPort + "/x")).isInstanceOf(StoreException.class)
                .hasMessageContaining("cannot reach PostgreSQL at postgresql://flow@127.0.0.1:" + closedPort + "/x");
        // a user that must give a password: the cluster trusts local users, so this one gets a rule of its own
        String db = pg.newDatabase();
        String name = db.substring(db.lastIndexOf('/') + 1);
        pg.sql(name, "CREATE ROLE pw_user LOGIN PASSWORD 'right'");
        pg.sql("postgres", "ALTER SYSTEM SET password_encryption = 'scram-sha-256'");
        Path hba = pg.dir().resolve("data/pg_hba.conf");
        String rules = Files.readString(hba);
        if (!rules.startsWith("host all pw_user")) {
            Files.writeString(hba, "host all pw_user 127.0.0.1/32 scram-sha-256\n" + rules);
            pg.sql("postgres", "SELECT pg_reload_conf()");
        }
        String wrong = "postgresql://pw_user:wrong@127.0.0.1:" + pg.port() + "/" + name;
        assertThatThrownBy(() -> open(wrong)).isInstanceOf(StoreException.class)
                .hasMessageContaining("refused user \"pw_user\"").hasMessageContaining("PGPASSWORD")
                .hasMessageNotContaining("wrong");
    }

    @Test
    void workersClaimingAtOnceNeverTakeTheSameNodeAndNumberEventsWithoutGaps() throws Exception {
        // 8 threads, each with its own connection, take 200 ready nodes of 4 executions: a claim is a
        // guarded update, so each node goes to one thread; each claim appends an event, numbered by its execution.
        try (var store = pg.newStore(StoreOptions.DEFAULT.withArtifactsDir(dir.resolve("artifacts")))) {
            store.write(tx -> {
                tx.workflows().putIfAbsent("h", "{}", "w", 1);
                for (int e = 0; e < 4; e++) {
                    tx.executions().insert(StoreFixtures.execution("e" + e));
                    for (int n = 0; n < 50; n++) {
                        var b = NodeRow.pending("e" + e, "n" + n).toBuilder();
                        b.status(NodeStatus.READY);
                        b.readyAt((long) n);
                        tx.nodes().insert(b.build());
                    }
                }
                return null;
            });
            List<String> taken = Collections.synchronizedList(new ArrayList<>());
            var threads = new ArrayList<Thread>();
            for (int t = 0; t < 8; t++) {
                String owner = "w" + t;
                threads.add(new Thread(() -> {
                    while (true) {
                        NodeRow got = store.write(tx -> {
                            for (ReadyNode ready : tx.nodes().claimable(null, 1_000, 4)) {
                                NodeRow candidate = tx.nodes().get(ready.executionId(), ready.nodeId()).orElseThrow();
                                var b = candidate.toBuilder();
                                b.status(NodeStatus.RUNNING);
                                b.leaseOwner(owner);
                                if (tx.nodes().update(candidate, b.build())) {
                                    ExecutionRow e = tx.executions().get(candidate.executionId()).orElseThrow();
                                    long seq = e.eventSeq() + 1;
                                    tx.events().append(List.of(new EventRow(seq, e.id(), 1, "node_started", candidate.nodeId(), null)));
                                    var next = e.toBuilder().running(e.running() + 1).workCount(e.workCount() + 1).eventSeq(seq).build();
                                    dev.flow.store.Guard.exactlyOne(tx.executions().update(next) ? 1 : 0, "execution " + e.id());
                                    return candidate;
                                }
                            }
                            return null;
                        });
                        if (got == null) {
                            return;
                        }
                        taken.add(got.executionId() + "/" + got.nodeId());
                    }
                }));
            }
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                t.join();
            }
            assertThat(taken).hasSize(200).doesNotHaveDuplicates();
            for (int e = 0; e < 4; e++) {
                String id = "e" + e;
                List<EventRow> events = store.read(tx -> tx.events().after(id, 0, 1000));
                assertThat(events).extracting(EventRow::seq).containsExactlyElementsOf(
                        LongStream.rangeClosed(1, 50).boxed().toList());
                assertThat(store.read(tx -> tx.executions().get(id)).orElseThrow().running()).isEqualTo(50);
            }
        }
    }

    @Test
    void aGuardedUpdateThatLostTheRaceChangesNothingAndAFailedTransactionLeavesNoTrace() {
        try (var store = pg.newStore(StoreOptions.DEFAULT.withArtifactsDir(dir.resolve("artifacts")))) {
            NodeRow ready = StoreFixtures.readyNode(store);
            boolean first = store.write(tx -> tx.nodes().update(ready, StoreFixtures.takenBy(ready, "w1")));
            assertThat(first).isTrue();
            boolean second = store.write(tx -> tx.nodes().update(ready, StoreFixtures.takenBy(ready, "w2")));
            assertThat(second).isFalse();
            assertThat(store.read(tx -> tx.nodes().get("e1", "a")).orElseThrow().leaseOwner()).isEqualTo("w1");
            assertThatThrownBy(() -> store.write(tx -> {
                tx.workflows().putIfAbsent("h2", "{}", "w", 1);
                throw new IllegalStateException("boom");
            })).hasMessage("boom");
            Optional<String> graph = store.read(tx -> tx.workflows().graphJson("h2"));
            assertThat(graph).isEmpty();
        }
    }

    @Test
    void aHeldWriteWhoseGuardFindsNoRowFailsTheCommitAndKeepsNothingOfTheTransaction() {
        try (var store = pg.newStore(StoreOptions.DEFAULT.withArtifactsDir(dir.resolve("artifacts")))) {
            NodeRow ready = StoreFixtures.readyNode(store);
            NodeRow taken = StoreFixtures.takenBy(ready, "w1");
            store.write(tx -> tx.nodes().update(ready, taken));
            // held with the state write below and checked by the server with the COMMIT: the row is no longer "ready"
            assertThatThrownBy(() -> store.write(tx -> {
                tx.state().put("e1", "seen", "1");
                tx.nodes().replace(ready, taken);
                return null;
            })).isInstanceOf(StoreException.class).hasMessageContaining("was changed by someone else during its own transaction")
                    .hasMessageContaining("node \"a\" of execution e1");
            Map<String, String> kept = store.read(tx -> tx.state().all("e1"));
            assertThat(kept).isEmpty();
            assertThat(store.read(tx -> tx.nodes().get("e1", "a")).orElseThrow().leaseOwner()).isEqualTo("w1");
            // and the connection goes on: the next transaction commits
            store.write(tx -> {
                tx.state().put("e1", "after", "1");
                return null;
            });
            Map<String, String> after = store.read(tx -> tx.state().all("e1"));
            assertThat(after).containsOnlyKeys("after");
        }
    }

    /**
     * A transition locks its run's row and reads its nodes in one request (the read asked for ahead):
     * the server runs the read once the lock is taken, so it shows what the transaction that held the
     * lock committed, as a read sent after the lock would. Read from a snapshot taken before the lock,
     * it would show the node ready, and the transition would act on a state that is gone.
     */
    @Test
    void nodesReadAheadWithTheRunsLockShowWhatTheLockHolderCommitted() throws Exception {
        String url = pg.newDatabase();
        try (var store = open(url); var watch = java.sql.DriverManager.getConnection("jdbc:" + url.replace("flow@", ""), "flow", "")) {
            NodeRow ready = StoreFixtures.readyNode(store);
            var holding = new CountDownLatch(1);
            var release = new CountDownLatch(1);
            var threads = Executors.newFixedThreadPool(2);
            try {
                Future<?> holder = threads.submit(() -> store.write(tx -> {
                    tx.executions().get("e1"); // a write transaction locks the run's row
                    tx.nodes().update(ready, StoreFixtures.takenBy(ready, "w1"));
                    holding.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    return null;
                }));
                holding.await();
                Future<NodeRow> reader = threads.submit(() -> store.write(tx -> {
                    tx.nodes().readAhead("e1", List.of("a"));
                    tx.executions().get("e1");
                    return tx.nodes().getAll("e1", List.of("a")).get("a");
                }));
                dev.flow.testing.Poll.until("the reader to wait for the run's row", () -> {
                    try (var rs = watch.createStatement().executeQuery(
                            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")) {
                        return rs.next() && rs.getInt(1) > 0;
                    }
                });
                release.countDown();
                holder.get();
                assertThat(reader.get().status()).isEqualTo(NodeStatus.RUNNING);
                assertThat(reader.get().leaseOwner()).isEqualTo("w1");
            } finally {
                threads.shutdownNow();
            }
        }
    }

    /** A read asked for ahead is made again when anything went to the server after it: then it sees that. */
    @Test
    void aReadAheadIsMadeAgainWhenAStatementWentBetween() {
        try (var store = pg.newStore(StoreOptions.DEFAULT.withArtifactsDir(dir.resolve("artifacts")))) {
            NodeRow ready = StoreFixtures.readyNode(store);
            store.write(tx -> tx.nodes().update(ready, StoreFixtures.takenBy(ready, "w1")));
            long trips = store.roundTrips();
            NodeRow read = store.write(tx -> {
                tx.nodes().readAhead("e1", List.of("a"));
                tx.executions().get("e1");
                tx.nodes().renewLeases("w1", 42);
                return tx.nodes().getAll("e1", List.of("a")).get("a");
            });
            assertThat(read.leaseExpires()).isEqualTo(42L);
            // the lock with the read, the renewal, the read again, COMMIT
            assertThat(store.roundTrips() - trips).isEqualTo(4);
            long before = store.roundTrips();
            NodeRow again = store.write(tx -> {
                tx.nodes().readAhead("e1", List.of("a"));
                tx.executions().get("e1");
                return tx.nodes().getAll("e1", List.of("a")).get("a");
            });
            assertThat(again.leaseExpires()).isEqualTo(42L);
            // the lock with the read, COMMIT
            assertThat(store.roundTrips() - before).isEqualTo(2);
        }
    }
}

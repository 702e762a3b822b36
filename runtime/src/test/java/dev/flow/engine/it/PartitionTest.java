package dev.flow.engine.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.Engine;
import dev.flow.model.FlowGraph;
import dev.flow.store.EventRow;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import dev.flow.store.Store;
import dev.flow.store.StoreOptions;
import dev.flow.store.TestPostgres;
import dev.flow.store.open.Stores;
import dev.flow.testing.BackgroundProcess;
import dev.flow.testing.GraphBuilder;
import dev.flow.testing.Poll;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several machines, simulated on this one ({@link TestHosts}): PostgreSQL on host "db", a {@code
 * flow worker} on each of hosts "w1" and "w2", joined by a bridge. Worker 1's clock runs an hour
 * ahead (libfaketime), and its cable is pulled while a fan-out runs, then plugged back in: nothing is
 * lost, only the steps it had in flight run again (on worker 2, once their leases lapse by the
 * database's clock), and its late results are refused. Needs root (network namespaces): skipped,
 * with the reason, where the machine does not allow them.
 *
 * <p>The first test takes 15 to 30 seconds: two JVMs and a PostgreSQL server start on their hosts
 * (about 10 s on a loaded machine), worker 2 takes the cut worker's steps only once their 5 s lease
 * has lapsed and its once-a-second maintenance has seen it (about 5 s more when the cut caught worker
 * 1 inside a transaction: the server ends that session after 10 s idle first), and the cut worker's
 * connections come back at TCP's next retransmission after the cable returns (its backoff grew while
 * the cable was out: a few seconds on a quiet machine; on a loaded one, where the takeover is slower,
 * up to TCP's two-minute ceiling, which is why the test waits three minutes for them). Its figures go
 * to docs/runtime.md.
 */
class PartitionTest {
    @TempDir
    Path dir;

    /**
     * Each step's work: a line saying which worker's host started it, a few hundred milliseconds,
     * then its effect, one line per execution of it.
     */
    private static final String STEP = "echo \"$FLOW_NODE_ID $WORKER_HOST\" >> starts.log; sleep 0.3; " + ProcessFlows.EFFECT;
    private static final int WIDTH = 48;

    @Test
    void aWorkerCutOffWithItsClockAnHourAheadLosesOnlyTheStepsItHadInFlight() throws Exception {
        String why = TestHosts.unavailable();
        Assumptions.assumeTrue(why == null, () -> "skipped: " + why);
        Path faketime = FakeTime.library();
        try (var hosts = TestHosts.make("db", "w1", "w2");
                var server = TestPostgres.startOn(hosts.launcher("db"), hosts.address("db"))) {
            String db = server.newDatabase();
            Path graph = ProcessFlows.write(dir, wide());
            String id;
            try (var start = Child.start(dir, "start", graph.toString(), "--db", db)) {
                id = Child.executionOf(start);
                assertThat(start.exitCode()).as(start.stderr()).isZero();
            }
            var workers = new ArrayList<BackgroundProcess>();
            try (Store store = Stores.open(db, StoreOptions.DEFAULT)) {
                var engine = new Engine(store);
                // worker 1 on its host an hour ahead; worker 2 on the other with the true time
                var hourAhead = new java.util.HashMap<>(FakeTime.hourAhead(faketime));
                hourAhead.put("WORKER_HOST", "w1");
                workers.add(Child.start(hosts.launcher("w1"), dir, hourAhead, "worker", "--db", db, "--concurrency", "4"));
                workers.add(Child.start(hosts.launcher("w2"), dir, Map.of("WORKER_HOST", "w2"), "worker", "--db", db, "--concurrency", "4"));
                String cutOwner = workers.get(0).awaitLine("serving ").substring("serving ".length());
                // each worker names its own host, which no hosts file knows: not "localhost" on both, as if they shared one
                assertThat(cutOwner).startsWith(hosts.hostName("w1") + ":");
                workers.get(1).awaitLine("serving ");

                // mid-flight: some steps done, and worker 1 holding some
                Poll.until("worker 1 to be running steps after some finished", () -> completed(engine, id) >= 4
                        && !store.read(tx -> tx.nodes().heldBy(cutOwner)).isEmpty());
                hosts.cut("w1");
                long cutAt = System.currentTimeMillis();
                // What worker 1 sent before the cut may still be on its way into the server (a claim's COMMIT in a socket's
                // queue, or read by a backend not yet scheduled): once the server has taken in all of it, nothing more of
                // worker 1 can reach the database, and what it holds is final.
                Poll.until("the server to take in what the cut worker sent before the cut", () -> tookIn(hosts, db, hosts.address("w1")));
                Set<String> inFlight = store.read(tx -> tx.nodes().heldBy(cutOwner)).stream().map(NodeRow::nodeId)
                        .collect(Collectors.toCollection(TreeSet::new));
                assertThat(inFlight).as("worker 1 held steps when its cable was pulled").isNotEmpty();

                Runnable explain = () -> {
                    throw new AssertionError(diagnosis(store, db, id, inFlight, workers) + sockets(hosts, "w1"));
                };
                await("worker 2 to take over the cut worker's steps", Duration.ofSeconds(60), explain, () -> inFlight.stream().allMatch(
                        n -> store.read(tx -> tx.nodes().get(id, n)).map(r -> !cutOwner.equals(r.leaseOwner())).orElse(false)));
                long takenOver = System.currentTimeMillis();
                // What the cut worker started of what it held. The rest it never learned it held: the cut caught the answer to
                // the claim's COMMIT on its way back, so the worker has no result to bring, and nothing more to say of it.
                Set<String> ranOnCut = startedOn("w1");
                ranOnCut.retainAll(inFlight);
                hosts.restore("w1");
                long restoredAt = System.currentTimeMillis();

                // A connection of the cut worker's answers again at TCP's next retransmission, whose interval doubled while the
                // cable was out, up to Linux's 120 s (TCP_RTO_MAX): on a loaded machine, where the takeover itself is slow, that
                // is minutes, not the seconds of a quiet one. Then a slot may still be backing off (at most 30 s).
                await("the cut worker's late results to reach the database", Duration.ofMinutes(3), explain,
                        () -> perNode(engine.queries().events(id, 0, 100_000), "result_dropped").keySet().containsAll(ranOnCut));
                long reconnected = System.currentTimeMillis();
                Poll.until("the run to finish", Duration.ofSeconds(90), () -> engine.queries().status(id).execution().status().isFinal());

                List<EventRow> events = engine.queries().events(id, 0, 100_000);
                String story = workers.stream().map(w -> w.stderr()).toList() + "\n" + events.stream()
                        .filter(e -> e.nodeId() != null && inFlight.contains(e.nodeId()) || e.kind().startsWith("lease") || e.kind().startsWith("result"))
                        .map(e -> e.seq() + " " + e.at() + " " + e.kind() + " " + e.nodeId() + " " + e.data()).collect(Collectors.joining("\n"));
                assertThat(engine.queries().status(id).execution().status()).as(story).isEqualTo(ExecutionStatus.COMPLETED);
                // every node succeeded once: one completion each, in the final state and in the log
                List<NodeRow> rows = store.read(tx -> tx.nodes().all(id));
                assertThat(rows).as(story).filteredOn(r -> r.nodeId().startsWith("w")).hasSize(WIDTH)
                        .allSatisfy(r -> assertThat(r.status()).isEqualTo(NodeStatus.COMPLETED));
                Map<String, Long> completions = perNode(events, "node_completed");
                completions.keySet().removeIf(n -> !n.matches("w\\d+"));
                assertThat(completions).as(story).hasSize(WIDTH).allSatisfy((n, c) -> assertThat(c).as(n).isEqualTo(1L));
                // repeats only of what the cut worker had in flight, each taken from it once its lease lapsed
                Map<String, Long> starts = perNode(events, "node_started");
                Set<String> repeated = starts.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey)
                        .collect(Collectors.toCollection(TreeSet::new));
                assertThat(repeated).as(story).isEqualTo(inFlight);
                assertThat(perNode(events, "lease_lost")).as(story).containsOnlyKeys(inFlight);
                assertThat(events).filteredOn(e -> e.kind().equals("lease_lost")).allSatisfy(e -> assertThat(e.data()).contains(cutOwner));
                // the cut worker's late results were refused, one for each step it had in flight and ran (a result whose own
                // COMMIT's answer the cut caught is found stored when the worker tries again, and counts once, unsaid)
                Map<String, Long> dropped = perNode(events, "result_dropped");
                assertThat(dropped).as(story).containsKeys(ranOnCut.toArray(String[]::new)).allSatisfy((n, c) -> assertThat(c).isEqualTo(1L));
                assertThat(inFlight).as(story).containsAll(dropped.keySet());
                // every other step's effect happened once; one in flight may have had its effect on the cut worker too (or never
                // started there, when the cut caught the answer to its claim)
                var effects = new TreeMap<String, Integer>();
                Files.readAllLines(dir.resolve("effects.log")).forEach(l -> effects.merge(l.split(" ")[0], 1, Integer::sum));
                assertThat(effects).hasSize(WIDTH).allSatisfy((n, c) -> assertThat(c).as(n).isBetween(1, inFlight.contains(n) ? 2 : 1));

                // and it came back to work rather than dying on its broken connections
                assertThat(workers.get(0).process().isAlive()).as(workers.get(0).stderr()).isTrue();
                assertThat(workers.get(0).stderr()).doesNotContain("Exception");

                System.out.printf("partition: %d of %d steps repeated (those in flight on the cut worker, %d of them started there);"
                        + " taken over %.1f s after the cut"
                        + " (lease 5 s, heartbeat 1 s, maintenance every 1 s); the cut worker's late results arrived %.1f s after its cable"
                        + " came back%n", inFlight.size(), WIDTH, ranOnCut.size(), (takenOver - cutAt) / 1000.0, (reconnected - restoredAt) / 1000.0);
            } finally {
                for (BackgroundProcess w : workers) {
                    w.kill();
                }
            }
        }
    }

    /**
     * A step that runs longer than a lease on a worker whose cable is pulled: the worker cannot renew
     * its lease, so once a lease has passed it stops the step itself (another worker may be running it
     * by then), and when the cable is back it hands the node back and runs it again. Before, the step
     * ran on, beside its second copy, for as long as it took. About 15 s: PostgreSQL and a JVM start on
     * their hosts, and the worker waits out its 5 s lease.
     */
    @Test
    void aCutWorkerStopsAStepWhoseLeaseItCouldNotRenew() throws Exception {
        String why = TestHosts.unavailable();
        Assumptions.assumeTrue(why == null, () -> "skipped: " + why);
        try (var hosts = TestHosts.make("db", "w1");
                var server = TestPostgres.startOn(hosts.launcher("db"), hosts.address("db"))) {
            String db = server.newDatabase();
            String id = startHeldStep(db, "long");
            try (BackgroundProcess worker = Child.start(hosts.launcher("w1"), dir, Map.of(), "worker", "--db", db, "--concurrency", "1");
                    Store store = Stores.open(db, StoreOptions.DEFAULT)) {
                var engine = new Engine(store);
                long pid = Poll.value("the step to start", () -> Files.exists(dir.resolve("long.pids"))
                        ? Long.valueOf(Files.readAllLines(dir.resolve("long.pids")).get(0).strip()) : null);
                hosts.cut("w1");
                long cutAt = System.currentTimeMillis();
                Poll.until("the cut worker to stop its step", Duration.ofSeconds(30),
                        () -> ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true));
                long stopped = System.currentTimeMillis();
                Files.delete(dir.resolve("hold"));
                hosts.restore("w1");
                Poll.until("the run to finish", Duration.ofSeconds(90), () -> engine.queries().status(id).execution().status().isFinal());

                List<EventRow> events = engine.queries().events(id, 0, 100_000);
                String story = worker.stderr() + "\n" + events.stream().map(e -> e.seq() + " " + e.kind() + " " + e.nodeId() + " " + e.data())
                        .collect(Collectors.joining("\n"));
                assertThat(engine.queries().status(id).execution().status()).as(story).isEqualTo(ExecutionStatus.COMPLETED);
                // handed back, not failed: the same attempt ran again, and its effect happened once
                assertThat(events).as(story).filteredOn(e -> "long".equals(e.nodeId())).extracting(EventRow::kind)
                        .containsSubsequence("node_started", "lease_released", "node_started", "node_completed")
                        .doesNotContain("node_failed", "node_retry");
                assertThat(Files.readAllLines(dir.resolve("effects.log"))).containsExactly("long 1");
                System.out.printf("partition: the cut worker stopped its step %.1f s after the cut (lease 5 s)%n", (stopped - cutAt) / 1000.0);
            }
        }
    }

    /**
     * A worker cut off while the server holds its statement (here: waiting on a row lock the test
     * holds) sends nothing more, so TCP on its side never retransmits; the server, probing the silent
     * connection, drops it; the worker, until its own sockets probed too ({@code KeepAliveSockets}),
     * waited on it for ever, after the cable came back as well, and the run never finished. About 45
     * s: PostgreSQL and a JVM start on their hosts, the server's probes take 16 s to give up on the cut
     * worker, and the worker's as long to give up on its side.
     */
    @Test
    void aWorkerCutWhileTheServerHeldItsStatementComesBackWithTheCable() throws Exception {
        String why = TestHosts.unavailable();
        Assumptions.assumeTrue(why == null, () -> "skipped: " + why);
        try (var hosts = TestHosts.make("db", "w1");
                var server = TestPostgres.startOn(hosts.launcher("db"), hosts.address("db"))) {
            String db = server.newDatabase();
            String id = startHeldStep(db, "held");
            try (BackgroundProcess worker = Child.start(hosts.launcher("w1"), dir, Map.of(), "worker", "--db", db, "--concurrency", "1");
                    Store store = Stores.open(db, StoreOptions.DEFAULT);
                    var lock = java.sql.DriverManager.getConnection("jdbc:" + db.replace("flow@", ""), "flow", "")) {
                var engine = new Engine(store);
                Poll.until("the step to start", () -> Files.exists(dir.resolve("held.pids")));
                // the run's row locked, then the step let go: the worker's transaction that stores its result waits on the lock
                lock.setAutoCommit(false);
                try (var st = lock.prepareStatement("SELECT id FROM executions WHERE id = ? FOR UPDATE")) {
                    st.setString(1, id);
                    st.executeQuery().close();
                }
                Files.delete(dir.resolve("hold"));
                String worker1 = hosts.address("w1");
                int port = Poll.value("the worker's statement to wait on the lock", () -> portWaitingOnALock(lock, worker1));
                hosts.cut("w1");
                // that connection only: another of the worker's, whose last answer the cut caught on its way, stays up while
                // the server sends it again (for many minutes), as it should
                Poll.until("the server to drop the connection of the statement it held", Duration.ofSeconds(90),
                        () -> !established(hosts, "db", worker1, port));
                lock.commit();
                hosts.restore("w1");
                long restoredAt = System.currentTimeMillis();
                Poll.until("the run to finish", Duration.ofSeconds(120), () -> engine.queries().status(id).execution().status().isFinal());
                System.out.printf("partition: a worker cut while the server held its statement finished its run %.1f s after its cable came back%n",
                        (System.currentTimeMillis() - restoredAt) / 1000.0);

                String story = worker.stderr() + "\n" + engine.queries().events(id, 0, 100_000).stream()
                        .map(e -> e.seq() + " " + e.kind() + " " + e.nodeId() + " " + e.data()).collect(Collectors.joining("\n"));
                assertThat(engine.queries().status(id).execution().status()).as(story).isEqualTo(ExecutionStatus.COMPLETED);
                // its result stored once the worker connected again, or (its lease lapsed first) the step run once more
                assertThat(Files.readAllLines(dir.resolve("effects.log"))).as(story).isNotEmpty().hasSizeLessThanOrEqualTo(2);
                assertThat(worker.process().isAlive()).as(story).isTrue();
            }
        }
    }

    /**
     * Starts (in {@code db}, for a worker to run) start -> {@code step} -> end, whose step writes its
     * shell's pid to {@code STEP.pids}, then runs until the test removes the file "hold"; returns the run's id.
     */
    private String startHeldStep(String db, String step) throws Exception {
        Files.writeString(dir.resolve("hold"), "");
        var g = GraphBuilder.workflow(step).sh(step, "echo $$ >> " + step + ".pids; while [ -e hold ]; do sleep 0.05; done; " + ProcessFlows.EFFECT)
                .chain("start", step, "end").graph();
        Path graph = ProcessFlows.write(dir, g);
        try (var start = Child.start(dir, "start", graph.toString(), "--db", db)) {
            String id = Child.executionOf(start);
            assertThat(start.exitCode()).as(start.stderr()).isZero();
            return id;
        }
    }

    /** The worker's port of the connection from {@code clientAddress} whose statement waits on a lock; null while there is none. */
    private static Integer portWaitingOnALock(java.sql.Connection c, String clientAddress) throws java.sql.SQLException {
        try (var st = c.prepareStatement("SELECT client_port FROM pg_stat_activity WHERE host(client_addr) = ? AND wait_event_type = 'Lock'")) {
            st.setString(1, clientAddress);
            try (var rs = st.executeQuery()) {
                return rs.next() ? rs.getInt(1) : null;
            }
        }
    }

    /**
     * Whether the server has taken in everything {@code client} sent: no byte waits in the queue of a
     * connection from it (the db host's {@code ss}), and none of its sessions is running a statement.
     * One waiting on a lock counts too: its transaction, COMMIT included, may already be in, and
     * commits once the lock is free (the holder commits, or the server ends a cut session idle in its
     * transaction), with a claim that the cut worker then holds. Twice, so that a message read from a
     * queue between the two looks is seen running.
     */
    private static boolean tookIn(TestHosts hosts, String db, String client) throws Exception {
        try (var c = java.sql.DriverManager.getConnection("jdbc:" + db.replace("flow@", ""), "flow", "");
                var st = c.prepareStatement("SELECT count(*) FROM pg_stat_activity WHERE host(client_addr) = ? AND state = 'active'")) {
            st.setString(1, client);
            for (int look = 0; look < 2; look++) {
                for (String line : hosts.exec("db", "ss", "-Htn", "dst", client).lines().toList()) {
                    if (!line.startsWith("LISTEN") && Integer.parseInt(line.trim().split("\\s+")[1]) > 0) {
                        return false;
                    }
                }
                try (var rs = st.executeQuery()) {
                    if (rs.next() && rs.getInt(1) > 0) {
                        return false;
                    }
                }
            }
            return true;
        }
    }

    /** Whether {@code host} has a TCP connection established with {@code peer}'s {@code port}, by its kernel's own table. */
    private static boolean established(TestHosts hosts, String host, String peer, int port) throws Exception {
        return !hosts.exec(host, "ss", "-Htn", "state", "established", "dst", peer, "dport", "=", ":" + port).isBlank();
    }

    /** start -> fan -> w0..w47 -> join -> end, each step a few hundred milliseconds; eight at a time. */
    private static FlowGraph wide() {
        var g = GraphBuilder.workflow("wide").config(8, true).parallel("fan").merge("join", null, null).edge("start", "fan");
        for (int i = 0; i < WIDTH; i++) {
            g.sh("w" + i, STEP).chain("fan", "w" + i, "join");
        }
        return g.edge("join", "end").graph();
    }

    /** Waits up to {@code most} for {@code condition}; when it does not come, fails with what {@code explain} says. */
    private static void await(String what, Duration most, Runnable explain, java.util.concurrent.Callable<Boolean> condition) {
        try {
            Poll.until(what, most, condition);
        } catch (AssertionError e) {
            try {
                explain.run();
            } catch (AssertionError why) {
                throw new AssertionError(e.getMessage() + "\n" + why.getMessage(), e);
            }
            throw e;
        }
    }

    /** What the database and the workers say, for a state that did not come. */
    private static String diagnosis(Store store, String db, String id, Set<String> inFlight, List<BackgroundProcess> workers) {
        var out = new StringBuilder("database time " + store.read(tx -> tx.databaseMillis()) + ", test's " + System.currentTimeMillis() + "\n");
        for (String n : inFlight) {
            store.read(tx -> tx.nodes().get(id, n)).ifPresent(r -> out.append(n).append(' ').append(r.status()).append(' ')
                    .append(r.leaseOwner()).append(" expires ").append(r.leaseExpires()).append('\n'));
        }
        try (var c = java.sql.DriverManager.getConnection("jdbc:" + db.replace("flow@", ""), "flow", "");
                var rs = c.createStatement().executeQuery("SELECT pid, client_addr, state, wait_event_type, wait_event, now() - xact_start, left(query, 120)"
                        + " FROM pg_stat_activity WHERE datname = current_database()")) {
            while (rs.next()) {
                out.append(rs.getString(1)).append(' ').append(rs.getString(2)).append(' ').append(rs.getString(3)).append(' ').append(rs.getString(4))
                        .append(' ').append(rs.getString(5)).append(' ').append(rs.getString(6)).append(' ').append(rs.getString(7)).append('\n');
            }
        } catch (java.sql.SQLException e) {
            out.append("pg_stat_activity: ").append(e.getMessage()).append('\n');
        }
        workers.forEach(w -> out.append(w.output()).append('\n').append(w.stderr()).append('\n'));
        store.read(tx -> tx.events().after(id, 0, 100_000)).stream().filter(e -> e.kind().startsWith("lease") || e.kind().startsWith("result"))
                .forEach(e -> out.append(e.seq()).append(' ').append(e.kind()).append(' ').append(e.nodeId()).append(' ').append(e.data()).append('\n'));
        return out.toString();
    }

    /** The host's TCP connections with their timers ({@code ss -tno}): a retransmission's wait shows as {@code timer:(on,...)}. */
    private static String sockets(TestHosts hosts, String host) {
        try {
            return "sockets on " + host + ":\n" + hosts.exec(host, "ss", "-tno");
        } catch (java.io.IOException e) {
            return "sockets on " + host + ": " + e.getMessage() + "\n";
        }
    }

    /** The nodes whose step a worker on {@code host} started, by the steps' own lines. */
    private Set<String> startedOn(String host) throws java.io.IOException {
        Path starts = dir.resolve("starts.log");
        if (!Files.exists(starts)) {
            return new TreeSet<>();
        }
        return Files.readAllLines(starts).stream().map(l -> l.split(" ")).filter(f -> f.length == 2 && f[1].equals(host)).map(f -> f[0])
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static long completed(Engine engine, String id) {
        return count(engine, id, "node_completed");
    }

    private static long count(Engine engine, String id, String kind) {
        return engine.queries().events(id, 0, 100_000).stream().filter(e -> e.kind().equals(kind)).count();
    }

    private static Map<String, Long> perNode(List<EventRow> events, String kind) {
        return events.stream().filter(e -> e.kind().equals(kind) && e.nodeId() != null)
                .collect(Collectors.groupingBy(EventRow::nodeId, TreeMap::new, Collectors.counting()));
    }
}

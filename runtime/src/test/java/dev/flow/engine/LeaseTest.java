package dev.flow.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.step.Claim;
import dev.flow.engine.step.Leases;
import dev.flow.engine.step.Transitions;
import dev.flow.store.NodeStatus;
import dev.flow.testing.GraphBuilder;
import dev.flow.testing.Poll;
import dev.flow.testing.Processes;
import dev.flow.testing.SettableClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@dev.flow.store.BothStores
class LeaseTest {
    @TempDir
    Path dir;

    private static final String ELSEWHERE = "another-host:1234:0:w1";

    @Test
    void aClaimIsExclusiveUntilItsLeaseExpiresAndThenTheNodeIsReadyAgain() {
        var clock = new SettableClock(Instant.parse("2025-01-01T00:00:00Z"));
        var g = GraphBuilder.workflow("w").sh("a", "true").chain("start", "a", "end").graph();
        try (var h = new Harness(dir, b -> b.clock(clock).lease(Duration.ofSeconds(30)))) {
            String id = h.start(g);
            Claim first = h.engine.claimForTest(id, ELSEWHERE);
            assertThat(first).isNotNull();
            assertThat(h.engine.claimForTest(id, "another-host:99:0:w2")).isNull();

            clock.advance(Duration.ofSeconds(29));
            h.engine.maintain(id);
            assertThat(h.status(id, "a")).isEqualTo(NodeStatus.RUNNING);

            clock.advance(Duration.ofSeconds(2));
            h.engine.maintain(id);
            assertThat(h.status(id, "a")).isEqualTo(NodeStatus.READY);
            assertThat(h.eventKinds(id, "a")).contains("lease_lost");
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
        }
    }

    /**
     * A claim whose transaction waited for its execution's row (on PostgreSQL: another worker's
     * transition, or a cut worker's until the server ends its session) gets a whole lease from when it
     * took the node. Its lease ran from the transaction's start, so a 10 s wait on a loaded machine
     * committed a lease already run out, and another worker took the node at once.
     */
    @Test
    void aClaimsLeaseRunsFromWhenItTookTheNodeNotFromWhenItsTransactionBegan() {
        Instant begun = Instant.parse("2025-01-01T00:00:00Z");
        var clock = new SettableClock(begun);
        var g = GraphBuilder.workflow("w").sh("a", "true").chain("start", "a", "end").graph();
        try (var h = new Harness(dir, b -> b.clock(clock).lease(Duration.ofSeconds(30)))) {
            String id = h.start(g);
            clock.advanceAfterNextReading(Duration.ofSeconds(20)); // the transaction's start; then it waits 20 s for a row
            Claim claim = h.engine.claimForTest(id, ELSEWHERE);
            assertThat(claim.row().leaseExpires()).isEqualTo(begun.plusSeconds(20 + 30).toEpochMilli());
            assertThat(h.engine.store().read(tx -> tx.nodes().get(id, "a")).orElseThrow().leaseExpires())
                    .isEqualTo(begun.plusSeconds(50).toEpochMilli());
        }
    }

    @Test
    void aLongTaskKeepsRenewingItsLeaseWhileItRuns() throws Exception {
        // The task runs until the test has seen its lease renewed, however long that takes.
        var g = GraphBuilder.workflow("w").sh("long", "while [ ! -e renewed ]; do sleep 0.05; done").chain("start", "long", "end").graph();
        try (var h = new Harness(dir, b -> b.lease(Duration.ofMillis(600)).heartbeat(Duration.ofMillis(100)))) {
            String id = h.start(g);
            var runner = new Thread(() -> h.engine.run(id));
            runner.start();
            var seen = new TreeSet<Long>();
            Poll.until("the lease of a running task to be renewed several times", () -> {
                h.engine.store().read(tx -> tx.nodes().get(id, "long")).filter(r -> r.status() == NodeStatus.RUNNING)
                        .ifPresent(r -> seen.add(r.leaseExpires()));
                return seen.size() > 3;
            });
            Files.writeString(dir.resolve("renewed"), "");
            runner.join();
            assertThat(h.engine.result(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            // renewed several times, and never allowed to lapse (which would have made it run twice)
            assertThat(seen.size()).isGreaterThan(3);
            assertThat(h.eventKinds(id, "long")).containsOnlyOnce("node_started").doesNotContain("lease_lost");
        }
    }

    @Test
    void aResultForALeaseThatWasLostIsDropped() {
        var clock = new SettableClock(Instant.parse("2025-01-01T00:00:00Z"));
        var g = GraphBuilder.workflow("w").sh("a", "true").chain("start", "a", "end").graph();
        try (var h = new Harness(dir, b -> b.clock(clock))) {
            String id = h.start(g);
            Claim stale = h.engine.claimForTest(id, ELSEWHERE);
            clock.advance(Duration.ofMinutes(5));
            h.engine.maintain(id);
            Claim fresh = h.engine.claimForTest(id, "another-host:1:0:w9");
            assertThat(fresh.row().leaseOwner()).isNotEqualTo(stale.row().leaseOwner());
            new Transitions(h.engine.core()).finish(stale, dev.flow.engine.exec.Outcome.produced("done", Map.of()), false,
                    () -> false, null, null);
            assertThat(h.status(id, "a")).isEqualTo(NodeStatus.RUNNING);
            assertThat(h.eventKinds(id, "a")).contains("result_dropped");
        }
    }

    /**
     * The database took in a claim's transaction, COMMIT and all, and its answer never came back (the
     * connection broke on the way; here the probe throws where the answer arrives): the slot saw the
     * database out of reach and claimed again, never learning that the node was its own. The worker's
     * renewals used to keep that lease for good, and the run waited forever (the lease here is longer
     * than the test: only the hand-back can finish it). The heartbeat hands such a node back.
     */
    @Test
    void aNodeWhoseClaimsAnswerWasLostIsHandedBackAndRuns() throws Exception {
        runLosingOneAnswer(tags -> tags.contains("claimed"), (h, id) -> {
            assertThat(h.events(id)).filteredOn(e -> "lease_released".equals(e.kind())).singleElement()
                    .satisfies(e -> assertThat(e.data()).contains("never learned that it had claimed it"));
            assertThat(h.eventKinds(id, "a")).containsSubsequence("node_started", "lease_released", "node_started", "node_completed")
                    .doesNotContain("result_dropped", "lease_lost");
        });
    }

    /**
     * The answer to a result's COMMIT was lost (the probe throws where it arrives), after the server
     * had stored the result and the claim of the next node: the slot stores the same result again and
     * finds it stored, which counts once (the log said the result was dropped, though nothing was),
     * and the node that transaction claimed is handed back by the heartbeat and runs.
     */
    @Test
    void aResultWhoseCommitsAnswerWasLostCountsOnceAndTheNodeItClaimedRuns() throws Exception {
        runLosingOneAnswer(tags -> tags.contains("completed") && tags.contains("claimed"), (h, id) -> {
            assertThat(h.events(id)).extracting(e -> e.kind()).doesNotContain("result_dropped");
            assertThat(h.eventKinds(id, "a")).containsOnlyOnce("node_completed");
            assertThat(h.eventKinds(id, "b")).containsSubsequence("node_started", "lease_released", "node_started", "node_completed");
        });
    }

    /**
     * Runs start -> a -> b -> end on a worker of one slot whose lease outlasts the test, the probe
     * losing the answer to the first commit whose tags {@code lose} picks (it throws where the answer
     * arrives, as a broken connection does); checks the run completed with each step run once, then
     * hands the harness and the run to {@code then}.
     */
    private void runLosingOneAnswer(java.util.function.Predicate<String> lose, java.util.function.BiConsumer<Harness, String> then) throws Exception {
        var lost = new java.util.concurrent.atomic.AtomicBoolean();
        var g = GraphBuilder.workflow("w").sh("a", "echo a >> ran.log").sh("b", "echo b >> ran.log").chain("start", "a", "b", "end").graph();
        try (var h = new Harness(dir, b -> b.lease(Duration.ofHours(1)).heartbeat(Duration.ofMillis(50)).probe((point, tags) -> {
            if (point.equals("after-commit") && lose.test(tags) && lost.compareAndSet(false, true)) {
                throw new dev.flow.store.StoreException(dev.flow.store.StoreException.Kind.UNAVAILABLE, "the connection broke: no answer to COMMIT");
            }
        }))) {
            String id = h.start(g);
            WorkerHandle worker = h.engine.serve(1);
            try {
                Poll.until("the run to finish", () -> h.engine.queries().status(id).execution().status().isFinal());
            } finally {
                worker.stop(false);
                worker.awaitStopped();
            }
            assertThat(lost).isTrue();
            assertThat(h.engine.queries().status(id).execution().status()).isEqualTo(dev.flow.store.ExecutionStatus.COMPLETED);
            assertThat(Files.readAllLines(dir.resolve("ran.log"))).containsExactly("a", "b");
            then.accept(h, id);
        }
    }

    /** A node a worker's slot holds is never handed back as a stray, however many heartbeats pass while it runs. */
    @Test
    void aNodeItsSlotHoldsIsNotHandedBack() throws Exception {
        var g = GraphBuilder.workflow("w").sh("slow", "touch started; while [ ! -e go ]; do sleep 0.02; done").chain("start", "slow", "end").graph();
        try (var h = new Harness(dir, b -> b.lease(Duration.ofHours(1)).heartbeat(Duration.ofMillis(20)))) {
            String id = h.start(g);
            WorkerHandle worker = h.engine.serve(1);
            try {
                Processes.awaitFiles(dir.resolve("started"));
                // three renewals seen (each heartbeat moves the lease on): a stray is handed back at its second
                var last = new java.util.concurrent.atomic.AtomicReference<Long>();
                var renewals = new java.util.concurrent.atomic.AtomicInteger(-1);
                Poll.until("three heartbeats to renew the lease", () -> {
                    Long expires = h.engine.store().read(tx -> tx.nodes().get(id, "slow")).orElseThrow().leaseExpires();
                    if (!expires.equals(last.getAndSet(expires))) {
                        renewals.incrementAndGet();
                    }
                    return renewals.get() >= 3;
                });
                Files.writeString(dir.resolve("go"), "");
                Poll.until("the run to finish", () -> h.engine.queries().status(id).execution().status().isFinal());
            } finally {
                worker.stop(false);
                worker.awaitStopped();
            }
            assertThat(h.eventKinds(id, "slow")).doesNotContain("lease_released", "result_dropped");
        }
    }

    @Test
    void aWorkerOnThisMachineWhoseProcessIsGoneIsDeadAtOnce() {
        String host;
        try (var h = new Harness(dir)) {
            host = h.engine.core().host();
        }
        assertThat(Leases.isDead(host + ":999999999:0:w1", host)).isTrue();
        ProcessHandle me = ProcessHandle.current();
        long started = me.info().startInstant().orElseThrow().toEpochMilli();
        assertThat(Leases.isDead(host + ":" + me.pid() + ":" + started + ":not-a-live-worker", host)).isTrue();
        assertThat(Leases.isDead("elsewhere:1:0:w1", host)).isFalse();
    }
    @Test
    void aWorkerStoppedWithCancelHandsItsRunningNodeBackInsteadOfFailingIt() throws Exception {
        var g = GraphBuilder.workflow("w").sh("slow", "echo ran >> ran.log; sleep 30").chain("start", "slow", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            WorkerHandle worker = h.engine.serve(1);
            awaitStatus(h, id, "slow", NodeStatus.RUNNING);
            Processes.awaitFiles(dir.resolve("ran.log")); // running is committed before the shell starts: stop it once it is there
            long before = System.nanoTime();
            worker.stop(true);
            worker.awaitStopped();
            assertThat(System.nanoTime() - before).as("the sleep was killed, not waited for").isLessThan(20_000_000_000L);
            NodeState slow = h.node(id, "slow");
            assertThat(slow.status()).isEqualTo(NodeStatus.READY);
            assertThat(slow.attempt()).isEqualTo(1);
            assertThat(h.eventKinds(id, "slow")).contains("lease_released").doesNotContain("node_failed", "node_retry");
        }
    }

    @Test
    void anInterruptedRunReturnsWithItsWorkReadyForAResume() throws Exception {
        var g = GraphBuilder.workflow("w").sh("slow", "test -f again || { touch again; sleep 30; }").chain("start", "slow", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            var result = new AtomicReference<RunResult>();
            var runner = new Thread(() -> result.set(h.engine.run(id)));
            runner.start();
            awaitStatus(h, id, "slow", NodeStatus.RUNNING);
            Processes.awaitFiles(dir.resolve("again")); // running is committed before the shell starts: interrupt it once it is there
            h.engine.interrupt();
            runner.join(20_000);
            assertThat(runner.isAlive()).isFalse();
            assertThat(result.get().outcome()).isEqualTo(RunOutcome.PAUSED);
            assertThat(h.status(id, "slow")).isEqualTo(NodeStatus.READY);
            assertThat(h.engine.resume(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.node(id, "slow").attempt()).isEqualTo(1);
        }
    }

    private static void awaitStatus(Harness h, String id, String node, NodeStatus wanted) {
        Poll.until("node " + node + " to be " + wanted, () -> h.status(id, node) == wanted);
    }
}

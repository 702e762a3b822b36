package dev.flow.engine;

import dev.flow.testing.GraphBuilder;
import dev.flow.testing.SettableClock;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.step.Claim;
import dev.flow.store.EventRow;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 19, item 11: work taken from a worker that is not in this process (its lease lapsed, or its
 * driver died) has its processes on this machine killed, found by the node's run token, whether the
 * node is handed to another worker or cancelled. The "step" is a real {@code sleep} that carries the
 * token in its environment, as a step's processes do.
 */
class OrphanedWorkTest {
    @TempDir
    Path dir;

    /** A worker on another machine, or one here that stopped renewing its lease: not dead by its pid. */
    private static final String ELSEWHERE = "another-host:1234:0:w1";

    private static Process stepProcess(Claim claim) throws Exception {
        var pb = new ProcessBuilder("sleep", "300");
        pb.environment().put("FLOW_RUN_TOKEN", claim.row().executionId() + "/" + claim.row().nodeId() + "/" + claim.row().iteration() + "/"
                + claim.row().attempt());
        return pb.start();
    }

    @Test
    void aLapsedLeaseHandsTheNodeOverOnlyAfterItsProcessesAreKilled() throws Exception {
        var clock = new SettableClock(Instant.parse("2025-01-01T00:00:00Z"));
        var g = GraphBuilder.workflow("w").sh("a", "true").chain("start", "a", "end").graph();
        try (var h = new Harness(dir, b -> b.clock(clock).lease(Duration.ofSeconds(30)))) {
            String id = h.start(g);
            Claim claim = h.engine.claimForTest(id, ELSEWHERE);
            Process step = stepProcess(claim);
            try {
                clock.advance(Duration.ofSeconds(31));
                h.engine.maintain(id);
                // killed before the transaction that handed the node over committed: it is dead (or a zombie) now
                assertThat(step.waitFor(30, TimeUnit.SECONDS)).as("the lapsed lease's process was killed").isTrue();
                EventRow lost = h.events(id).stream().filter(e -> e.kind().equals("lease_lost")).findFirst().orElseThrow();
                assertThat(lost.data()).contains("\"processes_stopped\":1", "its lease expired");
            } finally {
                step.destroyForcibly();
            }
        }
    }

    @Test
    void cancellingARunKillsTheProcessesOfNodesNoWorkerHereHolds() throws Exception {
        var g = GraphBuilder.workflow("w").sh("a", "true").chain("start", "a", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            Process step = stepProcess(h.engine.claimForTest(id, ELSEWHERE));
            try {
                CancelResult c = h.engine.cancel(id, "test");
                assertThat(c.nodesStopped()).isEqualTo(1);
                assertThat(c.processesStopped()).isEqualTo(1);
                assertThat(step.waitFor(30, TimeUnit.SECONDS)).as("the cancelled node's process was killed").isTrue();
            } finally {
                step.destroyForcibly();
            }
        }
    }
}

package dev.flow.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.step.Claim;
import dev.flow.model.FlowGraph;
import dev.flow.model.MergeStrategy;
import dev.flow.model.WaitMode;
import dev.flow.testing.GraphBuilder;
import dev.flow.testing.SettableClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On SQLite a claim first tries the nodes its own process made ready and left (a fan-out's other
 * branches), with no query; the hints never hide older ready nodes that other processes made, nor
 * hand out a node another process took. Two engines on one database file stand for two processes.
 */
class ClaimHintsTest {
    @TempDir
    Path dir;

    private static final String HERE = "another-host:1234:0:here";
    private static final String THERE = "another-host:1234:0:there";

    private static FlowGraph fanOut(int width) {
        var g = GraphBuilder.workflow("wide").config(width, true).parallel("fan").merge("join", WaitMode.ALL, MergeStrategy.UNION);
        g.edge("start", "fan");
        for (int i = 0; i < width; i++) {
            g.sh("t" + i, "true").edge("fan", "t" + i).edge("t" + i, "join");
        }
        return g.edge("join", "end").graph();
    }

    @Test
    void anOlderReadyNodeOfAnotherProcessIsTakenWithinAFewClaims() {
        var clock = new SettableClock(Instant.parse("2025-01-01T00:00:00Z"));
        try (var there = new Harness(dir, o -> o.clock(clock).lease(Duration.ofMinutes(5)));
                var here = new Harness(dir, o -> o.clock(clock).lease(Duration.ofMinutes(5)))) {
            String older = there.start(GraphBuilder.workflow("single").sh("b", "true").chain("start", "b", "end").graph());
            clock.advance(Duration.ofSeconds(1));
            String wide = here.start(fanOut(30)); // its 30 branches are this process's hints
            var taken = new ArrayList<String>();
            for (int i = 0; i < 8; i++) {
                Claim c = here.engine.claimForTest(null, HERE);
                taken.add(c.row().executionId() + "/" + c.row().nodeId());
            }
            assertThat(taken).as("eight claims of the process with the hints").contains(older + "/b");
            assertThat(taken).filteredOn(t -> t.startsWith(wide + "/")).hasSize(7);
        }
    }

    @Test
    void aHintedNodeAnotherProcessTookIsNotHandedOutAgain() throws Exception {
        try (var here = new Harness(dir, o -> o.lease(Duration.ofMinutes(5)));
                var there = new Harness(dir, o -> o.lease(Duration.ofMinutes(5)))) {
            String wide = here.start(fanOut(3));
            var theirs = new ArrayList<String>();
            for (int i = 0; i < 3; i++) {
                theirs.add(there.engine.claimForTest(null, THERE).row().nodeId());
            }
            assertThat(theirs).containsExactlyInAnyOrder("t0", "t1", "t2");
            assertThat(here.engine.claimForTest(null, HERE)).as("a claim where every hinted node is taken").isNull();
            assertThat(here.status(wide, "t0")).isEqualTo(dev.flow.store.NodeStatus.RUNNING);
        }
    }

    @Test
    void aClaimOfOneRunLeavesTheHintsOfAnother() throws Exception {
        try (var h = new Harness(dir, o -> o.lease(Duration.ofMinutes(5)))) {
            String first = h.start(fanOut(3));
            String second = h.start(fanOut(3));
            Claim c = h.engine.claimForTest(second, HERE);
            assertThat(c.row().executionId()).isEqualTo(second);
            Claim d = h.engine.claimForTest(first, HERE);
            assertThat(d.row().executionId()).isEqualTo(first);
            assertThat(d.row().nodeId()).isEqualTo("t0");
        }
    }

    @Test
    void aFanOutsBranchesAreClaimedMostlyWithoutAQuery() throws Exception {
        // 200 branches took 1,602 statements when each claim ran the query, 1,430 with the hints
        // (the query in one claim of eight): a branch under 7.5 statements.
        long statements = StepCostTest.statementsOfFanOut(Files.createDirectories(dir.resolve("fan")), 200);
        assertThat(statements).as("statements of 200 branches").isLessThan(1_500);
    }
}

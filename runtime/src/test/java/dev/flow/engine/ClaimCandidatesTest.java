package dev.flow.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.step.Claim;
import dev.flow.model.MergeStrategy;
import dev.flow.model.WaitMode;
import dev.flow.testing.GraphBuilder;
import dev.flow.testing.SettableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A claim reads a few of the oldest ready nodes at a time, and more when none of those can be
 * taken: a run at its max parallel with several ready nodes does not hide a later run's node.
 */
@dev.flow.store.BothStores
class ClaimCandidatesTest {
    @TempDir
    Path dir;

    private static final String FIRST = "another-host:1234:0:w1";
    private static final String SECOND = "another-host:1234:0:w2";

    @Test
    void aClaimLooksPastTheOldestReadyNodesWhenTheirRunIsAtItsMaxParallel() {
        var clock = new SettableClock(Instant.parse("2025-01-01T00:00:00Z"));
        var wide = GraphBuilder.workflow("wide").config(1, true).parallel("fan").merge("join", WaitMode.ALL, MergeStrategy.UNION);
        wide.edge("start", "fan");
        for (int i = 0; i < 6; i++) {
            wide.sh("t" + i, "true").edge("fan", "t" + i).edge("t" + i, "join");
        }
        wide.edge("join", "end");
        var single = GraphBuilder.workflow("single").sh("b", "true").chain("start", "b", "end");
        try (var h = new Harness(dir, o -> o.clock(clock).lease(Duration.ofMinutes(5)))) {
            String older = h.start(wide.graph());
            clock.advance(Duration.ofSeconds(1));
            String newer = h.start(single.graph());

            Claim first = h.engine.claimForTest(null, FIRST);
            assertThat(first.row().executionId()).isEqualTo(older);
            // the wide run's five other branches are the oldest ready nodes, and its max parallel is reached
            Claim second = h.engine.claimForTest(null, SECOND);
            assertThat(second).isNotNull();
            assertThat(second.row().executionId()).isEqualTo(newer);
            assertThat(second.row().nodeId()).isEqualTo("b");
        }
    }
}

package dev.flow.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.store.NodeStatus;
import dev.flow.testing.GraphBuilder;
import dev.flow.testing.SettableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@dev.flow.store.BothStores
class LimitsTest {
    @TempDir
    Path dir;

    @Test
    void maxExecutionsStopsTheRunCleanlyWithAReport() {
        var g = GraphBuilder.workflow("w").limits(2L, null, null).sh("a", "true").sh("b", "true").sh("c", "true")
                .chain("start", "a", "b", "c", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.LIMIT_REACHED);
            assertThat(r.exitCode()).isEqualTo(4);
            assertThat(r.report()).isEqualTo("max executions reached: 2 work nodes ran (limit 2)");
            assertThat(h.status(id, "b")).isEqualTo(NodeStatus.COMPLETED);
            assertThat(h.status(id, "c")).isEqualTo(NodeStatus.SKIPPED);
            // a stopped run stays stopped
            assertThat(h.engine.resume(id).outcome()).isEqualTo(RunOutcome.LIMIT_REACHED);
        }
    }

    @Test
    void maxTimeCountsFromTheStartOfTheRunOnTheEnginesClock() {
        var clock = new SettableClock(Instant.parse("2025-01-01T00:00:00Z"));
        var g = GraphBuilder.workflow("w").limits(null, Duration.ofMinutes(10), null).sh("a", "true").human("ok", "go?", null, "yes")
                .sh("b", "true").chain("start", "a", "ok", "b", "end").graph();
        try (var h = new Harness(dir, b -> b.clock(clock))) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.PAUSED);
            h.engine.answer(id, "ok", "yes", null);
            clock.advance(Duration.ofMinutes(11));
            RunResult r = h.engine.resume(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.LIMIT_REACHED);
            assertThat(r.report()).startsWith("max time reached: the run started 11m ago (limit 10m)");
        }
    }
}

package dev.flow.engine.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.Engine;
import dev.flow.store.EventRow;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.StoreKind;
import dev.flow.store.StoreOptions;
import dev.flow.store.open.Stores;
import dev.flow.testing.BackgroundProcess;
import dev.flow.testing.Poll;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three {@code worker} processes share one database and run a fan-out of 120 tasks: no node runs
 * twice, none is lost, and no worker fails on a locked database. Starts four JVMs and 120 shell
 * processes, so it takes several seconds.
 */
@dev.flow.store.BothStores
class WorkerProcessesTest {
    @TempDir
    Path dir;

    @Test
    void threeWorkersShareAWideFanOutWithNoNodeRunTwice() throws Exception {
        int width = 120;
        Path graph = ProcessFlows.write(dir, ProcessFlows.wide(width, 16));
        String db = StoreKind.current().newAddress(dir);
        String id;
        try (var start = Child.start(dir, "start", graph.toString(), "--db", db)) {
            id = Child.executionOf(start);
            assertThat(start.exitCode()).isZero();
        }
        var workers = new ArrayList<BackgroundProcess>();
        try {
            for (int i = 0; i < 3; i++) {
                // a lease long enough that a loaded machine's late heartbeat does not hand a running step to
                // another worker: this test is about sharing work, and a lapsed lease rightly runs a step again
                workers.add(Child.start(dir, "worker", "--db", db, "--concurrency", "4", "--lease", "60"));
            }
            for (BackgroundProcess w : workers) {
                w.awaitLine("serving ");
            }
            try (var store = Stores.open(db, StoreOptions.DEFAULT)) {
                var engine = new Engine(store);
                // Two minutes: 120 tasks, each a shell, on a machine other builds share.
                Poll.until("the workers to finish the execution", Duration.ofMinutes(2),
                        () -> engine.queries().status(id).execution().status().isFinal());
                assertThat(engine.queries().status(id).execution().status()).as("workers' stderr: %s",
                        workers.stream().map(BackgroundProcess::stderr).toList()).isEqualTo(ExecutionStatus.COMPLETED);
                List<EventRow> started = engine.queries().events(id, 0, 100_000).stream().filter(e -> e.kind().equals("node_started")).toList();
                var perNode = started.stream().collect(Collectors.groupingBy(EventRow::nodeId, Collectors.counting()));
                List<EventRow> all = engine.queries().events(id, 0, 100_000);
                // on failure, the story of the node that ran twice: which worker took it when, and why again
                assertThat(perNode).hasSize(width).allSatisfy((node, n) -> assertThat(n).as(node + ": " + all.stream()
                        .filter(e -> node.equals(e.nodeId())).map(e -> e.seq() + " " + e.at() + " " + e.kind() + " " + e.data()).toList())
                        .isEqualTo(1L));
                assertThat(all).filteredOn(e -> e.kind().equals("lease_lost") || e.kind().equals("result_dropped")).isEmpty();
            }
        } finally {
            for (BackgroundProcess w : workers) {
                w.kill();
            }
        }
        var counts = new HashMap<String, Integer>();
        Files.readAllLines(dir.resolve("effects.log")).forEach(l -> counts.merge(l, 1, Integer::sum));
        assertThat(counts).hasSize(width).allSatisfy((line, n) -> assertThat(n).as(line).isEqualTo(1));
        for (BackgroundProcess w : workers) {
            assertThat(w.stderr()).doesNotContainIgnoringCase("locked").doesNotContain("Exception");
        }
    }
}

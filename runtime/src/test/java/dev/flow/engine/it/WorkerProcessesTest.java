package dev.flow.engine.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.Engine;
import dev.flow.store.EventRow;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.StoreKind;
import dev.flow.store.StoreOptions;
import dev.flow.store.open.Stores;
import java.nio.file.Files;
import java.nio.file.Path;
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
            id = start.await("execution ", 30).substring("execution ".length());
            assertThat(start.exitCode(30)).isZero();
        }
        var workers = new ArrayList<Child>();
        try {
            for (int i = 0; i < 3; i++) {
                workers.add(Child.start(dir, "worker", "--db", db, "--concurrency", "4"));
            }
            for (Child w : workers) {
                assertThat(w.await("serving ", 30)).isNotNull();
            }
            try (var store = Stores.open(db, StoreOptions.DEFAULT)) {
                var engine = new Engine(store);
                long deadline = System.nanoTime() + 120_000_000_000L;
                while (!engine.queries().status(id).execution().status().isFinal() && System.nanoTime() < deadline) {
                    Thread.sleep(100);
                }
                assertThat(engine.queries().status(id).execution().status()).as("workers' stderr: %s",
                        workers.stream().map(Child::stderr).toList()).isEqualTo(ExecutionStatus.COMPLETED);
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
            for (Child w : workers) {
                w.kill();
            }
        }
        var counts = new HashMap<String, Integer>();
        Files.readAllLines(dir.resolve("effects.log")).forEach(l -> counts.merge(l, 1, Integer::sum));
        assertThat(counts).hasSize(width).allSatisfy((line, n) -> assertThat(n).as(line).isEqualTo(1));
        for (Child w : workers) {
            assertThat(w.stderr()).doesNotContainIgnoringCase("locked").doesNotContain("Exception");
        }
    }
}

package dev.flow.engine.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.Engine;
import dev.flow.store.ExecutionStatus;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker that stops in the middle of a transaction on PostgreSQL (hung here at the probe point
 * before its commit; a pulled cable does the same) holds the rows it locked only until the server
 * ends its idle session, 10 s later: then another worker runs the run. Before, it held them until
 * the server noticed the connection was gone, which for a pulled cable is hours. Takes 15 to 25 s:
 * two JVMs start, and the server waits its 10 s.
 */
class HungTransactionTest {
    @TempDir
    Path dir;

    @Test
    void aWorkerHungInsideItsClaimHoldsTheRunOnlyUntilTheServerEndsItsIdleSession() throws Exception {
        var g = GraphBuilder.workflow("chain").sh("a", ProcessFlows.EFFECT).sh("b", ProcessFlows.EFFECT).chain("start", "a", "b", "end").graph();
        Path graph = ProcessFlows.write(dir, g);
        String db = TestPostgres.get().newDatabase();
        String id;
        try (var start = Child.start(dir, "start", graph.toString(), "--db", db)) {
            id = Child.executionOf(start);
            assertThat(start.exitCode()).as(start.stderr()).isZero();
        }
        // its claim of "a" locked the node's row and the run's, and then it stops before committing
        try (BackgroundProcess hung = Child.start(dir, "worker", "--db", db, "--crash-at", "before-commit:1:claimed");
                Store store = Stores.open(db, StoreOptions.DEFAULT)) {
            hung.awaitLine("CRASHPOINT");
            try (BackgroundProcess other = Child.start(dir, "worker", "--db", db)) {
                var engine = new Engine(store);
                Poll.until("the other worker to run the run", Duration.ofSeconds(60),
                        () -> engine.queries().status(id).execution().status().isFinal());
                assertThat(engine.queries().status(id).execution().status()).as(other.stderr()).isEqualTo(ExecutionStatus.COMPLETED);
                assertThat(Files.readAllLines(dir.resolve("effects.log"))).containsExactly("a 1", "b 1");
            }
        }
    }
}

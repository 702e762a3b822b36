package dev.flow.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.config.EngineOptions;
import dev.flow.engine.exec.Outcome;
import dev.flow.engine.exec.WorkExecutor;
import dev.flow.model.FlowGraph;
import dev.flow.store.StoreOptions;
import dev.flow.store.sqlite.SqliteStore;
import dev.flow.testing.GraphBuilder;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A step's cost does not grow with its graph: no step reads the stored graph, whose row is as large
 * as the graph (3 MB at 10,000 nodes). Shown without a clock: the graph's row is taken away once
 * the run has started, and the run still completes. A step that read it (a query, or SQLite
 * checking the executions row's reference to it) would fail.
 */
class StepCostTest {

    static final WorkExecutor NOOP = (job, cancellation) -> Outcome.produced("done", Map.of());

    static FlowGraph chain(int n) {
        GraphBuilder flows = GraphBuilder.workflow("chain");
        List<String> ids = new ArrayList<>(List.of("start"));
        for (int i = 0; i < n; i++) {
            flows.agentTask("n" + i, "noop", "go");
            ids.add("n" + i);
        }
        ids.add("end");
        return flows.chain(ids.toArray(String[]::new)).graph();
    }

    @Test
    void aChainCompletesWithItsStoredGraphGoneSoNoStepReadsIt(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("state.db");
        try (var store = SqliteStore.open(db, StoreOptions.DEFAULT.withArtifactsDir(dir.resolve("artifacts")))) {
            var engine = new Engine(store, EngineOptions.builder().inProcessAgents(Map.of("noop", NOOP)).contractFooter(false).build());
            String id = engine.start(chain(50), Map.of(), dir);
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
                // Off for this connection only: the engine's connection still checks every reference.
                s.execute("PRAGMA foreign_keys = OFF");
                assertThat(s.executeUpdate("DELETE FROM workflows")).isEqualTo(1);
            }
            RunResult result = engine.run(id);
            assertThat(result.outcome()).as(result.report()).isEqualTo(RunOutcome.COMPLETED);
        }
    }
}

package dev.flow.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.config.EngineOptions;
import dev.flow.engine.exec.Outcome;
import dev.flow.engine.exec.WorkExecutor;
import dev.flow.model.FlowGraph;
import dev.flow.store.Store;
import dev.flow.store.StoreOptions;
import dev.flow.store.sqlite.SqliteStore;
import dev.flow.testing.GraphBuilder;
import dev.flow.engine.broker.KvAccess;
import dev.flow.engine.step.Claim;
import dev.flow.engine.step.EngineCore;
import dev.flow.engine.step.Transitions;
import dev.flow.store.ExecutionStatus;
import dev.flow.model.MergeStrategy;
import dev.flow.model.WaitMode;
import java.nio.file.Files;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A step's cost does not grow with its graph, shown without a clock: no step reads the stored graph,
 * whose row is as large as the graph (3 MB at 10,000 nodes): the graph's row is taken away once the
 * run has started, and the run still completes (a step that read it, a query or SQLite checking the
 * executions row's reference to it, would fail); and the same 100 steps run the same number of
 * statements in a graph of 1,000 nodes as in one of 20,000, within a budget of statements a step.
 */
class StepCostTest {

    /** The key-value broker a sandboxed step would get: these graphs have none. */
    static final KvAccess.Factory NO_SANDBOX_KV = (execution, node) -> {
        throw new IllegalStateException("no step of these graphs runs in a sandbox");
    };

    static final WorkExecutor NOOP = (job, cancellation) -> Outcome.produced("done", Map.of());

    /**
     * Statements a chain step may run: BEGIN, the cache check, the node's update, the successor's
     * insert (claimed), the events, the execution's counters, COMMIT. The successor has no row yet,
     * and the connection that created the run knows it without a lookup (8 statements before).
     */
    static final int STATEMENTS_PER_STEP = 7;

    /** A chain of {@code steps} tasks in a graph of {@code size} nodes: the rest are tasks no edge reaches (they make the graph, and its stored row, large). */
    static FlowGraph chainIn(int steps, int size) {
        GraphBuilder flows = GraphBuilder.workflow("chain");
        List<String> ids = new ArrayList<>(List.of("start"));
        for (int i = 0; i < steps; i++) {
            flows.agentTask("n" + i, "noop", "go");
            ids.add("n" + i);
        }
        for (int i = steps; i < size; i++) {
            flows.agentTask("idle" + i, "noop", "go");
        }
        ids.add("end");
        return flows.chain(ids.toArray(String[]::new)).graph();
    }

    /**
     * Statements the steps of {@code graph} take once started: each node claimed and completed as a
     * worker slot does it (its result committed with the claim of its successor), driven here on
     * this thread so that nothing but the steps runs statements.
     */
    static long statementsOfSteps(Path dir, FlowGraph graph) {
        try (var store = SqliteStore.open(dir.resolve("state.db"), StoreOptions.DEFAULT.withArtifactsDir(dir.resolve("artifacts")))) {
            return statementsOfSteps(store, store::statementsRun, dir, graph);
        }
    }

    /** {@link #statementsOfSteps(Path, FlowGraph)} on any store, whose statements {@code counter} counts. */
    static long statementsOfSteps(Store store, LongSupplier counter, Path dir, FlowGraph graph) {
        var core = new EngineCore(store, EngineOptions.builder().inProcessAgents(Map.of("noop", NOOP)).contractFooter(false).build(), NO_SANDBOX_KV);
        var transitions = new Transitions(core);
        String id = transitions.start(graph, Map.of(), dir.toString());
        Claim claim = transitions.claim(id, "owner").value();
        long before = counter.getAsLong();
        int steps = 0;
        while (claim != null) {
            claim = transitions.finish(claim, Outcome.produced("done", Map.of()), false, () -> true, id, "owner").value();
            steps++;
        }
        long statements = counter.getAsLong() - before;
        assertThat(steps).isEqualTo(100);
        ExecutionStatus status = store.read(tx -> tx.executions().get(id).orElseThrow().status());
        assertThat(status).isEqualTo(ExecutionStatus.COMPLETED);
        return statements;
    }

    @Test
    void aStepRunsAsManyStatementsInAGraphOfTwentyThousandNodesAsInOneOfAThousand(@TempDir Path dir) throws Exception {
        // Two graphs of 1,000 and 20,000 nodes are built and stored (a few seconds for the larger); only 100 of their nodes run.
        long small = statementsOfSteps(Files.createDirectories(dir.resolve("small")), chainIn(100, 1_000));
        long large = statementsOfSteps(Files.createDirectories(dir.resolve("large")), chainIn(100, 20_000));
        assertThat(large).as("statements of the same 100 steps in a graph of 20,000 nodes against 1,000").isEqualTo(small);
        // the last step looks for other ready work once (nothing follows "end")
        assertThat(small).as("statements of 100 chain steps").isLessThanOrEqualTo(100L * STATEMENTS_PER_STEP + 1);
    }

    /**
     * Pages a chain step writes to the log, counted in the log's frames: the node rows (the finished
     * node's and its successor's, mostly on one page), the running-lease index, the events and the
     * execution's row. A reader holds its snapshot meanwhile, so that no checkpoint lets the log start
     * over and every frame written stays in the file. The execution's update once named its status
     * whether it changed or not, and SQLite rewrote its entry in the unfinished-runs index each time:
     * 545 frames for these 100 steps, 445 since.
     */
    @Test
    void aChainStepWritesItsRowsPagesAndNoIndexItDoesNotChange(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("state.db");
        try (var store = SqliteStore.open(db, StoreOptions.DEFAULT.withArtifactsDir(dir.resolve("artifacts")));
                Connection reader = DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement s = reader.createStatement()) {
            long pageSize;
            try (var rs = s.executeQuery("PRAGMA page_size")) {
                pageSize = rs.getLong(1);
            }
            s.execute("BEGIN");
            s.executeQuery("SELECT count(*) FROM executions").close();
            Path log = Path.of(db + "-wal");
            long before = Files.size(log);
            statementsOfSteps(store, store::statementsRun, dir, chainIn(100, 100));
            double frames = (Files.size(log) - before) / (double) (FRAME_HEADER + pageSize);
            assertThat(frames).as("pages 100 chain steps wrote to the log").isLessThanOrEqualTo(100 * 4.5);
        }
    }

    /** The header of each frame of SQLite's log, before its page. */
    private static final int FRAME_HEADER = 24;

    /** start -> a parallel node -> {@code width} tasks -> a merge waiting for all -> end, at most 2 at once. */
    static FlowGraph fanOut(int width) {
        return fanOut(width, 2);
    }

    /** The same with at most {@code parallel} branches at once. */
    static FlowGraph fanOut(int width, int parallel) {
        GraphBuilder flows = GraphBuilder.workflow("fan").config(parallel, true, null);
        String[] branches = new String[width];
        for (int i = 0; i < width; i++) {
            branches[i] = "b" + i;
            flows.agentTask(branches[i], "noop", "go");
        }
        flows.parallel("fork", branches).merge("join", WaitMode.ALL, MergeStrategy.UNION).edge("start", "fork");
        for (String b : branches) {
            flows.edge("fork", b).edge(b, "join");
        }
        return flows.edge("join", "end").graph();
    }

    /**
     * Statements a fan-out's branches take, claimed and completed by two workers in turn, each on
     * its own thread and connection: each one's commits take rows out of the other's cache, as
     * between the slots of a real worker.
     */
    static long statementsOfFanOut(Path dir, int width) throws Exception {
        try (var store = SqliteStore.open(dir.resolve("state.db"), StoreOptions.DEFAULT.withArtifactsDir(dir.resolve("artifacts")))) {
            return statementsOfFanOut(store, store::statementsRun, dir, width);
        }
    }

    /** {@link #statementsOfFanOut(Path, int)} on any store, whose statements {@code counter} counts. */
    static long statementsOfFanOut(Store store, LongSupplier counter, Path dir, int width) throws Exception {
        ExecutorService a = Executors.newSingleThreadExecutor();
        ExecutorService b = Executors.newSingleThreadExecutor();
        try {
            var core = new EngineCore(store, EngineOptions.builder().inProcessAgents(Map.of("noop", NOOP)).contractFooter(false).build(), NO_SANDBOX_KV);
            var transitions = new Transitions(core);
            String id = transitions.start(fanOut(width), Map.of(), dir.toString());
            Claim ca = a.submit(() -> transitions.claim(id, "a").value()).get();
            Claim cb = b.submit(() -> transitions.claim(id, "b").value()).get();
            long before = counter.getAsLong();
            while (ca != null || cb != null) {
                if (ca != null) {
                    Claim held = ca;
                    ca = a.submit(() -> transitions.finish(held, Outcome.produced("done", Map.of()), false, () -> true, id, "a").value()).get();
                }
                if (cb != null) {
                    Claim held = cb;
                    cb = b.submit(() -> transitions.finish(held, Outcome.produced("done", Map.of()), false, () -> true, id, "b").value()).get();
                }
            }
            long statements = counter.getAsLong() - before;
            ExecutionStatus status = store.read(tx -> tx.executions().get(id).orElseThrow().status());
            assertThat(status).isEqualTo(ExecutionStatus.COMPLETED);
            return statements;
        } finally {
            a.shutdownNow();
            b.shutdownNow();
        }
    }

    @Test
    void aBranchOfAFanOutRunsAsManyStatementsWhateverItsWidth(@TempDir Path dir) throws Exception {
        long narrow = statementsOfFanOut(Files.createDirectories(dir.resolve("narrow")), 50);
        long wide = statementsOfFanOut(Files.createDirectories(dir.resolve("wide")), 200);
        // linear in the width: four times the branches, about four times the statements (the merge's last arrival reads every branch once)
        assertThat(wide).as("statements of 200 branches against %d for 50", narrow).isLessThanOrEqualTo(narrow * 5);
    }

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

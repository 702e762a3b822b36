package dev.flow.bench;

import dev.flow.engine.Engine;
import dev.flow.engine.config.EngineOptions;
import dev.flow.engine.exec.Outcome;
import dev.flow.engine.exec.WorkExecutor;
import dev.flow.model.Edge;
import dev.flow.model.FlowGraph;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.Store;
import dev.flow.store.StoreKind;
import dev.flow.store.StoreOptions;
import dev.flow.store.open.Stores;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Nodes per second for 1, 2, 4 and 8 workers on SQLite and on PostgreSQL, side by side. A worker
 * here is a worker slot: a thread of one {@code Engine.serve(n)} with its own database connection,
 * claiming, running and completing nodes as {@code flow worker --concurrency n} does (separate
 * processes share the database the same way; threads leave out the JVMs' start-up). The work: 8
 * executions, each a fan-out of 50 in-process tasks and a merge (416 node runs), every task taking
 * {@code WORK_MS} of sleep (0: the store's own cost alone). Three stores: SQLite, a file in
 * {@code synchronous=NORMAL}; PostgreSQL, a local throwaway cluster with its durable defaults (fsync
 * and {@code synchronous_commit} on); and the same cluster with {@code ?synchronous_commit=off} in
 * the URL, which, like SQLite's NORMAL, may lose the last commits (never corrupt) when the machine or
 * the server crashes. In each round the three run one after the other, their order turned each
 * round (A B C, C B A), so that a shared machine's load falls on all alike; each figure is the best
 * of the rounds, printed with the load average at the time.
 *
 * <p>Usage: {@code bench/run.sh workers [WORK_MS...]} (default 0 and 20); {@code bench/run.sh workers --only
 * STORE WORKERS ROUNDS [WORK_MS]} runs one case alone, for a profiler.
 */
public final class WorkerScalingBench {
    private WorkerScalingBench() {}

    private static final int EXECUTIONS = 8;
    private static final int WIDTH = 50;
    private static final int[] WORKERS = {1, 2, 4, 8};
    private static final int ROUNDS = 2;
    private static final List<String> STORES = List.of("sqlite", "postgresql", "postgresql-async");

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--only")) {
            profile(args);
            return;
        }
        List<Integer> works = new ArrayList<>();
        for (String a : args) {
            works.add(Integer.parseInt(a));
        }
        if (works.isEmpty()) {
            works = List.of(0, 20);
        }
        System.out.printf(Locale.ROOT, "load average at start: %s%n", loadAverage());
        for (int work : works) {
            System.out.printf(Locale.ROOT, "%n%d executions x fan-out of %d in-process tasks of %d ms; nodes/s (best of %d, interleaved)%n",
                    EXECUTIONS, WIDTH, work, ROUNDS);
            System.out.printf(Locale.ROOT, "%-8s %10s %12s %18s %10s  %s%n", "workers", "sqlite", "postgresql", "pg sync_commit=off", "pg/sqlite",
                    "load average (1, 5, 15 min) after the row");
            var first = new LinkedHashMap<String, Double>();
            for (int workers : WORKERS) {
                var row = new LinkedHashMap<String, Double>();
                for (int round = 0; round < ROUNDS; round++) {
                    var order = new ArrayList<>(STORES);
                    if (round % 2 == 1) {
                        Collections.reverse(order);
                    }
                    for (String store : order) {
                        row.merge(store, once(store, workers, work), Math::max);
                    }
                }
                if (workers == 1) {
                    first.putAll(row);
                }
                System.out.printf(Locale.ROOT, "%-8d %10.0f %12.0f %18.0f %9.2fx  %s%n", workers, row.get("sqlite"), row.get("postgresql"),
                        row.get("postgresql-async"), row.get("postgresql") / row.get("sqlite"), loadAverage());
                System.out.printf(Locale.ROOT, "%-8s %9.2fx %11.2fx %17.2fx%n", "  vs 1", row.get("sqlite") / first.get("sqlite"),
                        row.get("postgresql") / first.get("postgresql"), row.get("postgresql-async") / first.get("postgresql-async"));
            }
        }
        System.out.printf(Locale.ROOT, "load average at end: %s%n", loadAverage());
    }

    /**
     * {@code --only STORE WORKERS ROUNDS [WORK_MS]}: one store and one number of workers, run ROUNDS
     * times, each rate printed, for a profiler (its samples then belong to that store alone).
     */
    private static void profile(String[] args) throws Exception {
        if (args.length < 4 || !STORES.contains(args[1])) {
            System.err.println("usage: --only " + String.join("|", STORES) + " WORKERS ROUNDS [WORK_MS]");
            System.exit(2);
        }
        int workers = Integer.parseInt(args[2]);
        int rounds = Integer.parseInt(args[3]);
        int work = args.length > 4 ? Integer.parseInt(args[4]) : 0;
        for (int r = 0; r < rounds; r++) {
            System.out.printf(Locale.ROOT, "%s, %d workers, %d ms tasks: %,.0f nodes/s | load %s%n", args[1], workers, work, once(args[1], workers, work),
                    loadAverage());
        }
    }

    private static Store open(String store, Path dir) {
        StoreOptions options = StoreOptions.DEFAULT.withArtifactsDir(dir.resolve("artifacts"));
        return switch (store) {
            case "sqlite" -> StoreKind.SQLITE.open(dir, options);
            case "postgresql" -> StoreKind.POSTGRESQL.open(dir, options);
            default -> Stores.open(StoreKind.POSTGRESQL.newAddress(dir) + "?synchronous_commit=off", options);
        };
    }

    private static double once(String storeName, int workers, int workMs) throws Exception {
        Path dir = Scratch.dir("flow-bench-workers-");
        WorkExecutor sleeper = (job, cancellation) -> {
            if (workMs > 0) {
                try {
                    Thread.sleep(workMs);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return Outcome.produced("done", Map.of());
        };
        var options = EngineOptions.builder().inProcessAgents(Map.of("noop", sleeper)).contractFooter(false).build();
        try (Store store = open(storeName, dir)) {
            var engine = new Engine(store, options);
            FlowGraph g = fanOut();
            var ids = new ArrayList<String>();
            for (int e = 0; e < EXECUTIONS; e++) {
                ids.add(engine.start(g, Map.of(), dir));
            }
            long t0 = System.nanoTime();
            try (var worker = engine.serve(workers)) {
                for (String id : ids) {
                    // the execution's row alone, every 20 ms: a status view's reads would compete with the workers for the server
                    ExecutionStatus status;
                    while (!(status = store.read(tx -> tx.executions().get(id).orElseThrow().status())).isFinal()) {
                        Thread.sleep(20);
                    }
                    if (status != ExecutionStatus.COMPLETED) {
                        throw new IllegalStateException(id + " ended " + status);
                    }
                }
                double seconds = (System.nanoTime() - t0) / 1e9;
                worker.stop(false);
                return EXECUTIONS * (WIDTH + 2.0) / seconds;
            }
        }
    }

    /** start -> fan -> w0..w49 -> join -> end, at most 8 at once. */
    private static FlowGraph fanOut() {
        var nodes = new ArrayList<Node>();
        var edges = new ArrayList<Edge>();
        nodes.add(Node.of("fan", new NodeSpec.Parallel(List.of(), null), null));
        nodes.add(Node.of("join", new NodeSpec.Merge(List.of(), null, null, null, null), null));
        edges.add(RuntimeBench.edge("start", "fan"));
        for (int i = 0; i < WIDTH; i++) {
            nodes.add(RuntimeBench.noopTask("w" + i));
            edges.add(RuntimeBench.edge("fan", "w" + i));
            edges.add(RuntimeBench.edge("w" + i, "join"));
        }
        edges.add(RuntimeBench.edge("join", "end"));
        return FlowGraph.of(RuntimeBench.workflow("fanout", nodes, edges, true, 8));
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).strip();
        } catch (IOException e) {
            return "unknown";
        }
    }
}

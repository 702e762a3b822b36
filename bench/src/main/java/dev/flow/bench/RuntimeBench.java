package dev.flow.bench;

import dev.flow.engine.Engine;
import dev.flow.engine.RunOutcome;
import dev.flow.engine.config.EngineOptions;
import dev.flow.engine.exec.Outcome;
import dev.flow.engine.exec.WorkExecutor;
import dev.flow.model.AgentDef;
import dev.flow.model.Command;
import dev.flow.model.Config;
import dev.flow.model.Edge;
import dev.flow.model.FlowGraph;
import dev.flow.model.LoopControl;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.Workflow;
import dev.flow.store.Durability;
import dev.flow.store.StoreOptions;
import dev.flow.store.sqlite.SqliteStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * The runtime's figures, measured in one run on one machine (see bench/README.md):
 * (a) SQLite's raw commit rate for a one-row transaction, the physical limit;
 * (b) the engine on a 10,000-node chain and on a 2-node loop run 10,000 times, with nodes that start
 *     no process, in nodes per second;
 * (c) a chain of 1,000 {@code true} processes;
 * (d) database bytes per executed node.
 * Each in both durability modes ({@code synchronous} NORMAL and FULL), each figure the best of three
 * runs (the machines this runs on are shared; the best run is the one least disturbed). Arguments:
 * {@code [--dir DIR] [--quick]}; the databases go under DIR (default: a fresh folder under {@code target/} in the current
 * directory), on the disk being measured.
 */
public final class RuntimeBench {
    private RuntimeBench() {}

    /** An agent implemented in Java: no process, so only the engine and the database are measured. */
    static final WorkExecutor NOOP = (job, cancellation) -> Outcome.produced("done", Map.of());

    private static final int RUNS = 3;

    public static void main(String[] args) throws Exception {
        Path dir = Path.of("target", "bench-runtime-" + System.currentTimeMillis());
        boolean quick = false;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--dir")) {
                dir = Path.of(args[++i]);
            } else if (args[i].equals("--quick")) {
                quick = true;
            }
        }
        Files.createDirectories(dir);
        int chain = quick ? 2000 : 10_000;
        int loops = quick ? 2000 : 10_000;
        int processes = quick ? 200 : 1000;
        System.out.printf(Locale.ROOT, "Flow runtime benchmark: %s, Java %s, %d cores, databases in %s%n", System.getProperty("os.name"),
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(), dir.toAbsolutePath());
        warmUp(dir);
        for (Durability mode : Durability.values()) {
            System.out.printf(Locale.ROOT, "%n== synchronous=%s%n", mode.name());
            double raw = 0;
            for (int i = 0; i < RUNS; i++) {
                raw = Math.max(raw, rawCommits(dir.resolve("raw-" + mode.keyword() + ".db"), mode, quick ? 1.0 : 2.0));
            }
            System.out.printf(Locale.ROOT, "(a) raw SQLite one-row commits:               %,10.0f commits/s%n", raw);
            Figure c1 = run(dir, mode, "chain-tasks", () -> chainOfTasks(chain));
            System.out.printf(Locale.ROOT, "(b) %,d-node chain, in-process tasks:       %,10.0f nodes/s  (%.2f of raw)  %,6.0f bytes/node%n", chain,
                    c1.perSecond(), c1.perSecond() / raw, c1.bytesPerNode());
            Figure c2 = run(dir, mode, "chain-control", () -> chainOfCheckpoints(chain));
            System.out.printf(Locale.ROOT, "(b) %,d-node chain, checkpoints:            %,10.0f nodes/s%n", chain, c2.perSecond());
            Figure l1 = run(dir, mode, "loop-tasks", () -> loop(loops, true));
            System.out.printf(Locale.ROOT, "(b) 2-node loop x %,d, in-process tasks:     %,10.0f nodes/s  (%.2f of raw)  %,6.0f bytes/node%n", loops,
                    l1.perSecond(), l1.perSecond() / raw, l1.bytesPerNode());
            Figure l2 = run(dir, mode, "loop-control", () -> loop(loops, false));
            System.out.printf(Locale.ROOT, "(b) 2-node loop x %,d, checkpoints:          %,10.0f nodes/s  %,6.0f bytes/node%n", loops,
                    l2.perSecond(), l2.bytesPerNode());
            Figure p = run(dir, mode, "processes", () -> chainOfProcesses(processes));
            System.out.printf(Locale.ROOT, "(c) chain of %,d 'true' processes:          %,10.0f nodes/s  (%.2f ms a node)%n", processes,
                    p.perSecond(), 1000.0 / p.perSecond());
            System.out.printf(Locale.ROOT, "(d) bytes per executed node: chain %,.0f, loop %,.0f (tasks); graph stored once: %,d bytes for the chain%n",
                    c1.bytesPerNode(), l1.bytesPerNode(), c1.graphBytes());
        }
    }

    /** Nodes per second and database growth of one run. */
    record Figure(long nodes, double seconds, long dbBytes, long graphBytes) {
        double perSecond() {
            return nodes / seconds;
        }

        double bytesPerNode() {
            return (double) (dbBytes - graphBytes) / nodes;
        }
    }

    /** Lets the JIT compile the engine's paths before anything is measured. */
    private static void warmUp(Path dir) throws Exception {
        for (int i = 0; i < 4; i++) {
            runOnce(dir, Durability.NORMAL, "warmup", () -> chainOfTasks(5000));
            runOnce(dir, Durability.NORMAL, "warmup", () -> loop(5000, true));
            runOnce(dir, Durability.NORMAL, "warmup", () -> chainOfCheckpoints(5000));
        }
    }

    /** The best of {@link #RUNS} runs. */
    private static Figure run(Path dir, Durability mode, String name, Supplier<Bench> make) throws Exception {
        Figure best = null;
        for (int i = 0; i < RUNS; i++) {
            Figure f = runOnce(dir, mode, name, make);
            if (best == null || f.perSecond() > best.perSecond()) {
                best = f;
            }
        }
        return best;
    }

    private static Figure runOnce(Path dir, Durability mode, String name, Supplier<Bench> make) throws Exception {
        Bench b = make.get();
        Path db = dir.resolve(name + "-" + mode.keyword() + ".db");
        deleteDb(db);
        var options = EngineOptions.builder().inProcessAgents(Map.of("noop", NOOP)).contractFooter(false).build();
        try (var store = SqliteStore.open(db, StoreOptions.DEFAULT.withDurability(mode).withArtifactsDir(dir.resolve("artifacts")))) {
            long before = size(store);
            var engine = new Engine(store, options);
            long t0 = System.nanoTime();
            String id = engine.start(b.graph(), Map.of(), dir);
            RunOutcome outcome = engine.run(id).outcome();
            double seconds = (System.nanoTime() - t0) / 1e9;
            if (outcome != RunOutcome.COMPLETED) {
                throw new IllegalStateException(name + " ended " + outcome + ": " + engine.result(id).report());
            }
            long after = size(store);
            long graphBytes = store.read(tx -> tx.workflows().graphJson(graphHash(store, id)).orElse("").length());
            return new Figure(b.nodes(), seconds, after - before, graphBytes);
        }
    }

    private static String graphHash(SqliteStore store, String id) {
        return store.read(tx -> tx.executions().get(id).orElseThrow().graphHash());
    }

    /** The database's size with the WAL folded in: pages in use times the page size. */
    private static long size(SqliteStore store) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + store.location()); Statement s = c.createStatement()) {
            s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
            var rs = s.executeQuery("SELECT (SELECT page_count FROM pragma_page_count) - (SELECT freelist_count FROM pragma_freelist_count), "
                    + "(SELECT page_size FROM pragma_page_size)");
            return rs.getLong(1) * rs.getLong(2);
        }
    }

    private static void deleteDb(Path db) throws IOException {
        for (String suffix : List.of("", "-wal", "-shm")) {
            Files.deleteIfExists(Path.of(db + suffix));
        }
    }

    /** A graph and the number of node executions it makes. */
    record Bench(FlowGraph graph, long nodes) {}

    static Node noopTask(String id) {
        return Node.of(id, NodeSpec.Task.builder().call(c -> c.agent(NameRef.of("noop"))).build(), null);
    }

    static Edge edge(String from, String to) {
        return new Edge(from + "->" + to, NameRef.of(from), NameRef.of(to), null, null, false, List.of(), null);
    }

    static Workflow workflow(String id, List<Node> body, List<Edge> edges, boolean noopAgent) {
        return workflow(id, body, edges, noopAgent, 1);
    }

    static Workflow workflow(String id, List<Node> body, List<Edge> edges, boolean noopAgent, int maxParallel) {
        var nodes = new ArrayList<Node>();
        nodes.add(Node.of("start", new NodeSpec.Start(), null));
        nodes.addAll(body);
        nodes.add(Node.of("end", new NodeSpec.End(), null));
        var agents = noopAgent ? List.of(new AgentDef("noop", "runs in the engine's JVM", null, null, Map.of(), null)) : List.<AgentDef>of();
        return Workflow.builder().id(id).agents(agents).nodes(nodes).edges(edges).config(new Config(maxParallel, true, null)).build();
    }

    private static Bench chain(int n, IntFunction<Node> node, boolean noopAgent) {
        var nodes = new ArrayList<Node>();
        var edges = new ArrayList<Edge>();
        String prev = "start";
        for (int i = 0; i < n; i++) {
            Node x = node.apply(i);
            nodes.add(x);
            edges.add(edge(prev, x.id()));
            prev = x.id();
        }
        edges.add(edge(prev, "end"));
        return new Bench(FlowGraph.of(workflow("chain", nodes, edges, noopAgent)), n);
    }

    static Bench chainOfTasks(int n) {
        return chain(n, i -> noopTask("n" + i), true);
    }

    static Bench chainOfCheckpoints(int n) {
        return chain(n, i -> Node.of("n" + i, new NodeSpec.Checkpoint(), null), false);
    }

    static Bench chainOfProcesses(int n) {
        return chain(n, i -> Node.of("n" + i, NodeSpec.Task.builder().command(new Command.Argv(List.of("true"), null)).build(), null), false);
    }

    /** a -> b -> a, the loop edge allowed {@code passes} passes, then on to end. */
    static Bench loop(int passes, boolean tasks) {
        Node a = tasks ? noopTask("a") : Node.of("a", new NodeSpec.Checkpoint(), null);
        Node b = tasks ? noopTask("b") : Node.of("b", new NodeSpec.Checkpoint(), null);
        var edges = List.of(edge("start", "a"), edge("a", "b"),
                new Edge("b->a", NameRef.of("b"), NameRef.of("a"), null, new LoopControl(passes, null), false, List.of(), null),
                new Edge("b->end", NameRef.of("b"), NameRef.of("end"), null, null, true, List.of(), null));
        return new Bench(FlowGraph.of(workflow("loop", List.of(a, b), edges, tasks)), 2L * passes);
    }

    /** (a): BEGIN IMMEDIATE, one INSERT, COMMIT, as fast as SQLite goes, on a WAL database, for {@code seconds}. */
    static double rawCommits(Path db, Durability mode, double seconds) throws Exception {
        deleteDb(db);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode=WAL");
            s.execute("PRAGMA synchronous=" + mode.name());
            s.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
            try (PreparedStatement begin = c.prepareStatement("BEGIN IMMEDIATE");
                 PreparedStatement insert = c.prepareStatement("INSERT INTO t (v) VALUES (?)");
                 PreparedStatement commit = c.prepareStatement("COMMIT")) {
                long t0 = System.nanoTime();
                long end = t0 + (long) (seconds * 1e9);
                long n = 0;
                while (System.nanoTime() < end) {
                    begin.execute();
                    insert.setString(1, "row " + n);
                    insert.executeUpdate();
                    commit.execute();
                    n++;
                }
                return n / ((System.nanoTime() - t0) / 1e9);
            }
        }
    }
}

package dev.flow.bench;

import dev.flow.bench.RuntimeBench.Bench;
import dev.flow.bench.peers.LangGraphRuns;
import dev.flow.engine.Engine;
import dev.flow.engine.RunOutcome;
import dev.flow.engine.config.EngineOptions;
import dev.flow.engine.exec.Outcome;
import dev.flow.engine.exec.WorkExecutor;
import dev.flow.model.Edge;
import dev.flow.model.FlowGraph;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.store.Durability;
import dev.flow.store.StoreOptions;
import dev.flow.store.sqlite.SqliteStore;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Flow and LangGraph4j side by side, in one run, on the same disk (bench/README.md, "Side by side"):
 * chains of 1,000, 10,000 and 100,000 nodes and a fan-out, in {@code synchronous} NORMAL and FULL
 * (LangGraph4j only up to {@link #PEER_MAX_CHAIN} nodes: it cannot build larger graphs in useful time).
 * Each node is Java code in the process that returns at once, so what is measured is each engine's
 * cost of a durable step: Flow with in-process tasks (a commit a node), LangGraph4j with a SQLite
 * checkpoint saver (a commit a checkpoint). The two alternate within each round (A B, then B A: the
 * load of a shared machine falls on both alike), and each round also measures SQLite's raw one-row
 * commit rate, the physical limit. Printed per workload: the median rate (nodes/s), the median CPU per
 * node (the whole process's CPU time, collector and compiler included, over the run), the median
 * of the rounds' Flow/LangGraph4j ratios, and each rate as a fraction of the raw commit rate.
 * Arguments: {@code [--quick] [--dir DIR] [--rounds N] [--sizes 1000,10000,100000] [--fanout W]
 * [--modes NORMAL,FULL] [--only flow|langgraph4j]} ({@code --only}: one side alone, for a profiler).
 */
public final class SideBySideBench {
    private SideBySideBench() {}

    private static final WorkExecutor NOOP = (job, cancellation) -> Outcome.produced("done", Map.of());

    /** One program on one workload: what it ran, how long, at what CPU, with how many commits (-1: not counted). */
    record Sample(long nodes, double seconds, double cpuSeconds, long commits) {
        double rate() {
            return nodes / seconds;
        }

        double cpuMsPerNode() {
            return cpuSeconds * 1000 / nodes;
        }
    }

    /** A workload: its name, and how each side runs it once on a fresh database. */
    record Workload(String name, int size, boolean fanOut) {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of("target", "bench-sidebyside-" + System.currentTimeMillis());
        boolean quick = false;
        Integer rounds = null;
        int[] sizes = null;
        Integer width = null;
        List<Durability> modes = List.of(Durability.NORMAL, Durability.FULL);
        String only = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--dir" -> dir = Path.of(args[++i]);
                case "--quick" -> quick = true;
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--sizes" -> sizes = Arrays.stream(args[++i].split(",")).mapToInt(Integer::parseInt).toArray();
                case "--fanout" -> width = Integer.parseInt(args[++i]);
                case "--only" -> only = args[++i];
                case "--modes" -> modes = Arrays.stream(args[++i].split(",")).map(m -> Durability.valueOf(m.toUpperCase(Locale.ROOT))).toList();
                default -> {
                    System.err.println("unknown argument '" + args[i] + "' (--quick, --dir DIR, --rounds N, --sizes A,B,C, --fanout W, --modes NORMAL,FULL, --only flow|langgraph4j)");
                    System.exit(2);
                }
            }
        }
        Files.createDirectories(dir);
        if (only != null) {
            // One side alone, for a profiler (its samples then belong to that side): no comparison is printed.
            profile(dir, only, modes, sizes == null ? new int[] {10_000} : sizes, width == null ? 0 : width, rounds == null ? 3 : rounds);
            return;
        }
        if (sizes == null) {
            sizes = quick ? new int[] {1000, 5000} : new int[] {1000, 10_000, 100_000};
        }
        int fan = width != null ? width : quick ? 200 : 1000;
        int n = rounds != null ? rounds : quick ? 2 : 3;
        System.out.printf(Locale.ROOT, "Side by side: Flow and LangGraph4j, %s, Java %s, %d cores, databases in %s%n", System.getProperty("os.name"),
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(), dir.toAbsolutePath());
        System.out.println("load average at start: " + loadAverage());
        warmUp(dir);
        var workloads = new ArrayList<Workload>();
        for (int s : sizes) {
            workloads.add(new Workload(String.format(Locale.ROOT, "chain %,d", s), s, false));
        }
        if (fan > 0) {
            workloads.add(new Workload(String.format(Locale.ROOT, "fan-out %,d", fan), fan, true));
        }
        var table = new ArrayList<String>();
        for (Durability mode : modes) {
            for (Workload w : workloads) {
                table.add(measure(dir, mode, w, n));
            }
        }
        System.out.printf(Locale.ROOT, "%n== Summary (medians of %d rounds; ratio: the median of each round's Flow/LangGraph4j)%n", n);
        System.out.println("mode   | workload        | Flow nodes/s | LG4J nodes/s | Flow/LG4J | Flow CPU ms/node | LG4J CPU ms/node | raw commits/s | Flow/raw | LG4J/raw");
        table.forEach(System.out::println);
        System.out.println("load average at end: " + loadAverage());
    }

    private static void profile(Path dir, String side, List<Durability> modes, int[] sizes, int width, int rounds) throws Exception {
        boolean flow = side.equals("flow");
        if (!flow && !side.equals("langgraph4j")) {
            System.err.println("--only takes flow or langgraph4j, not '" + side + "'");
            System.exit(2);
        }
        var workloads = new ArrayList<Workload>();
        for (int size : sizes) {
            workloads.add(new Workload(String.format(Locale.ROOT, "chain %,d", size), size, false));
        }
        if (width > 0) {
            workloads.add(new Workload(String.format(Locale.ROOT, "fan-out %,d", width), width, true));
        }
        for (Durability mode : modes) {
            for (Workload w : workloads) {
                for (int r = 0; r < rounds; r++) {
                    Sample s = flow ? flow(dir, mode, w) : langGraph(dir, mode, w);
                    System.out.printf(Locale.ROOT, "%-6s %s %-15s: %,9.0f nodes/s %6.3f ms CPU/node, %,d commits | load %s%n", mode, side, w.name(),
                            s.rate(), s.cpuMsPerNode(), s.commits(), loadAverage());
                }
            }
        }
    }

    private static void warmUp(Path dir) throws Exception {
        for (int i = 0; i < 3; i++) {
            flow(dir, Durability.NORMAL, new Workload("warm-up", 3000, false));
            langGraph(dir, Durability.NORMAL, new Workload("warm-up", 3000, false));
            flow(dir, Durability.NORMAL, new Workload("warm-up", 300, true));
            langGraph(dir, Durability.NORMAL, new Workload("warm-up", 300, true));
        }
    }

    /**
     * The largest chain LangGraph4j is given: building a graph with {@code StateGraph.addEdge} takes
     * time quadratic in its edges (a 100,000-node chain had not finished building after 8 minutes).
     */
    static final int PEER_MAX_CHAIN = 20_000;

    private static String measure(Path dir, Durability mode, Workload w, int rounds) throws Exception {
        if (!w.fanOut() && w.size() > PEER_MAX_CHAIN) {
            return flowAlone(dir, mode, w, rounds);
        }
        var flow = new ArrayList<Sample>();
        var peer = new ArrayList<Sample>();
        var ratios = new ArrayList<Double>();
        var raw = new ArrayList<Double>();
        for (int r = 0; r < rounds; r++) {
            raw.add(RuntimeBench.rawCommits(dir.resolve("raw.db"), mode, 1.0));
            Sample a;
            Sample b;
            if (r % 2 == 0) {
                a = flow(dir, mode, w);
                b = langGraph(dir, mode, w);
            } else {
                b = langGraph(dir, mode, w);
                a = flow(dir, mode, w);
            }
            flow.add(a);
            peer.add(b);
            ratios.add(a.rate() / b.rate());
            System.out.printf(Locale.ROOT, "%-6s %-15s round %d: Flow %,9.0f nodes/s %6.3f ms CPU/node, %,d commits | LangGraph4j %,9.0f nodes/s %6.3f ms CPU/node, %,d checkpoints | "
                    + "raw %,7.0f commits/s | load %s%n", mode, w.name(), r + 1, a.rate(), a.cpuMsPerNode(), a.commits(), b.rate(), b.cpuMsPerNode(), b.commits(),
                    raw.get(r), loadAverage());
        }
        double rawRate = median(raw);
        double flowRate = median(flow.stream().map(Sample::rate).toList());
        double peerRate = median(peer.stream().map(Sample::rate).toList());
        return String.format(Locale.ROOT, "%-6s | %-15s | %,12.0f | %,12.0f | %8.2fx | %16.3f | %16.3f | %,13.0f | %8.2f | %8.2f", mode, w.name(),
                flowRate, peerRate, median(ratios), median(flow.stream().map(Sample::cpuMsPerNode).toList()),
                median(peer.stream().map(Sample::cpuMsPerNode).toList()), rawRate, flowRate / rawRate, peerRate / rawRate);
    }

    /** Flow alone on a chain too long for LangGraph4j to build ({@link #PEER_MAX_CHAIN}), with the raw commit rate. */
    private static String flowAlone(Path dir, Durability mode, Workload w, int rounds) throws Exception {
        var flow = new ArrayList<Sample>();
        var raw = new ArrayList<Double>();
        for (int r = 0; r < rounds; r++) {
            raw.add(RuntimeBench.rawCommits(dir.resolve("raw.db"), mode, 1.0));
            Sample a = flow(dir, mode, w);
            flow.add(a);
            System.out.printf(Locale.ROOT, "%-6s %-15s round %d: Flow %,9.0f nodes/s %6.3f ms CPU/node, %,d commits | LangGraph4j not run (graph too large to build) | "
                    + "raw %,7.0f commits/s | load %s%n", mode, w.name(), r + 1, a.rate(), a.cpuMsPerNode(), a.commits(), raw.get(r), loadAverage());
        }
        double rawRate = median(raw);
        double flowRate = median(flow.stream().map(Sample::rate).toList());
        return String.format(Locale.ROOT, "%-6s | %-15s | %,12.0f | %12s | %9s | %16.3f | %16s | %,13.0f | %8.2f | %8s", mode, w.name(), flowRate, "-", "-",
                median(flow.stream().map(Sample::cpuMsPerNode).toList()), "-", rawRate, flowRate / rawRate, "-");
    }

    /** Flow: the graph built and the store opened (not timed), then the run started (its graph stored) and run to its end, timed. */
    static Sample flow(Path dir, Durability mode, Workload w) throws Exception {
        Path db = dir.resolve("flow-" + mode.keyword() + ".db");
        deleteDb(db);
        var options = EngineOptions.builder().inProcessAgents(Map.of("noop", NOOP)).contractFooter(false).build();
        Bench b = w.fanOut() ? fanOut(w.size()) : RuntimeBench.chainOfTasks(w.size());
        try (var store = SqliteStore.open(db, StoreOptions.DEFAULT.withDurability(mode).withArtifactsDir(dir.resolve("artifacts")))) {
            var engine = new Engine(store, options);
            System.gc();
            long cpu0 = processCpuNanos();
            long t0 = System.nanoTime();
            String id = engine.start(b.graph(), Map.of(), dir);
            RunOutcome outcome = engine.run(id).outcome();
            double seconds = (System.nanoTime() - t0) / 1e9;
            double cpu = (processCpuNanos() - cpu0) / 1e9;
            if (outcome != RunOutcome.COMPLETED) {
                throw new IllegalStateException("Flow's " + w.name() + " ended " + outcome + ": " + engine.result(id).report());
            }
            return new Sample(b.nodes(), seconds, cpu, store.commits());
        }
    }

    /** LangGraph4j: the graph built (not timed), then compiled and invoked to its end, timed (its saver opens the file). */
    static Sample langGraph(Path dir, Durability mode, Workload w) throws Exception {
        Path db = dir.resolve("lg4j-" + mode.keyword() + ".db");
        deleteDb(db);
        LangGraphRuns.Built built = w.fanOut() ? LangGraphRuns.fanOut(w.size()) : LangGraphRuns.chain(w.size());
        System.gc();
        long cpu0 = processCpuNanos();
        long t0 = System.nanoTime();
        LangGraphRuns.Done done = LangGraphRuns.run(built, db, mode);
        double seconds = (System.nanoTime() - t0) / 1e9;
        double cpu = (processCpuNanos() - cpu0) / 1e9;
        // The fan-out's fork and join count on Flow's side too (its parallel and merge nodes): count the branches alone on both.
        long nodes = w.fanOut() ? w.size() : done.nodes();
        return new Sample(nodes, seconds, cpu, done.checkpoints());
    }

    /** start -> a parallel node -> {@code width} in-process tasks -> a merge waiting for all -> end. */
    static Bench fanOut(int width) {
        var nodes = new ArrayList<Node>();
        var edges = new ArrayList<Edge>();
        nodes.add(Node.of("fork", new NodeSpec.Parallel(List.of(), null), null));
        nodes.add(Node.of("join", new NodeSpec.Merge(List.of(), null, null, null, null), null));
        edges.add(RuntimeBench.edge("start", "fork"));
        for (int i = 0; i < width; i++) {
            nodes.add(RuntimeBench.noopTask("b" + i));
            edges.add(RuntimeBench.edge("fork", "b" + i));
            edges.add(RuntimeBench.edge("b" + i, "join"));
        }
        edges.add(RuntimeBench.edge("join", "end"));
        return new Bench(FlowGraph.of(RuntimeBench.workflow("fanout", nodes, edges, true, FAN_OUT_SLOTS)), width);
    }

    /** Flow's worker slots for the fan-out's branches (its max parallel). */
    static final int FAN_OUT_SLOTS = 4;

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static double median(List<Double> xs) {
        double[] a = xs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }

    private static void deleteDb(Path db) throws IOException {
        for (String suffix : List.of("", "-wal", "-shm")) {
            Files.deleteIfExists(Path.of(db + suffix));
        }
    }

    static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).strip();
        } catch (IOException e) {
            return "unknown";
        }
    }
}

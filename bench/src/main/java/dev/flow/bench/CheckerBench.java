package dev.flow.bench;

import dev.flow.check.Checker;
import dev.flow.model.Command;
import dev.flow.model.Edge;
import dev.flow.model.FlowGraph;
import dev.flow.model.LoopControl;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.SourceRef;
import dev.flow.model.Workflow;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * How long the checker takes on large graphs: prints, for each shape, the median and best wall
 * time of nine runs after warming up, and the median CPU time of the checking thread (steadier
 * on a busy machine; garbage collection runs in other threads and is not in it). Run with
 * {@code java -cp <runtime classes and dependencies> dev.flow.bench.CheckerBench}.
 *
 * <ul>
 *   <li>chain: 100,000 tasks in a row (the common, acyclic case);
 *   <li>cycle: the same chain closed into one cycle without a limit (every node in one component);
 *   <li>loops: 10,000 nodes in blocks of ten, each block a loop with a limit;
 *   <li>ladder: two rails of 30 rungs, over a billion simple cycles.
 * </ul>
 */
public final class CheckerBench {
    private CheckerBench() {}

    public static void main(String[] args) {
        measure("chain 100,000", () -> chain(100_000, false));
        measure("cycle 100,000", () -> chain(100_000, true));
        measure("loops 10,000", () -> loops(1_000));
        measure("ladder 30", () -> ladder(30));
    }

    private static void measure(String name, Supplier<FlowGraph> build) {
        FlowGraph graph = build.get();
        int found = 0;
        for (int i = 0; i < 5; i++) {
            found = Checker.check(graph).size();
        }
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        Checker.check(graph);
        long allocated = (threads.getCurrentThreadAllocatedBytes() - before) >> 20;
        long[] wall = new long[9];
        long[] cpu = new long[wall.length];
        for (int i = 0; i < wall.length; i++) {
            long start = System.nanoTime();
            long startCpu = threads.getCurrentThreadCpuTime();
            Checker.check(graph);
            wall[i] = (System.nanoTime() - start) / 1_000_000;
            cpu[i] = (threads.getCurrentThreadCpuTime() - startCpu) / 1_000_000;
        }
        Arrays.sort(wall);
        Arrays.sort(cpu);
        System.out.printf("%-14s %7d nodes %7d edges  wall median %5d ms, best %5d ms  cpu median %5d ms  allocates %4d MB  (%d diagnostics)%n", name,
                graph.main().nodes().size(), graph.main().edges().size(), wall[wall.length / 2], wall[0], cpu[cpu.length / 2], allocated, found);
    }

    private static Node task(String id) {
        return Node.of(id, NodeSpec.Task.builder().command(new Command.Argv(List.of("true"), null)).build(),
                SourceRef.of("bench.flow", 0, 0, 1, 1));
    }

    private static Edge edge(String from, String to, LoopControl loop) {
        return new Edge(from + "->" + to, NameRef.of(from), NameRef.of(to), null, loop, false, List.of(), null);
    }

    private static FlowGraph workflow(List<Node> middle, List<Edge> edges) {
        var nodes = new ArrayList<Node>();
        nodes.add(Node.of(Node.START_ID, new NodeSpec.Start(), null));
        nodes.addAll(middle);
        nodes.add(Node.of(Node.END_ID, new NodeSpec.End(), null));
        return FlowGraph.of(Workflow.builder().id("bench").nodes(nodes).edges(edges).build());
    }

    private static FlowGraph chain(int n, boolean closed) {
        var nodes = new ArrayList<Node>();
        var edges = new ArrayList<Edge>();
        edges.add(edge("start", "t0", null));
        for (int i = 0; i < n; i++) {
            nodes.add(task("t" + i));
            if (i > 0) {
                edges.add(edge("t" + (i - 1), "t" + i, null));
            }
        }
        edges.add(edge("t" + (n - 1), "end", null));
        if (closed) {
            edges.add(edge("t" + (n - 1), "t0", null));
        }
        return workflow(nodes, edges);
    }

    private static FlowGraph loops(int blocks) {
        var nodes = new ArrayList<Node>();
        var edges = new ArrayList<Edge>();
        edges.add(edge("start", "n0_0", null));
        for (int b = 0; b < blocks; b++) {
            for (int i = 0; i < 10; i++) {
                nodes.add(task("n" + b + "_" + i));
                if (i > 0) {
                    edges.add(edge("n" + b + "_" + (i - 1), "n" + b + "_" + i, null));
                }
            }
            edges.add(edge("n" + b + "_9", "n" + b + "_0", new LoopControl(3, null)));
            edges.add(edge("n" + b + "_9", b == blocks - 1 ? "end" : "n" + (b + 1) + "_0", null));
        }
        return workflow(nodes, edges);
    }

    private static FlowGraph ladder(int n) {
        var nodes = new ArrayList<Node>();
        var edges = new ArrayList<Edge>();
        for (int i = 0; i <= n; i++) {
            nodes.add(task("a" + i));
            nodes.add(task("b" + i));
        }
        edges.add(edge("start", "a0", null));
        for (int i = 0; i < n; i++) {
            edges.add(edge("a" + i, "a" + (i + 1), null));
            edges.add(edge("a" + i, "b" + (i + 1), null));
            edges.add(edge("b" + i, "b" + (i + 1), null));
            edges.add(edge("b" + i, "a" + (i + 1), null));
        }
        edges.add(edge("a" + n, "a0", null));
        edges.add(edge("b" + n, "b0", null));
        edges.add(edge("a" + n, "end", null));
        edges.add(edge("b" + n, "end", null));
        return workflow(nodes, edges);
    }
}

package dev.flow.engine.it;

import dev.flow.model.Command;
import dev.flow.model.Edge;
import dev.flow.model.Expr;
import dev.flow.model.FlowGraph;
import dev.flow.model.GateDef;
import dev.flow.model.LoopControl;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.OutputDecl;
import dev.flow.model.Workflow;
import dev.flow.model.json.GraphJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Graphs for the process tests, written as compiled JSON files the way {@code flow compile} would. */
final class ProcessFlows {
    private ProcessFlows() {}

    /** Appends "NODE ITERATION" to effects.log: the effect every test counts. */
    static final String EFFECT = "echo \"$FLOW_NODE_ID $FLOW_ITERATION\" >> effects.log";

    static Path write(Path dir, FlowGraph g) throws IOException {
        Path file = dir.resolve(g.main().id() + ".json");
        Files.writeString(file, GraphJson.write(g));
        return file;
    }

    static Node task(String id, String line) {
        return Node.of(id, NodeSpec.Task.builder().command(new Command.Shell(line, null)).build(), null);
    }

    static Edge edge(String from, String to) {
        return new Edge(from + "->" + to, NameRef.of(from), NameRef.of(to), null, null, false, List.of(), null);
    }

    static Edge edge(String from, String to, Expr when, LoopControl loop) {
        return new Edge(from + "->" + to, NameRef.of(from), NameRef.of(to), when, loop, false, List.of(), null);
    }

    static Workflow workflow(String id, List<Node> nodes, List<Edge> edges, List<GateDef> gates, int maxParallel) {
        var all = new ArrayList<Node>();
        all.add(Node.of("start", new NodeSpec.Start(), null));
        all.addAll(nodes);
        all.add(Node.of("end", new NodeSpec.End(), null));
        return Workflow.builder().id(id).gates(gates).nodes(all).edges(edges).config(new dev.flow.model.Config(maxParallel, true, null)).build();
    }

    /**
     * A run with a chain, a loop whose gate fails twice, a fan-out of three and a task a test can
     * hold: every kind of transition the crash tests kill in the middle of. "slow" appends its
     * shell's pid to slow.marker, then waits while a file {@code hold} exists in the folder, so a
     * test decides when it delivers its effect instead of betting on how long a sleep lasts.
     */
    static FlowGraph crashable() {
        // Passes on the loop's third pass, however often a crash makes it run.
        var gate = new GateDef("tests", null, new Command.Shell(EFFECT + "; [ \"$FLOW_ITERATION\" -ge 3 ]", null), null, Map.of(), false,
                List.of(), List.of(), null, null);
        var nodes = new ArrayList<Node>(List.of(
                task("a", EFFECT),
                task("fix", EFFECT),
                Node.of("test", new NodeSpec.Gate(NameRef.of("tests")), null),
                Node.of("fan", new NodeSpec.Parallel(List.of(), null), null),
                task("p1", EFFECT), task("p2", EFFECT), task("p3", EFFECT),
                Node.of("join", new NodeSpec.Merge(List.of(), null, null, null, null), null),
                task("slow", "echo $$ >> slow.marker; while [ -e hold ]; do sleep 0.05; done; " + EFFECT),
                task("z", EFFECT)));
        var passed = new Expr.Ref("test.passed", null);
        var edges = List.of(
                edge("start", "a"), edge("a", "fix"), edge("fix", "test"),
                edge("test", "fan", passed, null),
                edge("test", "fix", new Expr.Unary(Expr.UnaryOp.NOT, passed, null), new LoopControl(5, null)),
                edge("fan", "p1"), edge("fan", "p2"), edge("fan", "p3"),
                edge("p1", "join"), edge("p2", "join"), edge("p3", "join"),
                edge("join", "slow"), edge("slow", "z"), edge("z", "end"));
        return FlowGraph.of(workflow("crashable", nodes, edges, List.of(gate), 3));
    }

    /** The effects a complete run of {@link #crashable()} leaves, each once. */
    static List<String> crashableEffects() {
        return List.of("a 1", "fix 1", "test 1", "fix 2", "test 2", "fix 3", "test 3", "p1 1", "p2 1", "p3 1", "slow 1", "z 1");
    }

    /** start -> fan -> w0..wN-1 -> join -> end, each task one effect. */
    static FlowGraph wide(int width, int maxParallel) {
        var nodes = new ArrayList<Node>();
        var edges = new ArrayList<Edge>();
        nodes.add(Node.of("fan", new NodeSpec.Parallel(List.of(), null), null));
        nodes.add(Node.of("join", new NodeSpec.Merge(List.of(), null, null, null, null), null));
        edges.add(edge("start", "fan"));
        for (int i = 0; i < width; i++) {
            nodes.add(task("w" + i, EFFECT));
            edges.add(edge("fan", "w" + i));
            edges.add(edge("w" + i, "join"));
        }
        edges.add(edge("join", "end"));
        return FlowGraph.of(workflow("wide", nodes, edges, List.of(), maxParallel));
    }

    /** build, then a person approves or rejects. */
    static FlowGraph approval() {
        var review = Node.builder().id("review").spec(new NodeSpec.Human("Ship it?", "Ship the build?", null))
                .outputs(List.of(OutputDecl.of("approved"), OutputDecl.of("rejected"))).build();
        var approved = new Expr.OutputTest(Expr.Quantifier.ANY, List.of(NameRef.of("approved")), null);
        var rejected = new Expr.OutputTest(Expr.Quantifier.ANY, List.of(NameRef.of("rejected")), null);
        var nodes = List.of(task("build", EFFECT), review, task("ship", EFFECT));
        var edges = List.of(edge("start", "build"), edge("build", "review"), edge("review", "ship", approved, null),
                edge("review", "end", rejected, null), edge("ship", "end"));
        return FlowGraph.of(workflow("approval", nodes, edges, List.of(), 2));
    }
}

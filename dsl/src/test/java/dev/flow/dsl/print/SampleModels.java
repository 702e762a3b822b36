package dev.flow.dsl.print;

import static dev.flow.testing.GraphBuilder.all;
import static dev.flow.testing.GraphBuilder.any;
import static dev.flow.testing.GraphBuilder.bin;
import static dev.flow.testing.GraphBuilder.lit;
import static dev.flow.testing.GraphBuilder.neg;
import static dev.flow.testing.GraphBuilder.not;

import dev.flow.model.AgentDef;
import dev.flow.model.Command;
import dev.flow.model.Config;
import dev.flow.model.Edge;
import dev.flow.model.Expr;
import dev.flow.model.Expr.BinaryOp;
import dev.flow.model.FlowGraph;
import dev.flow.model.GateDef;
import dev.flow.model.Input;
import dev.flow.model.Interrupt;
import dev.flow.model.Limits;
import dev.flow.model.LoopControl;
import dev.flow.model.Mapping;
import dev.flow.model.MergeStrategy;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.OutputDecl;
import dev.flow.model.OutputHandler;
import dev.flow.model.RetryPolicy;
import dev.flow.model.Sandbox;
import dev.flow.model.Severity;
import dev.flow.model.SourceRef;
import dev.flow.model.StateUpdate;
import dev.flow.model.StateVariable;
import dev.flow.model.Type;
import dev.flow.model.Value;
import dev.flow.model.WaitMode;
import dev.flow.model.Workflow;
import dev.flow.testing.GraphBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Graph models written by hand (as the YAML importer would build them) that use every feature the
 * language can express. Built node by node with edge ids of their own, unlike {@code GraphBuilder}'s
 * graphs: the printer writes those ids out and the round trip compares them.
 */
final class SampleModels {
    private SampleModels() {}

    static NameRef ref(String name) {
        return NameRef.of(name);
    }

    static Node node(String id, NodeSpec spec) {
        return Node.of(id, spec, SourceRef.NONE);
    }

    static Edge edge(String id, String from, String to, Expr condition) {
        return new Edge(id, ref(from), ref(to), condition, null, false, List.of(), SourceRef.NONE);
    }

    static Node start() {
        return node(Node.START_ID, new NodeSpec.Start());
    }

    static Node end() {
        return node(Node.END_ID, new NodeSpec.End());
    }

    static Workflow workflow(String id, List<Node> nodes, List<Edge> edges) {
        var all = new ArrayList<Node>();
        all.add(start());
        all.addAll(nodes);
        all.add(end());
        return Workflow.builder().id(id).nodes(all).edges(edges).build();
    }

    /** Every node kind, every optional component, every expression form: the canonical cousin of dev.flow.testing.SampleGraphs. */
    static FlowGraph everything() {
        var inputs = List.of(
                new Input("issue", Type.STRING, null, "What to fix", SourceRef.NONE),
                new Input("budget", Type.FLOAT, Value.of(2.5), null, SourceRef.NONE));
        var state = List.of(
                new StateVariable("attempts", Type.INT, Value.of(0L), null, SourceRef.NONE),
                new StateVariable("notes", Type.list(Type.STRING), new Value.ListOf(List.of(Value.of("a"))), "log", SourceRef.NONE),
                new StateVariable("level", Type.enumOf(List.of("low", "high")), Value.of("low"), null, SourceRef.NONE),
                new StateVariable("ok", Type.BOOL, Value.of(false), null, SourceRef.NONE),
                new StateVariable("anything", Type.ANY, Value.Null.INSTANCE, null, SourceRef.NONE),
                new StateVariable("ratio", Type.FLOAT, null, "no initial value", SourceRef.NONE));
        var gates = List.of(
                new GateDef("tests", "Run the tests", new Command.Argv(List.of("mvn", "-q", "test"), SourceRef.NONE), Duration.ofMinutes(10),
                        Map.of("CI", "1"), true, List.of("target/**"), List.of(ref("lint")), Severity.WARNING, SourceRef.NONE, "services/api"),
                new GateDef("lint", null, new Command.Shell("ruff check .", SourceRef.NONE), Duration.ofSeconds(90),
                        Map.of(), false, List.of(), List.of(), Severity.INFO, SourceRef.NONE),
                new GateDef("empty", null, new Command.Argv(List.of(), SourceRef.NONE), null, Map.of(), false, List.of(), List.of(), Severity.ERROR, SourceRef.NONE));
        var agents = List.of(new AgentDef("fake", "A scripted agent", new Command.Shell("./agents/fake.sh --json", SourceRef.NONE),
                AgentDef.PromptVia.FILE, Map.of("MODE", "test", "odd key", "x"),
                new Sandbox(true, false, List.of("~/.fake", "cache dir"), SourceRef.NONE), SourceRef.NONE, List.of("planner", "code reviewer")));

        Expr cond = bin(BinaryOp.AND, bin(BinaryOp.GE, GraphBuilder.ref("state.attempts"), lit(Value.of(3L))), not(GraphBuilder.ref("test.passed")));
        var meta = new LinkedHashMap<String, Value>();
        meta.put("ui", new Value.Obj(Map.of("x", Value.of(10L), "y", Value.of(2.5))));
        meta.put("needs quoting", new Value.ListOf(List.of(Value.Null.INSTANCE, Value.of(true))));
        var nodes = List.of(
                Node.builder().id("analyze").label("Analyze").description("Look at the bug")
                        .spec(NodeSpec.Task.builder()
                                .call(c -> c.agent(ref("fake")).role("debugger").prompt("Analyze: ${issue}\n\"quoted\"\ttab")
                                        .session(dev.flow.model.SessionMode.CONTINUE).contextFiles(List.of("README.md"))
                                        .inputs(List.of(new dev.flow.model.KvRef(ref("plan"), "ctx.goal", "goal", SourceRef.NONE),
                                                new dev.flow.model.KvRef(ref("run"), "odd \"key\"", null, SourceRef.NONE),
                                                new dev.flow.model.KvRef(ref("build"), "out.summary", "merge", SourceRef.NONE))))
                                .execution(e -> e.cwd("src").env(Map.of("X", "y")).gates(List.of(ref("tests"))))
                                .build())
                        .outputs(List.of(new OutputDecl("done", "finished", SourceRef.NONE), new OutputDecl("blocked", null, SourceRef.NONE)))
                        .retry(RetryPolicy.times(2, SourceRef.NONE).on(List.of(ref("blocked"))))
                        .timeout(Duration.ofMinutes(15))
                        .onOutput(List.of(new OutputHandler(ref("done"), List.of(
                                        new StateUpdate(ref("attempts"), StateUpdate.Op.SET, bin(BinaryOp.ADD, GraphBuilder.ref("state.attempts"), lit(Value.of(1L))), SourceRef.NONE),
                                        new StateUpdate(ref("notes"), StateUpdate.Op.APPEND, GraphBuilder.ref("output"), SourceRef.NONE)), SourceRef.NONE),
                                new OutputHandler(ref("blocked"), List.of(), SourceRef.NONE)))
                        .waitForIncoming(WaitMode.ALL)
                        .metadata(meta)
                        .source(SourceRef.NONE)
                        .build(),
                node("plan", NodeSpec.Task.builder()
                        .call(c -> c.role("planner").prompt("Plan: {input} {{literal}}").promptSyntax(dev.flow.model.PromptSyntax.FORMAT)).build()),
                Node.builder().id("build")
                        .spec(NodeSpec.Task.builder().command(new Command.Shell("make all", SourceRef.NONE))
                                .execution(e -> e.sandbox(Sandbox.none(SourceRef.NONE))).build())
                        .retry(new RetryPolicy(1, Duration.ofMillis(250), 3.5, Duration.ofDays(1), false, SourceRef.NONE))
                        .timeout(Duration.ofMillis(1500))
                        .waitForIncoming(WaitMode.ANY)
                        .source(SourceRef.NONE)
                        .build(),
                node("test", new NodeSpec.Gate(ref("tests"))),
                node("check", new NodeSpec.Branch(cond)),
                node("nocondition", new NodeSpec.Branch(null)),
                node("fan", new NodeSpec.Parallel(List.of(ref("a"), ref("b")), WaitMode.FIRST)),
                node("a", new NodeSpec.Checkpoint()),
                node("b", new NodeSpec.Checkpoint()),
                Node.builder().id("join").spec(new NodeSpec.Merge(List.of(ref("a"), ref("b")), WaitMode.ANY, MergeStrategy.INTERSECTION, ref("fake"), "Combine"))
                        .waitForIncoming(WaitMode.ALL).source(SourceRef.NONE).build(),
                node("plainjoin", new NodeSpec.Merge(List.of(), WaitMode.FIRST, MergeStrategy.FIRST, null, null)),
                node("sub", new NodeSpec.Subgraph(ref("child"),
                        List.of(new Mapping("topic", GraphBuilder.ref("input.issue"), SourceRef.NONE)),
                        List.of(new Mapping("verdict", GraphBuilder.ref("state.result"), SourceRef.NONE), new Mapping("status", GraphBuilder.ref("work.output"), SourceRef.NONE)))),
                Node.builder().id("approve").spec(new NodeSpec.Human("Approve?", "Ship it?", ref("no")))
                        .outputs(List.of(OutputDecl.of("yes"), OutputDecl.of("no"))).timeout(Duration.ofHours(24)).source(SourceRef.NONE).build());
        var edges = List.of(
                new Edge("e1", ref("start"), ref("analyze"), null, null, false, List.of(), SourceRef.NONE),
                new Edge("analyze->test", ref("analyze"), ref("test"), any("done"), null, false,
                        List.of(new Mapping("summary", GraphBuilder.ref("analyze.summary"), SourceRef.NONE), new Mapping("n", lit(Value.of(-1L)), SourceRef.NONE)), SourceRef.NONE),
                new Edge("e3", ref("test"), ref("analyze"),
                        bin(BinaryOp.IN, GraphBuilder.ref("state.level"), lit(new Value.ListOf(List.of(Value.of("low"), Value.of("high"))))),
                        new LoopControl(3, SourceRef.NONE), false, List.of(), SourceRef.NONE),
                new Edge("test->end", ref("test"), ref("end"), null, null, true, List.of(), SourceRef.NONE),
                new Edge("approve->end", ref("approve"), ref("end"),
                        bin(BinaryOp.STARTS_WITH, GraphBuilder.ref("approve.answer"), lit(Value.of("y"))), null, false, List.of(), SourceRef.NONE),
                edge("check->fan", "check", "fan", any("on_true")),
                edge("fan->a", "fan", "a", null),
                edge("fan->b", "fan", "b", null),
                edge("a->join", "a", "join", null),
                edge("b->join", "b", "join", null),
                edge("join->sub", "join", "sub", all("done")),
                edge("sub->approve", "sub", "approve", null),
                edge("approve->analyze", "approve", "analyze", any("no", "maybe")));
        var interrupts = List.of(
                new Interrupt(Interrupt.Timing.BEFORE, ref("approve"), bin(BinaryOp.GT, GraphBuilder.ref("input.budget"), lit(Value.of(1.0))), "Proceed?", true, SourceRef.NONE),
                new Interrupt(Interrupt.Timing.AFTER, ref("analyze"), null, null, false, SourceRef.NONE));
        var completion = List.<Expr>of(all("yes"), GraphBuilder.ref("approve.yes"));
        var main = Workflow.builder().id("debug").name("Debug loop").version("1.2").description("Fix bugs in a loop")
                .inputs(inputs).state(state).gates(gates).agents(agents).nodes(with(nodes)).edges(edges)
                .limits(new Limits(100L, Duration.ofHours(1), 10.0, SourceRef.NONE))
                .interrupts(interrupts)
                .completion(completion)
                .config(new Config(3, false, new Sandbox(true, true, List.of(), SourceRef.NONE), dev.flow.model.Isolation.NONE, null, SourceRef.NONE))
                .source(SourceRef.NONE)
                .build();
        var work = NodeSpec.Task.builder().call(c -> c.agent(ref("claude")).prompt("Work on ${topic}"))
                .execution(e -> e.sandbox(new Sandbox(true, true, List.of("/var/cache/work"), SourceRef.NONE))).build();
        var child = Workflow.builder().id("child")
                .inputs(List.of(new Input("topic", Type.STRING, null, null, SourceRef.NONE)))
                .state(List.of(new StateVariable("result", Type.STRING, Value.of(""), null, SourceRef.NONE)))
                .nodes(with(List.of(node("work", work))))
                .edges(List.of(edge("start->work", "start", "work", null), edge("work->end", "work", "end", null)))
                .limits(new Limits(null, null, 0.5, SourceRef.NONE))
                .source(SourceRef.NONE)
                .build();
        return new FlowGraph(main, List.of(child));
    }

    private static List<Node> with(List<Node> nodes) {
        var all = new ArrayList<Node>();
        all.add(start());
        all.addAll(nodes);
        all.add(end());
        return all;
    }

    /** Names that need escaping, ids that collide with derived ones, and names that resolve differently when bare. */
    static FlowGraph awkwardNames() {
        var nodes = List.of(
                node("merge", NodeSpec.Task.builder().build()),
                node("run-tests", new NodeSpec.Gate(ref("test gate"))),
                node("fail", new NodeSpec.Checkpoint()),
                node("x", new NodeSpec.Checkpoint()),
                Node.builder().id("passed").spec(new NodeSpec.Checkpoint()).outputs(List.of(OutputDecl.of("if"), OutputDecl.of("done")))
                        .source(SourceRef.NONE).build());
        var edges = List.of(
                edge("merge->run-tests", "merge", "run-tests", null),
                edge("run-tests->fail", "run-tests", "fail", any("passed")),
                edge("merge->run-tests#2", "merge", "run-tests", any("failed")),
                edge("run-tests->fail#2", "run-tests", "fail", GraphBuilder.ref("run-tests.passed")),
                edge("fail->x", "fail", "x", bin(BinaryOp.AND, GraphBuilder.ref("state.x"), GraphBuilder.ref("input.x"))),
                edge("x->passed", "x", "passed", bin(BinaryOp.OR, GraphBuilder.ref("x.output"), GraphBuilder.ref("state.done"))),
                edge("passed->end", "passed", "end", bin(BinaryOp.OR, any("if"), GraphBuilder.ref("state.done"))),
                edge("passed->end#2", "passed", "end", bin(BinaryOp.OR, any("done"), GraphBuilder.ref("input.if"))),
                edge("custom id", "passed", "end", GraphBuilder.ref("unknown_thing")),
                edge("start->merge", "start", "merge", null),
                edge("merge->run-tests#3", "merge", "run-tests", GraphBuilder.ref("state.unknown.deep")));
        var w = workflow("parallel-review", nodes, edges);
        return FlowGraph.of(w.toBuilder().name("Parallel \\ review")
                .inputs(List.of(new Input("x", Type.BOOL, Value.of(true), null, SourceRef.NONE), new Input("if", Type.BOOL, null, null, SourceRef.NONE)))
                .state(List.of(new StateVariable("x", Type.BOOL, null, null, SourceRef.NONE), new StateVariable("done", Type.BOOL, null, null, SourceRef.NONE)))
                .gates(List.of(new GateDef("test gate", null, null, null, Map.of(), false, List.of(), List.of(), null, SourceRef.NONE)))
                .build());
    }

    /** Expressions whose parentheses, signs and constants are easy to get wrong. */
    static FlowGraph trickyExpressions() {
        var conditions = List.of(
                bin(BinaryOp.AND, bin(BinaryOp.OR, GraphBuilder.ref("state.a"), GraphBuilder.ref("state.b")), GraphBuilder.ref("state.c")),
                not(bin(BinaryOp.AND, GraphBuilder.ref("state.a"), GraphBuilder.ref("state.b"))),
                bin(BinaryOp.EQ, not(GraphBuilder.ref("state.a")), lit(Value.of(false))),
                bin(BinaryOp.EQ, bin(BinaryOp.EQ, GraphBuilder.ref("state.n"), lit(Value.of(1L))), lit(Value.of(true))),
                bin(BinaryOp.SUB, GraphBuilder.ref("state.n"), bin(BinaryOp.SUB, lit(Value.of(1L)), lit(Value.of(2L)))),
                bin(BinaryOp.DIV, bin(BinaryOp.MUL, GraphBuilder.ref("state.n"), lit(Value.of(2L))), bin(BinaryOp.ADD, lit(Value.of(-1L)), lit(Value.of(-0.5)))),
                bin(BinaryOp.LT, neg(lit(Value.of(5L))), neg(neg(GraphBuilder.ref("state.n")))),
                bin(BinaryOp.GT, neg(lit(Value.of(-5L))), neg(bin(BinaryOp.ADD, GraphBuilder.ref("state.n"), lit(Value.of(1L))))),
                bin(BinaryOp.NOT_IN, lit(Value.of("a\u0001\\b\"")), lit(new Value.ListOf(List.of(new Value.ListOf(List.of()), Value.of(1e-7), Value.of(1e20), Value.of(-0.0))))),
                bin(BinaryOp.ENDS_WITH, GraphBuilder.ref("output.text"), lit(Value.of("é ✓"))),
                bin(BinaryOp.CONTAINS, lit(Value.Null.INSTANCE), lit(Value.of(Long.MAX_VALUE))),
                not(not(GraphBuilder.ref("state.a"))));
        var edges = new ArrayList<Edge>();
        for (int i = 0; i < conditions.size(); i++) {
            edges.add(edge("start->end" + (i == 0 ? "" : "#" + (i + 1)), "start", "end", conditions.get(i)));
        }
        var w = workflow("tricky", List.of(), edges);
        return FlowGraph.of(w.toBuilder()
                .state(List.of(new StateVariable("a", Type.BOOL, null, null, SourceRef.NONE), new StateVariable("b", Type.BOOL, null, null, SourceRef.NONE),
                        new StateVariable("c", Type.BOOL, null, null, SourceRef.NONE), new StateVariable("n", Type.INT, null, null, SourceRef.NONE)))
                .build());
    }
}

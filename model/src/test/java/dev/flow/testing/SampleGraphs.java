package dev.flow.testing;

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
import dev.flow.model.Isolation;
import dev.flow.model.KvRef;
import dev.flow.model.Limits;
import dev.flow.model.LoopControl;
import dev.flow.model.Mapping;
import dev.flow.model.MergeStrategy;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.OutputDecl;
import dev.flow.model.OutputHandler;
import dev.flow.model.PromptSyntax;
import dev.flow.model.RetryPolicy;
import dev.flow.model.Sandbox;
import dev.flow.model.SessionMode;
import dev.flow.model.Severity;
import dev.flow.model.SourceRef;
import dev.flow.model.StateUpdate;
import dev.flow.model.StateVariable;
import dev.flow.model.Type;
import dev.flow.model.Value;
import dev.flow.model.WaitMode;
import dev.flow.model.Workflow;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** A graph that uses every element of the model, with a position on each: for tests of everything that reads or writes the model (JSON, renderers, the checker). */
public final class SampleGraphs {
    private SampleGraphs() {}

    static SourceRef at(int line, int column, int length) {
        return new SourceRef("sample.flow", line * 100 + column, length, line, column, line, column + length);
    }

    static NameRef ref(String name, int line, int column) {
        return new NameRef(name, at(line, column, name.length()));
    }

    /** A workflow with every node kind, every expression form and every optional component set. */
    public static FlowGraph everything() {
        var inputs = List.of(
                new Input("issue", Type.STRING, null, "What to fix", at(2, 5, 20)),
                new Input("budget", Type.FLOAT, Value.of(2.5), null, at(3, 5, 20)));
        var state = List.of(
                new StateVariable("attempts", Type.INT, Value.of(0L), null, at(5, 5, 10)),
                new StateVariable("notes", Type.list(Type.STRING), new Value.ListOf(List.of(Value.of("a"))), "log", at(6, 5, 10)),
                new StateVariable("level", Type.enumOf(List.of("low", "high")), Value.of("low"), null, at(7, 5, 10)),
                new StateVariable("ok", Type.BOOL, Value.of(false), null, at(8, 5, 10)),
                new StateVariable("anything", Type.ANY, Value.Null.INSTANCE, null, at(9, 5, 10)));
        var gates = List.of(new GateDef("tests", "Run the tests",
                new Command.Argv(List.of("mvn", "-q", "test"), at(11, 15, 20)), Duration.ofMinutes(10),
                Map.of("CI", "1"), true, List.of("target/**"), List.of(ref("lint", 11, 40)), Severity.WARNING, at(11, 5, 40), "services/api"));
        var agents = List.of(new AgentDef("fake", "A scripted agent",
                new Command.Shell("./agents/fake.sh --json", at(13, 10, 20)), AgentDef.PromptVia.FILE, Map.of("MODE", "test"),
                new Sandbox(true, false, List.of("~/.fake"), at(13, 40, 20)), at(13, 5, 30), List.of("planner", "reviewer")));

        Expr cond = new Expr.Binary(BinaryOp.AND,
                new Expr.Binary(BinaryOp.GE, new Expr.Ref("state.attempts", at(20, 5, 14)), new Expr.Literal(Value.of(3L), at(20, 23, 1)), at(20, 5, 19)),
                new Expr.Unary(Expr.UnaryOp.NOT, new Expr.Ref("test.passed", at(20, 29, 11)), at(20, 28, 12)),
                at(20, 5, 35));
        var nodes = List.of(
                Node.of("start", new NodeSpec.Start(), at(1, 1, 5)),
                Node.builder().id("analyze").label("Analyze").description("Look at the bug")
                        .spec(NodeSpec.Task.builder()
                                .call(c -> c.agent(ref("fake", 15, 20)).role("debugger").prompt("Analyze: ${issue}").session(SessionMode.CONTINUE)
                                        .contextFiles(List.of("README.md"))
                                        .inputs(List.of(new KvRef(ref("plan", 15, 115), "ctx.goal", "goal", at(15, 108, 22)),
                                                new KvRef(ref("run", 15, 135), "ctx.decisions", null, at(15, 135, 20)))))
                                .execution(e -> e.cwd("src").env(Map.of("X", "y")).gates(List.of(ref("tests", 15, 60))))
                                .build())
                        .outputs(List.of(new OutputDecl("done", "finished", at(15, 70, 4)), new OutputDecl("blocked", null, at(15, 76, 7))))
                        .retry(RetryPolicy.times(2, at(15, 90, 7)).on(List.of(ref("blocked", 15, 100))))
                        .timeout(Duration.ofMinutes(15))
                        .onOutput(List.of(new OutputHandler(ref("done", 16, 8), List.of(
                                new StateUpdate(ref("attempts", 16, 17), StateUpdate.Op.SET,
                                        new Expr.Binary(BinaryOp.ADD, new Expr.Ref("attempts", at(16, 28, 8)), new Expr.Literal(Value.of(1L), at(16, 39, 1)), at(16, 28, 12)), at(16, 13, 30)),
                                new StateUpdate(ref("notes", 16, 50), StateUpdate.Op.APPEND, new Expr.Ref("output", at(16, 60, 6)), at(16, 45, 25))), at(16, 5, 60))))
                        .waitForIncoming(WaitMode.ALL)
                        .metadata(Map.of("ui", new Value.Obj(Map.of("x", Value.of(10L), "y", Value.of(2.5)))))
                        .source(at(15, 5, 100))
                        .build(),
                Node.of("build", NodeSpec.Task.builder().command(new Command.Shell("make all", at(17, 12, 10)))
                        .execution(e -> e.sandbox(Sandbox.none(at(17, 30, 12)))).build(), at(17, 5, 30)),
                Node.of("plan", NodeSpec.Task.builder().call(c -> c.role("planner").prompt("Plan: {input}").promptSyntax(PromptSyntax.FORMAT)).build(),
                        at(17, 40, 20)),
                Node.of("test", new NodeSpec.Gate(ref("tests", 18, 15)), at(18, 5, 20)),
                Node.of("check", new NodeSpec.Branch(cond), at(19, 5, 40)),
                Node.of("fan", new NodeSpec.Parallel(List.of(ref("a", 21, 10), ref("b", 21, 13)), WaitMode.FIRST), at(21, 5, 20)),
                Node.of("a", new NodeSpec.Checkpoint(), at(22, 5, 10)),
                Node.of("b", new NodeSpec.Checkpoint(), at(23, 5, 10)),
                Node.of("join", new NodeSpec.Merge(List.of(ref("a", 24, 10), ref("b", 24, 13)), WaitMode.ANY, MergeStrategy.INTERSECTION, ref("fake", 24, 20), "Combine"), at(24, 5, 30)),
                Node.of("sub", new NodeSpec.Subgraph(ref("child", 25, 10),
                        List.of(new Mapping("topic", new Expr.Ref("issue", at(25, 30, 5)), at(25, 22, 13))),
                        List.of(new Mapping("verdict", new Expr.Ref("state.result", at(25, 50, 12)), at(25, 40, 22)))), at(25, 5, 60)),
                Node.builder().id("approve").spec(new NodeSpec.Human("Approve?", "Ship it?", ref("no", 26, 40)))
                        .outputs(List.of(OutputDecl.of("yes"), OutputDecl.of("no"))).timeout(Duration.ofHours(24)).source(at(26, 5, 50)).build(),
                Node.of("end", new NodeSpec.End(), at(30, 1, 3)));
        var edges = List.of(
                new Edge("e1", ref("start", 40, 5), ref("analyze", 40, 14), null, null, false, List.of(), at(40, 5, 20)),
                new Edge("e2", ref("analyze", 41, 5), ref("test", 41, 16), new Expr.OutputTest(Expr.Quantifier.ANY, List.of(ref("done", 41, 30)), at(41, 26, 9)), null, false,
                        List.of(new Mapping("summary", new Expr.Ref("analyze.summary", at(41, 50, 15)), at(41, 40, 25))), at(41, 5, 60)),
                new Edge("e3", ref("test", 42, 5), ref("analyze", 42, 13),
                        new Expr.Binary(BinaryOp.IN, new Expr.Ref("level", at(42, 30, 5)), new Expr.Literal(new Value.ListOf(List.of(Value.of("low"), Value.of("high"))), at(42, 39, 15)), at(42, 30, 24)),
                        new LoopControl(3, at(42, 22, 10)), false, List.of(), at(42, 5, 50)),
                new Edge("e4", ref("test", 43, 5), ref("end", 43, 13), null, null, true, List.of(), at(43, 5, 20)),
                new Edge("e5", ref("approve", 44, 5), ref("end", 44, 16),
                        new Expr.Binary(BinaryOp.STARTS_WITH, new Expr.Ref("approve.answer", at(44, 30, 14)), new Expr.Literal(Value.of("y"), at(44, 57, 3)), at(44, 30, 30)),
                        null, false, List.of(), at(44, 5, 60)));
        var interrupts = List.of(new Interrupt(Interrupt.Timing.BEFORE, ref("approve", 50, 12),
                new Expr.Binary(BinaryOp.GT, new Expr.Ref("budget", at(50, 30, 6)), new Expr.Literal(Value.of(1.0), at(50, 39, 3)), at(50, 30, 12)),
                "Proceed?", true, at(50, 5, 60)));
        var completion = List.<Expr>of(new Expr.OutputTest(Expr.Quantifier.ALL, List.of(ref("yes", 51, 20)), at(51, 16, 8)));
        var main = Workflow.builder().id("debug").name("Debug loop").version("1.2").description("Fix bugs in a loop")
                .inputs(inputs).state(state).gates(gates).agents(agents).nodes(nodes).edges(edges)
                .limits(new Limits(100L, Duration.ofHours(1), 10.0, at(52, 5, 30)))
                .interrupts(interrupts)
                .completion(completion)
                .config(new Config(3, false, new Sandbox(true, true, List.of(), at(54, 5, 7)), Isolation.NONE, null, at(53, 5, 14)))
                .source(at(1, 1, 500))
                .build();
        var child = Workflow.builder().id("child")
                .inputs(List.of(new Input("topic", Type.STRING, null, null, at(60, 5, 10))))
                .nodes(List.of(Node.of("start", new NodeSpec.Start(), SourceRef.NONE), Node.of("end", new NodeSpec.End(), SourceRef.NONE)))
                .edges(List.of(new Edge("start->end", NameRef.of("start"), NameRef.of("end"), null, null, false, List.of(), SourceRef.NONE)))
                .source(at(60, 1, 100))
                .build();
        return new FlowGraph(main, List.of(child));
    }
}

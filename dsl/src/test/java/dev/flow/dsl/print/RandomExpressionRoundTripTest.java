package dev.flow.dsl.print;

import static dev.flow.dsl.print.SampleModels.edge;
import static dev.flow.dsl.print.SampleModels.ref;

import dev.flow.model.Expr;
import dev.flow.model.Expr.BinaryOp;
import dev.flow.model.FlowGraph;
import dev.flow.model.Input;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.OutputDecl;
import dev.flow.model.SourceRef;
import dev.flow.model.StateVariable;
import dev.flow.model.Type;
import dev.flow.model.Value;
import dev.flow.model.Workflow;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random condition trees (seeded, so a failure reproduces) survive printing and reading: the
 * printer's parentheses, signs and name qualification agree with the grammar for any shape.
 */
class RandomExpressionRoundTripTest {

    private static final List<String> PATHS = List.of(
            "state.n", "state.flag", "state.done", "input.issue", "input.n", "a.summary", "a.data.x", "output", "output.text",
            "unknown", "b.passed");

    private final Random random = new Random(20260121);

    @Test
    void threeHundredRandomConditionsSurvivePrintingAndReading() {
        for (int i = 0; i < 300; i++) {
            Expr condition = expr(4);
            PrinterRoundTripTest.roundTrip(FlowGraph.of(workflowWith(condition)));
        }
    }

    private Workflow workflowWith(Expr condition) {
        var nodes = List.of(
                Node.of("start", new NodeSpec.Start(), SourceRef.NONE),
                Node.builder().id("a").spec(NodeSpec.Task.builder().build()).outputs(List.of(OutputDecl.of("done"), OutputDecl.of("blocked")))
                        .source(SourceRef.NONE).build(),
                Node.of("b", new NodeSpec.Gate(ref("g")), SourceRef.NONE),
                Node.of("end", new NodeSpec.End(), SourceRef.NONE));
        var edges = List.of(edge("start->a", "start", "a", null), edge("a->end", "a", "end", condition),
                edge("a->b", "a", "b", null), edge("b->end", "b", "end", condition));
        return Workflow.builder().id("random")
                .inputs(List.of(new Input("issue", Type.STRING, null, null, SourceRef.NONE), new Input("n", Type.INT, null, null, SourceRef.NONE)))
                .state(List.of(new StateVariable("n", Type.INT, null, null, SourceRef.NONE), new StateVariable("flag", Type.BOOL, null, null, SourceRef.NONE),
                        new StateVariable("done", Type.BOOL, null, null, SourceRef.NONE)))
                .nodes(nodes)
                .edges(edges)
                .source(SourceRef.NONE)
                .build();
    }

    private Expr expr(int depth) {
        int choice = random.nextInt(depth <= 0 ? 3 : 6);
        return switch (choice) {
            case 0 -> new Expr.Ref(PATHS.get(random.nextInt(PATHS.size())), SourceRef.NONE);
            case 1 -> new Expr.Literal(value(2), SourceRef.NONE);
            case 2 -> new Expr.OutputTest(random.nextBoolean() ? Expr.Quantifier.ANY : Expr.Quantifier.ALL,
                    random.ints(1 + random.nextInt(2), 0, 4).mapToObj(k -> ref(List.of("done", "blocked", "passed", "zzz").get(k))).toList(),
                    SourceRef.NONE);
            case 3 -> new Expr.Unary(random.nextBoolean() ? Expr.UnaryOp.NOT : Expr.UnaryOp.NEGATE, expr(depth - 1), SourceRef.NONE);
            default -> new Expr.Binary(BinaryOp.values()[random.nextInt(BinaryOp.values().length)], expr(depth - 1), expr(depth - 1), SourceRef.NONE);
        };
    }

    private Value value(int depth) {
        return switch (random.nextInt(depth <= 0 ? 5 : 6)) {
            case 0 -> Value.of((long) random.nextInt(2001) - 1000);
            case 1 -> Value.of(Math.round((random.nextDouble() - 0.5) * 1e6) / 1e3);
            case 2 -> Value.of(List.of("", "a", "x\"y", "tab\there", "ü").get(random.nextInt(5)));
            case 3 -> Value.of(random.nextBoolean());
            case 4 -> Value.Null.INSTANCE;
            default -> {
                var items = new ArrayList<Value>();
                for (int i = random.nextInt(3); i > 0; i--) {
                    items.add(value(depth - 1));
                }
                yield new Value.ListOf(items);
            }
        };
    }
}

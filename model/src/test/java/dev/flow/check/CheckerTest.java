package dev.flow.check;

import static dev.flow.check.Findings.codes;
import static dev.flow.check.Findings.of;
import static dev.flow.check.TestFlow.agent;
import static dev.flow.check.TestFlow.branches;
import static dev.flow.check.TestFlow.command;
import static dev.flow.check.TestFlow.escalateTo;
import static dev.flow.check.TestFlow.planner;
import static dev.flow.check.TestFlow.defaultOutput;
import static dev.flow.check.TestFlow.formatPrompt;
import static dev.flow.check.TestFlow.on;
import static dev.flow.check.TestFlow.outputs;
import static dev.flow.check.TestFlow.prompt;
import static dev.flow.check.TestFlow.reads;
import static dev.flow.check.TestFlow.retry;
import static dev.flow.check.TestFlow.timeout;
import static dev.flow.check.TestFlow.waitFor;
import static dev.flow.check.TestFlow.with;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.Edge;
import dev.flow.model.FlowGraph;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.testing.SampleGraphs;
import dev.flow.model.SourceRef;
import dev.flow.model.Workflow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CheckerTest {

    /** The codes this checker owns: 1xx-5xx, except those only front ends can see. */
    private static Set<Code> checkerCodes() {
        var codes = EnumSet.noneOf(Code.class);
        for (Code code : Code.values()) {
            char range = code.id().charAt(4);
            if (range >= '1' && range <= '5') {
                codes.add(code);
            }
        }
        codes.remove(Code.UNKNOWN_IMPORT);
        codes.remove(Code.MALFORMED_CONDITION);
        return codes;
    }

    @Test
    void aGraphWithEveryKindOfProblemReportsThemAll() {
        var child = TestFlow.workflow("child")
                .input("topic", "string")
                .subgraph("back", "everything")
                .edge("start -> back -> end");
        var flow = TestFlow.workflow("everything")
                .input("issue", "int", "\"text\"")                                   // 506
                .state("n", "int", "0")
                .state("n", "int", "0")                                              // 103
                .gateDef("tests", timeout(Duration.ZERO))                           // 503
                .maxParallel(0)                                                     // 505
                .limits(0L, null, null)                                             // 502
                .agentPermissions("claude", "writes")                               // 510
                .agentPermissions("codex", "full")                                  // 511 (runs e1, outside a sandbox)
                .task("a", agent("claud"), command("make"), outputs("done", "blocked"),   // 203, 106
                        prompt("${isue}"), retry(-1, Duration.ofSeconds(1), 2, Duration.ofSeconds(5)),  // 407, 504
                        on("done", "set m = 1"))                                    // 204
                .task("a", command("true"))                                         // 101
                .task("start", command("true"))                                     // 104
                .task("idle")                                                       // 105
                .task("fmt", agent("claude"), formatPrompt("Fix {}"))               // 408
                .gate("check", "tset")                                              // 202
                .subgraph("sub", "chld")                                            // 205
                .subgraph("call", "child", with("topc", "1"))                       // 208, 311 via child
                .parallel("fan", branches("x", "y", "check"))                       // 314, 309
                .task("x", command("true"))
                .task("y", command("true"))
                .merge("join", waitFor("x", "a"))                                    // 308, 310
                .human("ask", defaultOutput("maybe"),                               // 206
                        retry(2, Duration.ofSeconds(1), 2, Duration.ofSeconds(5)))  // 507
                .task("orphan", command("true"), reads(null, "run", ""))            // 303, 509
                .task("../up", command("true"))                                     // 107
                .task("loop1", command("true"), escalateTo("loop1", null))          // 315
                .task("loop2", command("true"))
                .task("e1", agent("codex"), prompt("e1"), escalateTo("e2", null))
                .task("e2", agent("claude"), prompt("e2"), escalateTo("e1", null))  // 316
                .task("plan", agent("claude"), prompt("plan"), planner(0, null),    // 508
                        escalateTo("x", null))                                      // 317
                .edge("start -> a")
                .edge("a -> fan when done")
                .edge("a -> fan when done")                                         // 102
                .edge("a -> idle when blocked && `__import__('os')`")              // 401
                .edge("idle -> end")
                .edge("idle -> fmt -> end")
                .interrupt("before", "nowhere", null, null)                         // 201
                .edge("fan -> x -> join")
                .edge("fan -> y -> end")
                .edge("join -> check when join.x == 1 && ask.approved")             // 404
                .edge("check -> sub when check.passed == \"yes\"")                   // 402
                .edge("check -> end when a.output == \"don\" || a.sumary == \"x\"")    // 405, 207
                .edge("sub -> call when 1 == 1")                                    // 406
                .edge("call -> ask")
                .edge("call -> loop1")
                .edge("ask -> end when approved")                                   // 305 (rejected)
                .edge("ask -> start when approved")                                 // 312
                .edge("loop1 -> loop2")
                .edge("loop2 -> loop1")                                             // 306, 304
                .edge("x -> end loop max 0")                                        // 501, 307
                .edge("y -> end on limit")                                          // 313
                .edge("orphan -> end")
                .edge("fmt -> plan -> end")
                .edge("idle -> e1 -> end");
        // 301 and 302 need workflows of their own: a workflow cannot both lack and have an entry.
        var noEntry = TestFlow.workflow("no_entry").task("a", command("true")).edge("a -> end");
        var noExit = TestFlow.workflow("no_exit").task("a", command("true")).edge("start -> a");

        // 318 needs more than one node at a time, and "everything" allows none (505).
        var sideBySide = TestFlow.workflow("side_by_side").task("p", command("true"))
                .task("l", agent("claude"), prompt("l"), TestFlow.isolated()).task("r", agent("claude"), prompt("r"), TestFlow.isolated())
                .edge("start -> p").edge("p -> l -> end").edge("p -> r -> end");

        var found = Checker.check(new FlowGraph(flow.build(), List.of(child.build(), noEntry.build(), noExit.build(), sideBySide.build())));

        assertThat(Set.copyOf(codes(found))).as(Findings.describe(found)).containsExactlyInAnyOrderElementsOf(checkerCodes());
        assertThat(found).isSortedAccordingTo(Diagnostic.ORDER);
    }

    @Test
    void checksTheModelSampleThatUsesEveryElementWithoutFailing() {
        var graph = SampleGraphs.everything();
        var first = Checker.check(graph);
        assertThat(Checker.check(graph)).isEqualTo(first);
        assertThat(first).isSortedAccordingTo(Diagnostic.ORDER);
        // The sample writes state variables without their "state." prefix, which the canonical form requires.
        assertThat(of(first, Code.UNKNOWN_VARIABLE)).extracting(Diagnostic::suggestions)
                .contains(List.of("state.attempts"), List.of("state.level"));
    }

    @Test
    void aBrokenGraphIsReportedWithoutFailing() {
        var a = new NameRef("a", SourceRef.NONE);
        var ghost = new NameRef("ghost", SourceRef.NONE);
        var nodes = List.of(
                Node.of("a", NodeSpec.Task.builder().build(), SourceRef.NONE),
                Node.of("a", new NodeSpec.Merge(List.of(ghost), null, null, ghost, "${}${ x.y.z }${"), SourceRef.NONE),
                Node.of("p", new NodeSpec.Parallel(List.of(ghost, a), null), SourceRef.NONE),
                Node.of("b", new NodeSpec.Branch(null), SourceRef.NONE));
        var edges = List.of(
                new Edge("e", ghost, a, new dev.flow.model.Expr.OutputTest(dev.flow.model.Expr.Quantifier.ALL, List.of(), null), null, true, null, null),
                new Edge("e", a, ghost, new dev.flow.model.Expr.Ref("output.x", null), new dev.flow.model.LoopControl(-3, null), false, null, null),
                new Edge("e", a, a, null, null, false, null, null),
                new Edge("e", a, a, null, null, false, null, null),
                new Edge("f", new NameRef("end", null), new NameRef("start", null), null, null, false, null, null));
        var workflow = Workflow.builder().id("broken").nodes(nodes).edges(edges).build();
        var found = Checker.check(FlowGraph.of(workflow));
        assertThat(found).isNotEmpty().isSortedAccordingTo(Diagnostic.ORDER);
        assertThat(codes(found)).contains(Code.DUPLICATE_NODE, Code.UNKNOWN_NODE, Code.START_END_MISUSE, Code.UNCONTROLLED_CYCLE,
                Code.MISSING_FIELD, Code.DUPLICATE_EDGE, Code.INVALID_LOOP_LIMIT);
    }

    /**
     * A chain of 100,000 tasks. The check itself is a few hundred milliseconds of work (bench/
     * measures it); most of this test's few seconds go to writing the test text of 100,000 lines.
     */
    @Test
    void aChainOfAHundredThousandNodesChecksCorrectly() {
        int n = 100_000;
        var flow = TestFlow.workflow("long");
        for (int i = 0; i < n; i++) {
            flow.task("t" + i, command("true"));
        }
        flow.edge("start -> t0");
        for (int i = 0; i < n - 1; i++) {
            flow.edge("t" + i + " -> t" + (i + 1) + (i % 1000 == 999 ? " when t" + (i - 500) + ".exit_code == 0" : ""));
        }
        flow.edge("t" + (n - 1) + " -> end");
        assertThat(flow.check()).isEmpty();

        // The same chain closed into one big uncontrolled cycle: one diagnostic, from the first node.
        flow.edge("t" + (n - 1) + " -> t0");
        var found = flow.check();
        assertThat(codes(found)).containsExactly(Code.UNCONTROLLED_CYCLE);
        assertThat(found.get(0).message()).isEqualTo("cycle without a loop limit: \"t0\" -> \"t1\" -> \"t2\" -> \"t3\" -> \"t4\""
                + " -> \"t5\" -> \"t6\" -> \"t7\" -> \"t8\" -> ... (99989 more) -> \"t99998\" -> \"t99999\" -> \"t0\"; add \"loop max N\" to one of its edges");
        assertThat(found.get(0).related()).hasSize(CycleRules.MAX_RELATED);
    }

    /**
     * 10,000 nodes in blocks of ten; the last node of each block loops back to its first. Every
     * hundredth block's loop has no limit: exactly those are reported, each from its first node.
     */
    @Test
    void aGraphOfTenThousandNodesWithManyLoopsChecksCorrectly() {
        int blocks = 1_000;
        var flow = TestFlow.workflow("loops");
        for (int b = 0; b < blocks; b++) {
            for (int i = 0; i < 9; i++) {
                flow.task("n" + b + "_" + i, command("true"));
            }
            flow.task("n" + b + "_9", command("true"), outputs("done", "again"));
        }
        flow.edge("start -> n0_0");
        var uncontrolled = new ArrayList<String>();
        for (int b = 0; b < blocks; b++) {
            for (int i = 0; i < 9; i++) {
                flow.edge("n" + b + "_" + i + " -> n" + b + "_" + (i + 1));
            }
            String last = "n" + b + "_9";
            boolean limited = b % 100 != 42;
            flow.edge(last + " -> n" + b + "_0" + (limited ? " loop max 3" : "") + " when again && n" + b + "_3.exit_code == 0");
            flow.edge(last + " -> " + (b == blocks - 1 ? "end" : "n" + (b + 1) + "_0") + " when done");
            if (!limited) {
                uncontrolled.add("n" + b + "_0");
            }
        }
        var found = flow.check();
        assertThat(codes(found)).as(Findings.describe(found)).containsOnly(Code.UNCONTROLLED_CYCLE);
        assertThat(found).extracting(d -> d.message().substring("cycle without a loop limit: \"".length(), d.message().indexOf("\" ->")))
                .containsExactlyElementsOf(uncontrolled);
    }

    @Test
    void reportsProblemsInCalledWorkflowsInTheirOwnFiles() {
        var child = TestFlow.workflow("child").task("x", agent("nobody")).edge("start -> x -> end");
        var main = TestFlow.workflow("main").subgraph("sub", "child").edge("start -> sub -> end");
        var found = main.check(child);
        assertThat(codes(found)).containsExactly(Code.UNKNOWN_AGENT);
        assertThat(found.get(0).source().file()).isEqualTo("child.flow");
        assertThat(Arrays.asList(child.text(found.get(0).source()))).containsExactly("nobody");
    }
}

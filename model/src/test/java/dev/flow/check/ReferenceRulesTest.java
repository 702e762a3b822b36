package dev.flow.check;

import static dev.flow.check.Findings.of;
import static dev.flow.check.Findings.only;
import static dev.flow.check.TestFlow.after;
import static dev.flow.check.TestFlow.agent;
import static dev.flow.check.TestFlow.branches;
import static dev.flow.check.TestFlow.command;
import static dev.flow.check.TestFlow.defaultOutput;
import static dev.flow.check.TestFlow.gates;
import static dev.flow.check.TestFlow.on;
import static dev.flow.check.TestFlow.outputs;
import static dev.flow.check.TestFlow.prompt;
import static dev.flow.check.TestFlow.reads;
import static dev.flow.check.TestFlow.waitFor;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReferenceRulesTest {

    @Test
    void reportsAnUnknownNodeInAnEdgeWithTheNearestName() {
        var flow = TestFlow.workflow("demo")
                .task("analyze", command("true"))
                .edge("start -> anlyze")
                .edge("analyze -> end");
        var found = flow.check();
        var d = only(found, Code.UNKNOWN_NODE);
        assertThat(flow.text(d.source())).isEqualTo("anlyze");
        assertThat(d.message()).isEqualTo("unknown node \"anlyze\"; did you mean \"analyze\"?");
        assertThat(d.suggestions()).containsExactly("analyze");
        // The typo may be the missing way to "analyze": no unreachable-node warning on top of it.
        assertThat(found).extracting(x -> x.code()).containsExactly(Code.UNKNOWN_NODE);
    }

    @Test
    void reportsUnknownNodesInParallelBranchesMergeWaitListsAndInterrupts() {
        var flow = TestFlow.workflow("demo")
                .task("a", command("true"))
                .task("b", command("true"))
                .parallel("fan", branches("a", "bb"))
                .merge("join", waitFor("a", "c"))
                .edge("start -> fan")
                .edge("fan -> a -> join")
                .edge("fan -> b -> join")
                .edge("join -> end")
                .interrupt("before", "jion", null, "Go on?");
        var found = of(flow.check(), Code.UNKNOWN_NODE);
        assertThat(found).extracting(d -> flow.text(d.source())).containsExactly("bb", "c", "jion");
        assertThat(found.get(0).suggestions()).containsExactly("b");
        assertThat(found.get(2).message()).endsWith("did you mean \"join\"?");
        assertThat(found.get(1).message()).isEqualTo("unknown node \"c\"; declare it, or use one of the workflow's nodes");
    }

    @Test
    void reportsAnUnknownNodeInATasksInputsWithTheNearestName() {
        var flow = TestFlow.workflow("demo")
                .task("plan", command("true"))
                .task("work", agent("claude"), prompt("go"), reads("goal", "plna", "ctx.goal"), reads(null, "rnu", "ctx.decisions"))
                .edge("start -> plan -> work -> end");
        var found = of(flow.check(), Code.UNKNOWN_NODE);
        assertThat(found).extracting(d -> flow.text(d.source())).containsExactly("plna", "rnu");
        assertThat(found.get(0).message()).isEqualTo("unknown node \"plna\" in the inputs of \"work\"; did you mean \"plan\"?");
        assertThat(found.get(1).suggestions()).as("the run-wide namespace is a name too").containsExactly("run");
    }

    @Test
    void aTasksInputsFromKnownNodesAndTheRunAreQuiet() {
        var flow = TestFlow.workflow("demo")
                .task("plan", command("true"))
                .task("work", agent("claude"), prompt("go"), reads("goal", "plan", "ctx.goal"), reads(null, "run", "ctx.decisions"))
                .edge("start -> plan -> work -> end");
        assertThat(flow.check()).isEmpty();
    }

    @Test
    void reportsAnUnknownGateWithTheNearestNameFromAGateNodeATaskAndAGateDefinition() {
        var flow = TestFlow.workflow("demo")
                .gateDef("test")
                .gateDef("lint", after("tset"))
                .gate("check", "test_gate")
                .task("build", command("make"), gates("lnt"))
                .edge("start -> build -> check -> end");
        var found = of(flow.check(), Code.UNKNOWN_GATE);
        assertThat(found).extracting(d -> flow.text(d.source())).containsExactly("tset", "test_gate", "lnt");
        assertThat(found).extracting(d -> d.suggestions()).containsExactly(
                List.of("test"), List.of("test"), List.of("lint"));
        assertThat(found.get(1).message()).isEqualTo("unknown gate \"test_gate\"; did you mean \"test\"?");
    }

    @Test
    void knownGatesAgentsNodesAndWorkflowsAreQuiet() {
        var child = TestFlow.workflow("child").edge("start -> end");
        var flow = TestFlow.workflow("demo")
                .gateDef("test")
                .agentDef("bot")
                .gate("check", "test")
                .task("build", agent("bot"), gates("test"))
                .task("review", agent("gemini"))
                .subgraph("sub", "child")
                .edge("start -> build -> check -> review -> sub -> end");
        assertThat(flow.check(child)).extracting(d -> d.code())
                .doesNotContain(Code.UNKNOWN_NODE, Code.UNKNOWN_GATE, Code.UNKNOWN_AGENT, Code.UNKNOWN_WORKFLOW);
    }

    @Test
    void reportsAnUnknownAgentAndNamesTheBuiltInsWhenNothingIsNear() {
        var flow = TestFlow.workflow("demo")
                .task("a", agent("claud"))
                .task("b", agent("xyzzy"))
                .edge("start -> a -> b -> end");
        var found = of(flow.check(), Code.UNKNOWN_AGENT);
        assertThat(found).extracting(d -> flow.text(d.source())).containsExactly("claud", "xyzzy");
        assertThat(found.get(0).message()).isEqualTo("unknown agent \"claud\"; did you mean \"claude\"?");
        assertThat(found.get(1).message()).contains("use a built-in agent (claude, codex, gemini, self)");
        assertThat(found.get(1).suggestions()).isEmpty();
    }

    @Test
    void reportsAnUnknownAgentOfAMerge() {
        var flow = TestFlow.workflow("demo")
                .task("a", command("true"))
                .task("b", command("true"))
                .merge("join", agent("codx"))
                .edge("start -> a -> join")
                .edge("start -> b -> join")
                .edge("join -> end");
        assertThat(only(flow.check(), Code.UNKNOWN_AGENT).suggestions()).containsExactly("codex");
    }

    @Test
    void reportsASubgraphThatRunsAnUnknownWorkflow() {
        var child = TestFlow.workflow("child").edge("start -> end");
        var flow = TestFlow.workflow("demo")
                .subgraph("sub", "chld")
                .edge("start -> sub -> end");
        var d = only(flow.check(child), Code.UNKNOWN_WORKFLOW);
        assertThat(flow.text(d.source())).isEqualTo("chld");
        assertThat(d.message()).isEqualTo("unknown workflow \"chld\"; did you mean \"child\"?");
    }

    @Test
    void reportsHandlersAndHumanDefaultsForUndeclaredOutputs() {
        var flow = TestFlow.workflow("demo")
                .state("n", "int", "0")
                .task("a", command("true"), outputs("done", "blocked"), on("blockd", "set n = 1"))
                .human("ask", outputs("yes", "no"), defaultOutput("maybe"))
                .edge("start -> a")
                .edge("a -> ask when done")
                .edge("a -> ask when blocked")
                .edge("ask -> end");
        var found = of(flow.check(), Code.UNKNOWN_OUTPUT);
        assertThat(found).extracting(d -> flow.text(d.source())).containsExactly("blockd", "maybe");
        assertThat(found.get(0).message()).isEqualTo("\"a\" has no output \"blockd\"; did you mean \"blocked\"?");
        assertThat(found.get(1).message()).isEqualTo("\"ask\" has no output \"maybe\"; declare it in \"outputs\", or use one of \"yes\", \"no\"");
    }

    @Test
    void handlersAndDefaultsMayNameDefaultOutputs() {
        var flow = TestFlow.workflow("demo")
                .state("n", "int", "0")
                .task("a", command("true"), on("done", "set n = 1"))
                .human("ask", defaultOutput("rejected"))
                .edge("start -> a -> ask")
                .edge("ask -> end when approved")
                .edge("ask -> end when rejected");
        assertThat(of(flow.check(), Code.UNKNOWN_OUTPUT)).isEmpty();
    }

    @Test
    void reportsAnEdgeConditionOnAnOutputTheSourceDoesNotDeclare() {
        var flow = TestFlow.workflow("demo")
                .task("analyze", command("true"), outputs("done", "blocked"))
                .edge("start -> analyze")
                .edge("analyze -> end when blokced")
                .edge("analyze -> end when done");
        var d = only(flow.check(), Code.UNKNOWN_OUTPUT);
        assertThat(flow.text(d.source())).isEqualTo("blokced");
        assertThat(d.message()).isEqualTo("\"analyze\" has no output \"blokced\"; did you mean \"blocked\"?");
    }

    @Test
    void interruptsAndCompletionMayTestTheOutputsOfAnyNode() {
        var flow = TestFlow.workflow("demo")
                .task("analyze", command("true"), outputs("done", "blocked"))
                .edge("start -> analyze")
                .edge("analyze -> end when done")
                .edge("analyze -> end when blocked")
                .interrupt("after", "analyze", "blocked", "Look?")
                .complete("any(done)")
                .complete("any(finished)");
        var d = only(flow.check(), Code.UNKNOWN_OUTPUT);
        assertThat(flow.text(d.source())).isEqualTo("finished");
        assertThat(d.message()).isEqualTo("no node declares an output \"finished\"; use one of \"blocked\", \"done\"");
    }
}

package dev.flow.check;

import static dev.flow.check.Findings.of;
import static dev.flow.check.Findings.only;
import static dev.flow.check.TestFlow.agent;
import static dev.flow.check.TestFlow.command;
import static dev.flow.check.TestFlow.outputs;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.NodeKind;
import org.junit.jupiter.api.Test;

class StructureRulesTest {

    private static TestFlow twoTasks() {
        return TestFlow.workflow("demo")
                .task("a", command("true"))
                .task("b", command("true"))
                .edge("start -> a -> b -> end");
    }

    @Test
    void reportsADuplicateNodeIdOnTheSecondNodeWithTheFirstAsRelated() {
        var flow = TestFlow.workflow("demo")
                .task("fix", command("make"))
                .task("fix", agent("claude"))
                .edge("start -> fix -> end");
        var d = only(flow.check(), Code.DUPLICATE_NODE);
        assertThat(flow.text(d.source())).isEqualTo("task fix { agent claude }");
        assertThat(d.message()).contains("duplicate node id \"fix\"").contains("rename one");
        assertThat(d.related()).singleElement().satisfies(r -> assertThat(flow.text(r.source())).isEqualTo("task fix { run [make] }"));
    }

    @Test
    void reportsEdgesWithTheSameEndsAndCondition() {
        var flow = TestFlow.workflow("demo")
                .task("a", command("true"), outputs("done", "blocked"))
                .edge("start -> a")
                .edge("a -> end when done")
                .edge("a -> end when blocked")
                .edge("a -> end when done");
        var d = only(flow.check(), Code.DUPLICATE_EDGE);
        assertThat(flow.line(d.source())).isEqualTo("a -> end when done");
        assertThat(d.source().line()).isEqualTo(6);
        assertThat(d.message()).isEqualTo("duplicate edge \"a\" -> \"end\" when done; an edge with the same ends and condition comes first, so remove one");
        assertThat(d.related()).singleElement().satisfies(r -> assertThat(r.source().line()).isEqualTo(4));
    }

    @Test
    void reportsEdgesThatShareAnId() {
        var flow = TestFlow.workflow("demo")
                .task("a", command("true"))
                .edge("e1: start -> a")
                .edge("e1: a -> end");
        var d = only(flow.check(), Code.DUPLICATE_EDGE);
        assertThat(flow.text(d.source())).isEqualTo("a -> end");
        assertThat(d.message()).contains("duplicate edge id \"e1\"").contains("\"start\" -> \"a\"");
    }

    @Test
    void edgesBetweenTheSameNodesUnderDifferentConditionsAreNoDuplicates() {
        var flow = TestFlow.workflow("demo")
                .task("a", command("true"), outputs("done", "blocked"))
                .edge("start -> a")
                .edge("a -> end when done")
                .edge("a -> end when blocked");
        assertThat(of(flow.check(), Code.DUPLICATE_EDGE)).isEmpty();
        assertThat(of(twoTasks().check(), Code.DUPLICATE_NODE)).isEmpty();
    }

    @Test
    void reportsDuplicateGatesAgentsInputsStateVariablesAndOutputs() {
        var flow = TestFlow.workflow("demo")
                .input("issue", "string")
                .input("issue", "string")
                .state("n", "int")
                .state("n", "float")
                .gateDef("tests")
                .gateDef("tests")
                .agentDef("bot")
                .agentDef("bot")
                .task("a", agent("bot"), outputs("done", "done"))
                .edge("start -> a -> end");
        var found = of(flow.check(), Code.DUPLICATE_DEFINITION);
        assertThat(found).extracting(d -> d.message().substring(0, d.message().indexOf(';'))).containsExactly(
                "duplicate input \"issue\"",
                "duplicate state variable \"n\"",
                "duplicate gate \"tests\"",
                "duplicate agent \"bot\"",
                "duplicate output \"done\" of \"a\"");
        assertThat(flow.text(found.get(4).source())).isEqualTo("done");
        assertThat(found.get(4).source().column()).isEqualTo(34);
        assertThat(found).allSatisfy(d -> assertThat(d.related()).hasSize(1));
    }

    @Test
    void reportsTwoWorkflowsWithOneId() {
        var main = TestFlow.workflow("main").edge("start -> end");
        var child = TestFlow.workflow("main").edge("start -> end");
        var d = only(main.check(child), Code.DUPLICATE_DEFINITION);
        assertThat(d.message()).startsWith("duplicate workflow \"main\"");
    }

    @Test
    void reportsANodeNamedStartOrEnd() {
        var flow = TestFlow.workflow("demo")
                .task("end", command("true"))
                .edge("start -> end");
        var d = only(flow.check(), Code.RESERVED_NAME);
        assertThat(flow.text(d.source())).isEqualTo("task end { run [true] }");
        assertThat(d.message()).isEqualTo("node id \"end\" is reserved for the implicit end node; rename this task");
        assertThat(of(flow.check(), Code.DUPLICATE_NODE)).isEmpty();
    }

    @Test
    void theImplicitStartAndEndAreNotReserved() {
        assertThat(of(twoTasks().check(), Code.RESERVED_NAME)).isEmpty();
    }

    @Test
    void reportsATaskWithNeitherAgentNorCommand() {
        var flow = TestFlow.workflow("demo")
                .task("idle")
                .edge("start -> idle -> end");
        var d = only(flow.check(), Code.MISSING_FIELD);
        assertThat(flow.text(d.source())).isEqualTo("task idle");
        assertThat(d.message()).startsWith("task \"idle\" has no agent, role or command");
    }

    @Test
    void reportsACommandThatNamesNoProgramOnTheCommand() {
        var flow = TestFlow.workflow("demo")
                .gateDef("tests", command(""))
                .task("idle", command())
                .gate("check", "tests")
                .edge("start -> idle -> check -> end");
        var found = of(flow.check(), Code.MISSING_FIELD);
        assertThat(found).as(Findings.describe(found)).hasSize(2);
        assertThat(found).extracting(d -> flow.text(d.source())).containsOnly("run []");
        assertThat(found).extracting(d -> d.message()).containsExactlyInAnyOrder(
                "the command of task \"idle\" is empty: it names no program; give the program and its arguments, such as run [\"make\", \"test\"]",
                "the command of gate \"tests\" is empty: it names no program; give the program and its arguments, such as run [\"make\", \"test\"]");
    }

    @Test
    void reportsNodeIdsThatCouldStepOutOfTheirFolder() {
        var flow = TestFlow.workflow("demo")
                .task("../up", command("true"))
                .task("a/b", command("true"))
                .task("a\\b", command("true"))
                .task(".", command("true"))
                .task("nul\u0000here", command("true"))
                .task("bell\u0007", command("true"))
                .edge("start -> end");
        var found = of(flow.check(), Code.UNSAFE_ID);
        assertThat(found).extracting(d -> d.message()).containsExactly(
                "node id \"../up\" holds \"..\", which names the folder above; node ids name the folders of their files: use letters, digits, \"_\", \"-\" and single dots",
                "node id \"a/b\" holds \"/\", which separates folders; node ids name the folders of their files: use letters, digits, \"_\", \"-\" and single dots",
                "node id \"a\\\\b\" holds \"\\\", which separates folders; node ids name the folders of their files: use letters, digits, \"_\", \"-\" and single dots",
                "node id \".\" is \".\", the name of the folder it is in; node ids name the folders of their files: use letters, digits, \"_\", \"-\" and single dots",
                "node id \"nul\\u0000here\" holds the control character U+0000; node ids name the folders of their files: use letters, digits, \"_\", \"-\" and single dots",
                "node id \"bell\\u0007\" holds the control character U+0007; node ids name the folders of their files: use letters, digits, \"_\", \"-\" and single dots");
        assertThat(flow.text(found.get(0).source())).startsWith("task ../up");
    }

    @Test
    void nodeIdsWithDotsDashesAndUnicodeLettersAreSafe() {
        var flow = TestFlow.workflow("demo")
                .task("run-tests.v2", command("true"))
                .task("étape_1", command("true"))
                .edge("start -> end");
        assertThat(of(flow.check(), Code.UNSAFE_ID)).isEmpty();
    }

    @Test
    void aNodeOfUnknownTypeIsReportedOnceAndAssumedNothingAbout() {
        // as a compiled graph would carry it: no front end reported it, so the checker does
        var flow = TestFlow.workflow("demo")
                .node(NodeKind.UNKNOWN, "poll")
                .edge("start -> poll")
                .edge("poll -> end when poll.exit_code == 0 && poll.anything")
                .edge("poll -> end when waiting");
        var d = only(flow.check(), Code.MISSING_FIELD);
        assertThat(d.message()).isEqualTo("node \"poll\" has no type; give it one of the kinds Flow runs: task, gate, branch, parallel, merge,"
                + " subgraph, human or checkpoint");
        assertThat(flow.check()).extracting(Diagnostic::code).containsExactly(Code.MISSING_FIELD);
    }

    @Test
    void reportsABranchWithoutCondition() {
        var flow = TestFlow.workflow("demo")
                .branch("check", null)
                .edge("start -> check")
                .edge("check -> end when on_true")
                .edge("check -> end when on_false");
        var d = only(flow.check(), Code.MISSING_FIELD);
        assertThat(d.message()).isEqualTo("branch \"check\" has no condition; add \"if CONDITION\"");
    }

    @Test
    void reportsAGateNodeThatNamesNoGateAsIncompleteRatherThanAsAnUnknownGate() {
        var flow = TestFlow.workflow("demo")
                .gate("check", "")
                .edge("start -> check -> end");
        var found = flow.check();
        assertThat(found).as(Findings.describe(found)).extracting(d -> d.code()).containsExactly(Code.MISSING_FIELD);
        assertThat(found.get(0).message()).isEqualTo("gate \"check\" names no gate to run; add \"uses GATE\"");
    }

    @Test
    void tasksWithAnAgentOrACommandAndBranchesWithAConditionAreComplete() {
        var flow = TestFlow.workflow("demo")
                .state("ok", "bool")
                .task("a", agent("claude"))
                .task("b", command("make"))
                .branch("check", "state.ok")
                .edge("start -> a -> b -> check")
                .edge("check -> end when on_true")
                .edge("check -> end when on_false");
        assertThat(flow.check()).extracting(d -> d.code()).doesNotContain(Code.MISSING_FIELD, Code.CONFLICTING_FIELDS);
    }

    @Test
    void reportsATaskWithBothAnAgentAndACommandOnTheCommand() {
        var flow = TestFlow.workflow("demo")
                .task("both", agent("claude"), command("make"))
                .edge("start -> both -> end");
        var d = only(flow.check(), Code.CONFLICTING_FIELDS);
        assertThat(flow.text(d.source())).isEqualTo("run [make]");
        assertThat(d.message()).startsWith("task \"both\" has both an agent (\"claude\") and a command");
        assertThat(d.related()).singleElement().satisfies(r -> assertThat(flow.text(r.source())).isEqualTo("claude"));
    }

    @Test
    void aStartNodeWrittenOutTwiceIsADuplicate() {
        var flow = TestFlow.workflow("demo")
                .node(NodeKind.START, "start")
                .edge("start -> end");
        var d = only(flow.check(), Code.DUPLICATE_NODE);
        assertThat(flow.text(d.source())).isEqualTo("start start");
    }
}

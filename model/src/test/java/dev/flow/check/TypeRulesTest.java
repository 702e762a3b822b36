package dev.flow.check;

import static dev.flow.check.Findings.codes;
import static dev.flow.check.Findings.of;
import static dev.flow.check.Findings.only;
import static dev.flow.check.TestFlow.agent;
import static dev.flow.check.TestFlow.command;
import static dev.flow.check.TestFlow.formatPrompt;
import static dev.flow.check.TestFlow.on;
import static dev.flow.check.TestFlow.outputs;
import static dev.flow.check.TestFlow.prompt;
import static dev.flow.check.TestFlow.title;
import static dev.flow.check.TestFlow.with;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

class TypeRulesTest {

    /** A workflow with typed names to write conditions over: {@code a -> end when CONDITION}. */
    private static TestFlow when(String condition) {
        return TestFlow.workflow("demo")
                .input("issue", "string")
                .state("count", "int", "0")
                .state("score", "float", "0.0")
                .state("ok", "bool", "false")
                .state("level", "enum(low, high)", "\"low\"")
                .state("notes", "list<string>")
                .gateDef("tests")
                .gate("test", "tests")
                .task("a", command("true"), outputs("done", "blocked"))
                .edge("start -> test -> a")
                .edge("a -> end when " + condition)
                .edge("a -> end");
    }

    private static List<Diagnostic> checked(String condition) {
        return when(condition).check();
    }

    @Test
    void wellTypedConditionsAreQuiet() {
        for (String condition : List.of(
                "state.count >= 3 && !test.passed",
                "state.score > state.count",
                "input.issue contains \"bug\" || input.issue starts with \"fix\"",
                "state.level == \"high\"",
                "state.level in [\"low\", \"high\"]",
                "\"x\" in state.notes",
                "state.notes contains \"x\"",
                "test.test_status == \"timeout\"",
                "a.output != \"done\"",
                "a.blocked",
                "a.data.verdict == \"ok\"",
                "input.issue + \"!\" ends with \"!\"",
                "state.count * 2 + 1 < 10 / 3",
                "input.issue < \"m\"",
                "-state.score < 0",
                "any(done, blocked)",
                "output == \"blocked\"")) {
            var found = checked(condition);
            assertThat(found).as(condition + "\n" + Findings.describe(found)).isEmpty();
        }
    }

    @Test
    void reportsAFieldThatIsNotADottedNameAndDoesNotResolveIt() {
        var flow = when("`__import__('os')` == \"x\" || `a..b` || `a;b`");
        var found = flow.check();
        assertThat(of(found, Code.UNSAFE_FIELD)).extracting(d -> flow.text(d.source()))
                .containsExactly("`__import__('os')`", "`a..b`", "`a;b`");
        assertThat(of(found, Code.UNSAFE_FIELD).get(0).message())
                .isEqualTo("\"__import__('os')\" is not a dotted name; a reference is state.NAME, input.NAME, NODE.FIELD or output");
        assertThat(codes(found)).containsOnly(Code.UNSAFE_FIELD);
    }

    @Test
    void reportsUnknownStateVariablesAndInputsWithTheWholePathSuggested() {
        var flow = when("state.cuont > 1 || input.isue == \"x\"");
        var found = of(flow.check(), Code.UNKNOWN_VARIABLE);
        assertThat(found).extracting(d -> flow.text(d.source())).containsExactly("state.cuont", "input.isue");
        assertThat(found.get(0).message()).isEqualTo("unknown state variable \"cuont\"; did you mean \"state.count\"?");
        assertThat(found.get(0).suggestions()).containsExactly("state.count");
        assertThat(found.get(1).suggestions()).containsExactly("input.issue");
    }

    @Test
    void reportsABareNameAsAnUnknownVariableAndSuggestsItsCanonicalPath() {
        var flow = when("`count` > 1");
        var d = only(flow.check(), Code.UNKNOWN_VARIABLE);
        assertThat(d.message()).isEqualTo("unknown variable \"count\"; did you mean \"state.count\"?");
    }

    @Test
    void reportsAPathThroughAnUnknownNodeWithNodesSuggested() {
        var flow = when("tset.passed");
        var d = only(flow.check(), Code.UNKNOWN_NODE);
        assertThat(flow.text(d.source())).isEqualTo("tset.passed");
        assertThat(d.message()).isEqualTo("unknown node \"tset\" in \"tset.passed\"; did you mean \"test.passed\"?");
        assertThat(d.suggestions()).containsExactly("test.passed");
    }

    @Test
    void reportsAnUnknownFieldOfAKnownNodeAmongItsFieldsAndOutputs() {
        var flow = when("test.pased || a.blokced");
        var found = of(flow.check(), Code.UNKNOWN_FIELD);
        assertThat(found).extracting(d -> flow.text(d.source())).containsExactly("test.pased", "a.blokced");
        assertThat(found).extracting(Diagnostic::message).containsExactly(
                "\"test\" (a gate) has no field \"pased\"; did you mean \"test.passed\"?",
                "\"a\" (a task) has no field \"blokced\"; did you mean \"a.blocked\"?");
    }

    @Test
    void reportsAFieldReadIntoAValueThatHasNone() {
        var d = only(checked("state.count.value > 1"), Code.UNKNOWN_FIELD);
        assertThat(d.message()).isEqualTo("\"state.count\" is an int and has no field \"value\"");
    }

    @Test
    void mergesAndSubgraphsMayCarryAnyField() {
        var child = TestFlow.workflow("child").edge("start -> end");
        var flow = TestFlow.workflow("demo")
                .subgraph("sub", "child")
                .edge("start -> sub")
                .edge("sub -> end when sub.verdict == \"ok\"")
                .edge("sub -> end");
        assertThat(flow.check(child)).isEmpty();
    }

    @Test
    void reportsOperatorsAppliedToTheWrongTypes() {
        assertThat(only(checked("state.count && state.ok"), Code.TYPE_MISMATCH).message())
                .isEqualTo("\"&&\" needs bools, but \"state.count\" is an int");
        assertThat(only(checked("state.count == \"three\""), Code.TYPE_MISMATCH).message())
                .isEqualTo("\"state.count\" (an int) and \"three\" (a string) cannot be compared with \"==\"");
        assertThat(only(checked("state.ok < 1"), Code.TYPE_MISMATCH).message())
                .isEqualTo("\"<\" compares two numbers or two strings, but \"state.ok\" is a bool and 1 is an int");
        assertThat(only(checked("state.level > \"low\""), Code.TYPE_MISMATCH).message()).contains("\"state.level\" is an enum(low, high)");
        assertThat(only(checked("state.count in state.notes"), Code.TYPE_MISMATCH).message())
                .isEqualTo("\"state.count\" (an int) and \"state.notes\" (a list<string>) cannot be compared with \"in\"");
        assertThat(only(checked("\"x\" in input.issue"), Code.TYPE_MISMATCH).message())
                .isEqualTo("\"in\" needs a list on its right, but \"input.issue\" is a string");
        assertThat(only(checked("state.count contains 1"), Code.TYPE_MISMATCH).message()).startsWith("\"contains\" looks for");
        assertThat(only(checked("state.count starts with \"1\""), Code.TYPE_MISMATCH).message())
                .isEqualTo("\"starts with\" needs strings, but \"state.count\" is an int");
        assertThat(only(checked("state.count + \"x\" == 1"), Code.TYPE_MISMATCH).message())
                .isEqualTo("\"+\" needs two numbers or two strings, but \"state.count\" is an int and \"x\" is a string");
        assertThat(only(checked("!state.count"), Code.TYPE_MISMATCH).message()).isEqualTo("\"!\" needs a bool, but \"state.count\" is an int");
        assertThat(only(checked("-input.issue == 1"), Code.TYPE_MISMATCH).message()).isEqualTo("\"-\" needs a number, but \"input.issue\" is a string");
    }

    @Test
    void reportsAConditionThatIsNotABoolWithAHintToCompare() {
        var flow = when("a.output");
        var d = only(flow.check(), Code.TYPE_MISMATCH);
        assertThat(flow.text(d.source())).isEqualTo("a.output");
        assertThat(d.message()).isEqualTo("\"a.output\" is an enum(done, blocked), not a bool, so it cannot be the condition of \"a\" -> \"end\";"
                + " compare it with a value, e.g. a.output == \"done\"");
        assertThat(only(checked("input.issue"), Code.TYPE_MISMATCH).message()).endsWith("e.g. input.issue == \"VALUE\"");
        assertThat(only(checked("state.count + 1"), Code.TYPE_MISMATCH).message())
                .isEqualTo("\"state.count + 1\" is an int, not a bool, so it cannot be the condition of \"a\" -> \"end\";"
                        + " write a comparison or a test that is true or false");
    }

    @Test
    void reportsAStringThatIsNotAValueOfTheEnumItIsComparedWith() {
        var flow = when("state.level == \"hgh\" || a.output == \"blokced\" || state.level in [\"low\", \"mid\"]");
        var found = of(flow.check(), Code.UNKNOWN_ENUM_VALUE);
        assertThat(found).extracting(d -> flow.text(d.source())).containsExactly("\"hgh\"", "\"blokced\"", "[\"low\", \"mid\"]");
        assertThat(found.get(0).message()).isEqualTo("\"hgh\" is not a value of \"state.level\"; did you mean \"high\"?");
        assertThat(found.get(0).suggestions()).containsExactly("high");
        assertThat(found.get(1).suggestions()).containsExactly("blocked");
        assertThat(found.get(2).message()).isEqualTo("\"mid\" is not a value of \"state.level\"; the values are \"low\", \"high\"");
    }

    @Test
    void reportsAConditionThatReadsANodeWhichCannotHaveRunYet() {
        var flow = TestFlow.workflow("demo")
                .task("a", command("true"))
                .task("review", agent("claude"), outputs("approved", "rejected"))
                .edge("start -> a")
                .edge("a -> review when review.approved")
                .edge("review -> end");
        var d = only(flow.check(), Code.NOT_YET_RUN);
        assertThat(flow.text(d.source())).isEqualTo("review.approved");
        // said once: what reads what, why it cannot have run, what to do (it used to say "when ... is evaluated" twice)
        assertThat(d.message()).isEqualTo("the condition of \"a\" -> \"review\" reads \"review.approved\", but \"review\" cannot have run by then:"
                + " no path leads from \"review\" to \"a\"; read a node that runs before it");
        assertThat(flow.text(d.related().get(0).source())).startsWith("task review");
    }

    @Test
    void nodesInALoopMayHaveRunOnAnEarlierRound() {
        var flow = TestFlow.workflow("demo")
                .state("count", "int", "0")
                .task("a", command("true"), outputs("done", "again"))
                .task("b", command("true"))
                .edge("start -> a")
                .edge("a -> b when again && (b.exit_code == 0 || state.count == 0)")
                .edge("a -> end when done")
                .edge("b -> a loop max 3");
        assertThat(of(flow.check(), Code.NOT_YET_RUN)).isEmpty();
    }

    @Test
    void aBranchCannotReadItselfButAnEdgeMayReadItsSource() {
        var flow = TestFlow.workflow("demo")
                .branch("check", "check.condition_result")
                .edge("start -> check")
                .edge("check -> end when check.on_true")
                .edge("check -> end when check.on_false");
        var d = only(flow.check(), Code.NOT_YET_RUN);
        assertThat(d.message()).isEqualTo("the condition of branch \"check\" reads \"check.condition_result\" before \"check\" has run;"
                + " read a node that runs before it");
    }

    @Test
    void aConditionMayReadNodesFarUpstreamInALongChain() {
        var flow = TestFlow.workflow("demo");
        int n = 2_000;
        for (int i = 0; i < n; i++) {
            flow.task("t" + i, command("true"));
        }
        flow.edge("start -> t0");
        for (int i = 0; i < n - 1; i++) {
            flow.edge("t" + i + " -> t" + (i + 1) + " when t0.exit_code == 0 || t" + (n - 1 - i) + ".exit_code == 0");
        }
        flow.edge("t" + (n - 1) + " -> end");
        // Edge i reads t(n-1-i): it has run for the first half of the chain, not for the second.
        assertThat(of(flow.check(), Code.NOT_YET_RUN)).hasSize(n / 2);
    }

    @Test
    void reportsConditionsThatAreAlwaysTheSame() {
        var flow = when("1 == 2");
        var d = only(flow.check(), Code.CONSTANT_CONDITION);
        assertThat(d.severity()).isEqualTo(Severity.WARNING);
        assertThat(flow.text(d.source())).isEqualTo("1 == 2");
        assertThat(d.message()).isEqualTo("\"1 == 2\" compares two constants, so it is always false; compare a reference such as state.NAME or NODE.FIELD instead");
        assertThat(only(checked("true"), Code.CONSTANT_CONDITION).message()).isEqualTo("the condition of \"a\" -> \"end\" is always true; remove it");
        assertThat(only(checked("state.ok && 2 >= 1.5"), Code.CONSTANT_CONDITION).message()).contains("always true");
        assertThat(only(checked("\"a\" in [\"a\", \"b\"]"), Code.CONSTANT_CONDITION).message()).contains("always true");
    }

    @Test
    void reportsStateUpdatesOfUnknownVariablesAndWrongTypes() {
        var flow = TestFlow.workflow("demo")
                .state("count", "int", "0")
                .state("level", "enum(low, high)")
                .state("notes", "list<string>")
                .task("a", command("true"),
                        on("done", "set cuont = 1"),
                        on("done", "set count = \"many\""),
                        on("done", "append a.summary to count"),
                        on("done", "append a.exit_code to notes"),
                        on("done", "set level = \"hihg\""))
                .edge("start -> a -> end");
        var found = flow.check();
        assertThat(only(found, Code.UNKNOWN_VARIABLE).message()).isEqualTo("unknown state variable \"cuont\"; did you mean \"count\"?");
        assertThat(flow.text(only(found, Code.UNKNOWN_VARIABLE).source())).isEqualTo("cuont");
        assertThat(of(found, Code.TYPE_MISMATCH)).extracting(Diagnostic::message).containsExactly(
                "\"many\" is a string, but \"count\" is an int; store a value of that type",
                "cannot append to \"count\", which is an int, not a list; use \"set\", or declare it as a list",
                "\"a.exit_code\" is an int, but \"notes\" holds a string; store a value of that type");
        assertThat(only(found, Code.UNKNOWN_ENUM_VALUE).suggestions()).containsExactly("high");
    }

    @Test
    void wellTypedStateUpdatesAreQuiet() {
        var flow = TestFlow.workflow("demo")
                .state("count", "int", "0")
                .state("score", "float")
                .state("notes", "list<string>")
                .state("last", "string")
                .task("a", command("true"),
                        on("done", "set count = state.count + 1"),
                        on("done", "set score = state.count * 1.5"),
                        on("done", "append a.summary to notes"),
                        on("done", "set last = output"))
                .edge("start -> a -> end");
        assertThat(flow.check()).isEmpty();
    }

    @Test
    void reportsSubgraphInputsTheCalledWorkflowDoesNotDeclareOrOfTheWrongType() {
        var child = TestFlow.workflow("child").input("topic", "string").input("depth", "int").edge("start -> end");
        var flow = TestFlow.workflow("demo")
                .input("issue", "string")
                .subgraph("sub", "child", with("topc", "input.issue"), with("depth", "input.issue"), with("topic", "input.issue"))
                .edge("start -> sub -> end");
        var found = flow.check(child);
        var unknown = only(found, Code.UNKNOWN_MAPPING_KEY);
        assertThat(flow.text(unknown.source())).isEqualTo("topc = input.issue");
        assertThat(unknown.message()).isEqualTo("workflow \"child\" has no input \"topc\"; did you mean \"topic\"?");
        assertThat(only(found, Code.TYPE_MISMATCH).message()).isEqualTo("\"input.issue\" is a string, but input \"depth\" of \"child\" is an int");
    }

    @Test
    void subgraphReturnedValuesReadTheCalledWorkflowsNames() {
        var child = TestFlow.workflow("child").state("verdict", "string").edge("start -> end");
        var flow = TestFlow.workflow("demo")
                .subgraph("sub", "child", TestFlow.returns("verdict", "state.verdict"), TestFlow.returns("x", "state.verdct"))
                .edge("start -> sub -> end");
        var d = only(flow.check(child), Code.UNKNOWN_VARIABLE);
        assertThat(d.suggestions()).containsExactly("state.verdict");
    }

    @Test
    void reportsPromptPlaceholdersThatNameNothingKnown() {
        var flow = TestFlow.workflow("demo")
                .input("issue", "string")
                .state("attempts", "int")
                .task("a", agent("claude"), prompt("Fix ${isue} after ${attempts} tries, see ${a.sumary} and ${state.attempts}"))
                .human("ask", title("About ${nothing_like_it}"), prompt("${issue}?"))
                .edge("start -> a -> ask")
                .edge("ask -> end when approved")
                .edge("ask -> end when rejected")
                .interrupt("before", "ask", null, "Ask about ${isue}?");
        var found = of(flow.check(), Code.UNKNOWN_TEMPLATE_NAME);
        assertThat(found).extracting(Diagnostic::message).containsExactly(
                "placeholder \"${a.sumary}\" in the prompt of \"a\" names nothing known: \"a\" (a task) has no field \"sumary\"; did you mean \"a.summary\"?",
                "placeholder \"${isue}\" in the prompt of \"a\" names nothing known; did you mean \"issue\"?",
                "placeholder \"${nothing_like_it}\" in the title of \"ask\" names nothing known; use an input or state variable name, or NODE.FIELD",
                "placeholder \"${isue}\" in the prompt of the interrupt on \"ask\" names nothing known; did you mean \"issue\"?");
        assertThat(found).allSatisfy(d -> assertThat(d.severity()).isEqualTo(Severity.WARNING));
        assertThat(flow.text(found.get(0).source())).startsWith("task a");
        assertThat(found.get(0).suggestions()).containsExactly("a.summary");
    }

    /** FLOW408: a dialect 1 template's fields name keys of the task's input data, and parse as str.format parses them. */
    @Test
    void reportsFormatFieldsThatNameNoKeyOfTheTasksInput() {
        var flow = TestFlow.workflow("demo")
                .input("issue", "string")
                .task("a", agent("claude"), formatPrompt("Fix {issue}: {input} {{literal}}"))
                .gate("t", "tests")
                .task("b", agent("claude"), formatPrompt("After {test_status} and {sumary} of {t.summary}"))
                .task("c", agent("claude"), formatPrompt("Broken {0} and {issue"))
                .gateDef("tests", command("make", "test"))
                .edge("start -> a -> t -> b -> c -> end");
        var found = of(flow.check(), Code.FORMAT_PLACEHOLDER);
        assertThat(found).extracting(Diagnostic::message).containsExactly(
                "{sumary} in the prompt of \"b\" names no key of the task's input; did you mean \"summary\"?",
                "{t.summary} in the prompt of \"b\" names no key of the task's input; its keys are output, summary, passed, test_status, exit_code, text",
                "the prompt of \"c\" cannot be filled: {0} has no name: the template is filled with named keys only, such as {input}");
        assertThat(found).allSatisfy(d -> assertThat(d.severity()).isEqualTo(Severity.ERROR));
        assertThat(found.get(0).suggestions()).containsExactly("summary");
        // Flow's own ${...} means nothing in a format template, and no FLOW407 is reported for it.
        assertThat(of(flow.check(), Code.UNKNOWN_TEMPLATE_NAME)).isEmpty();
    }

    /** The keys of an entry node are unknown when the workflow declares no inputs (dialect 1 takes any): the run decides. */
    @Test
    void formatFieldsOfAnEntryNodeWithoutDeclaredInputsAreLeftToTheRun() {
        var flow = TestFlow.workflow("demo").task("a", agent("claude"), formatPrompt("Fix {issue}")).edge("start -> a -> end");
        assertThat(of(flow.check(), Code.FORMAT_PLACEHOLDER)).isEmpty();
    }
}

package dev.flow.check;

import static dev.flow.check.Findings.of;
import static dev.flow.check.Findings.only;
import static dev.flow.check.TestFlow.command;
import static dev.flow.check.TestFlow.retry;
import static dev.flow.check.TestFlow.timeout;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class LimitRulesTest {

    private static TestFlow oneTask(TestFlow.Part... parts) {
        return TestFlow.workflow("demo")
                .task("a", TestFlow.prepend(command("true"), parts))
                .edge("start -> a -> end");
    }

    @Test
    void reportsALoopLimitBelowOne() {
        var flow = TestFlow.workflow("demo")
                .task("a", command("true"), TestFlow.outputs("done", "again"))
                .edge("start -> a")
                .edge("a -> a loop max 0 when again")
                .edge("a -> end when done");
        var d = only(flow.check(), Code.INVALID_LOOP_LIMIT);
        assertThat(flow.text(d.source())).isEqualTo("loop max 0");
        assertThat(d.message()).isEqualTo("loop limit 0 on \"a\" -> \"a\" lets the loop run no round; use \"loop max N\" with N at least 2 (the first pass counts)");
    }

    @Test
    void reportsALoopLimitOfOneBecauseTheEdgeCouldNeverBeTaken() {
        var flow = TestFlow.workflow("demo")
                .task("a", command("true"), TestFlow.outputs("done", "again"))
                .edge("start -> a")
                .edge("a -> a loop max 1 when again")
                .edge("a -> end when done");
        var d = only(flow.check(), Code.INVALID_LOOP_LIMIT);
        assertThat(d.message()).contains("lets the loop body run once, so the edge is never taken");
    }

    @Test
    void reportsRunLimitsOfZeroOrLess() {
        var flow = oneTask().limits(0L, Duration.ofMinutes(-5), 0.0);
        var found = of(flow.check(), Code.INVALID_LIMIT);
        assertThat(found).extracting(Diagnostic::message).containsExactlyInAnyOrder(
                "max executions 0 would stop the run before its first node; use a positive number, or remove the limit",
                "max time -5m would stop the run at once; use a positive duration such as 30m, or remove the limit",
                "max cost 0.0 would stop the run before its first agent; use a positive amount, or remove the limit");
        assertThat(found).allSatisfy(d -> assertThat(flow.text(d.source())).startsWith("limits max executions 0"));
    }

    @Test
    void reportsAnInputsKeyTheKeyValueStoreCannotHold() {
        var flow = TestFlow.workflow("demo")
                .task("plan", command("true"))
                .task("work", command("true"), TestFlow.reads("goal", "plan", ""), TestFlow.reads(null, "run", "x".repeat(201)))
                .edge("start -> plan -> work -> end");
        var found = of(flow.check(), Code.INVALID_KV_KEY);
        assertThat(found).hasSize(2);
        assertThat(flow.text(found.get(0).source())).isEqualTo("goal = plan[\"\"]");
        assertThat(found.get(0).message()).isEqualTo("the inputs of \"work\" read plan[\"\"], a key the key-value store cannot hold:"
                + " a key is 1 to 200 characters, none of them a control character");
    }

    @Test
    void inputsKeysOfUpTo200PrintableCharactersAreQuiet() {
        var flow = TestFlow.workflow("demo")
                .task("plan", command("true"))
                .task("work", command("true"), TestFlow.reads("goal", "plan", "ctx.goal"), TestFlow.reads(null, "run", "x".repeat(200)))
                .edge("start -> plan -> work -> end");
        assertThat(of(flow.check(), Code.INVALID_KV_KEY)).isEmpty();
    }

    @Test
    void positiveLimitsAreQuiet() {
        assertThat(oneTask(timeout(Duration.ofMinutes(10)), retry(3, Duration.ofSeconds(1), 2.0, Duration.ofMinutes(1)))
                .limits(100L, Duration.ofHours(1), 5.0).maxParallel(2).check()).isEmpty();
    }

    @Test
    void reportsTimeoutsOfZeroOrLessOnNodesAndGates() {
        var flow = TestFlow.workflow("demo")
                .gateDef("tests", timeout(Duration.ZERO))
                .task("a", command("true"), timeout(Duration.ofSeconds(-1)))
                .gate("test", "tests")
                .edge("start -> a -> test -> end");
        var found = of(flow.check(), Code.INVALID_TIMEOUT);
        assertThat(found).extracting(d -> flow.line(d.source())).containsExactly(
                "gate tests { run [\"true\"] timeout PT0S }", "task a { run [true] timeout PT-1S }");
        assertThat(found).extracting(Diagnostic::message).containsExactly(
                "timeout 0s of gate \"tests\" would stop it before it starts; use a positive duration such as 10m, or remove it",
                "timeout -1s of \"a\" would stop it before it starts; use a positive duration such as 10m, or remove it");
    }

    @Test
    void reportsRetryPoliciesThatMakeNoSense() {
        var flow = oneTask(retry(-1, Duration.ofMinutes(10), 0.5, Duration.ofMinutes(1)));
        var found = of(flow.check(), Code.INVALID_RETRY);
        assertThat(found).extracting(Diagnostic::message).containsExactlyInAnyOrder(
                "retry count -1 of \"a\" is negative; use 0 for no retries, or a positive count",
                "backoff factor 0.5 of \"a\" would shrink the waits; use 1 or more",
                "first backoff 10m of \"a\" is longer than the max backoff 1m; make the first wait the shorter one");
        assertThat(flow.text(found.get(0).source())).startsWith("retry -1");
        var negative = oneTask(retry(1, Duration.ofSeconds(-1), 2, Duration.ofMinutes(1)));
        assertThat(only(negative.check(), Code.INVALID_RETRY).message()).isEqualTo("negative backoff of \"a\"; a wait between attempts is zero or more");
    }

    @Test
    void reportsMaxParallelBelowOne() {
        var flow = oneTask().maxParallel(0);
        var d = only(flow.check(), Code.INVALID_MAX_PARALLEL);
        assertThat(flow.text(d.source())).isEqualTo("max parallel 0");
        assertThat(d.message()).isEqualTo("max parallel 0 would let no node run; use 1 or more");
    }

    @Test
    void reportsInitialValuesAndDefaultsThatDoNotFitTheirTypes() {
        var flow = oneTask()
                .input("depth", "int", "\"deep\"")
                .input("ratio", "float", "1")
                .state("level", "enum(low, high)", "\"hihg\"")
                .state("notes", "list<string>", "[\"a\", 2]")
                .state("ok", "bool", "null");
        var found = of(flow.check(), Code.INVALID_VALUE);
        assertThat(found).extracting(Diagnostic::message).containsExactly(
                "the default of input \"depth\" does not fit its type int: \"deep\" is a string, not an int",
                "the initial value of state variable \"level\" does not fit its type enum(low, high): \"hihg\" is not one of \"low\", \"high\"; did you mean \"high\"?",
                "the initial value of state variable \"notes\" does not fit its type list<string>: item 2: 2 is an int, not a string");
        assertThat(flow.text(found.get(0).source())).isEqualTo("input depth: int = \"deep\"");
        assertThat(found.get(1).suggestions()).containsExactly("high");
    }
}

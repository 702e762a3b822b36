package dev.flow.engine;

import static dev.flow.testing.GraphBuilder.any;
import static dev.flow.testing.GraphBuilder.bin;
import static dev.flow.testing.GraphBuilder.lit;
import static dev.flow.testing.GraphBuilder.not;
import static dev.flow.testing.GraphBuilder.ref;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.AgentDef;
import dev.flow.model.Expr.BinaryOp;
import dev.flow.model.FlowGraph;
import dev.flow.model.MergeStrategy;
import dev.flow.model.Type;
import dev.flow.model.Value;
import dev.flow.model.WaitMode;
import dev.flow.store.RunRow;
import dev.flow.testing.GraphBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runnable examples of {@code examples/*.flow}, built here with the model API as the compiler
 * should build them, and run from the examples folder with the scripted agent: each completes (the
 * approval after an answer). Once the language's compiler is merged, the examples module runs the
 * .flow files themselves through it.
 */
@dev.flow.store.BothStores
class ExamplesTest {
    @TempDir
    Path dir;

    private static final Path EXAMPLES = TestPaths.repoRoot().resolve("examples");

    private RunResult run(Harness h, FlowGraph g) {
        return h.engine.run(h.engine.start(g, Map.of(), EXAMPLES));
    }

    private static String result(Harness h, String id, String node) {
        return h.engine.store().read(tx -> tx.nodes().get(id, node)).orElseThrow().resultJson();
    }

    static FlowGraph hello() {
        return GraphBuilder.workflow("hello")
                .input("name", Type.STRING, Value.of("world"))
                .argv("greet", "sh", "-c", "echo \"hello, $FLOW_INPUT_name\"")
                .sh("count", "printf '%s' \"$FLOW_INPUT_name\" | wc -c | tr -d ' '")
                .sh("report", "echo \"greeted $FLOW_ARG_who: $FLOW_ARG_letters letters\"")
                .chain("start", "greet", "count")
                .edgeWith("count", "report", Map.of("who", ref("name"), "letters", ref("count.summary")))
                .chain("report", "end")
                .graph();
    }

    static FlowGraph fixLoop() {
        return GraphBuilder.workflow("fix_loop").config(2, true).limits(20L, null, null)
                .input("issue", Type.STRING, Value.of("the parser drops the last line"))
                .state("attempts", Type.INT, Value.of(0L))
                .agentDef("scripted", List.of("agents/scripted-agent"), AgentDef.PromptVia.STDIN)
                .gateDef("tests", "echo \"running the tests, pass $FLOW_ITERATION\"; test \"$FLOW_ITERATION\" -ge 3")
                .agentTask("analyze", "scripted", "Analyze this issue: ${issue}\n@summary the loop stops one line early\n@output done")
                .outputs("analyze", "done", "blocked")
                .agentTask("fix", "scripted", "Fix it, given: ${analyze.summary} (attempts so far: ${attempts})\n@summary patched the loop bound")
                .on("fix", "done", "attempts", bin(BinaryOp.ADD, ref("attempts"), lit(1L)))
                .gate("test", "tests")
                .sh("review", "echo \"reviewed after $FLOW_STATE_attempts attempts\"")
                .human("escalate", "The tests still fail after ${attempts} attempts. Take over?", "ok", "ok")
                .timeout("escalate", Duration.ofHours(1))
                .edge("start", "analyze")
                .edge("analyze", "fix", any("done"))
                .edge("analyze", "escalate", any("blocked"))
                .edge("fix", "test")
                .edge("test", "review", ref("test.passed"))
                .loop("test", "fix", 3, not(ref("test.passed")))
                .onLimit("test", "escalate")
                .edge("review", "end")
                .edge("escalate", "end")
                .graph();
    }

    /** examples/parallel_checks.flow without its one-second sleeps: nothing here measures time. */
    static FlowGraph parallelChecks() {
        var f = GraphBuilder.workflow("parallel_checks").config(3, true)
                .state("notes", Type.list(Type.STRING), new Value.ListOf(List.of()))
                .parallel("checks")
                .sh("lint", "echo lint clean").append("lint", "done", "notes", ref("lint.summary"))
                .sh("unit", "echo 12 tests passed").append("unit", "done", "notes", ref("unit.summary"))
                .sh("docs", "echo docs built").append("docs", "done", "notes", ref("docs.summary"))
                .merge("joined", WaitMode.ALL, MergeStrategy.UNION)
                .sh("report", "echo \"checks: $FLOW_STATE_notes\"")
                .edge("start", "checks");
        for (String c : List.of("lint", "unit", "docs")) {
            f.chain("checks", c, "joined");
        }
        return f.chain("joined", "report", "end").graph();
    }

    static FlowGraph flakyRetry() {
        return GraphBuilder.workflow("flaky_retry").limits(10L, Duration.ofMinutes(5), null)
                .sh("download", "echo \"attempt $FLOW_ATTEMPT\"; test \"$FLOW_ATTEMPT\" -ge 3")
                .retry("download", 3, Duration.ofMillis(100))
                .sh("unpack", "echo unpacked")
                .chain("start", "download", "unpack", "end")
                .graph();
    }

    static FlowGraph approval() {
        return GraphBuilder.workflow("approval")
                .sh("build", "echo version 1.2.3")
                .human("review", "The build made ${build.summary}. Ship it?", "rejected", "approved", "rejected")
                .timeout("review", Duration.ofDays(1))
                .sh("ship", "echo shipped")
                .chain("start", "build", "review")
                .edge("review", "ship", any("approved"))
                .edge("review", "end", any("rejected"))
                .chain("ship", "end")
                .graph();
    }

    @Test
    void helloHandsValuesFromStepToStepThroughTheEnvironment() {
        try (var h = new Harness(dir)) {
            String id = h.engine.start(hello(), Map.of("name", "Ada"), EXAMPLES);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(result(h, id, "report")).contains("greeted Ada: 3 letters");
        }
    }

    @Test
    void fixLoopGoesRoundUntilTheTestsPassOnTheThirdPass() {
        try (var h = new Harness(dir)) {
            String id = h.engine.start(fixLoop(), Map.of(), EXAMPLES);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.history(id, "fix")).hasSize(3);
            assertThat(h.state(id, "attempts")).isEqualTo(3L);
            assertThat(result(h, id, "review")).contains("reviewed after 3 attempts");
        }
    }

    @Test
    void parallelChecksRunSideBySideAndReportTogether() {
        try (var h = new Harness(dir)) {
            RunResult r = run(h, parallelChecks());
            assertThat(r.outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(result(h, r.executionId(), "report")).contains("lint clean").contains("12 tests passed").contains("docs built");
        }
    }

    @Test
    void flakyRetrySucceedsOnItsThirdAttempt() {
        try (var h = new Harness(dir)) {
            RunResult r = run(h, flakyRetry());
            assertThat(r.outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.history(r.executionId(), "download")).extracting(RunRow::attempt).containsExactly(1, 2, 3);
        }
    }

    @Test
    void approvalPausesForAPersonAndShipsOnceApproved() {
        try (var h = new Harness(dir)) {
            RunResult paused = run(h, approval());
            assertThat(paused.outcome()).isEqualTo(RunOutcome.PAUSED);
            assertThat(paused.questions().get(0).prompt()).isEqualTo("The build made version 1.2.3. Ship it?");
            h.engine.answer(paused.executionId(), "review", "approved", null);
            assertThat(h.engine.resume(paused.executionId()).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(result(h, paused.executionId(), "ship")).contains("shipped");
        }
    }
}

package dev.flow.engine;

import static dev.flow.testing.GraphBuilder.any;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.Type;
import dev.flow.store.NodeStatus;
import dev.flow.store.RunRow;
import dev.flow.testing.GraphBuilder;
import dev.flow.testing.Poll;
import dev.flow.testing.Processes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@dev.flow.store.BothStores
class TaskExecutionTest {
    @TempDir
    Path dir;

    private static String result(Harness h, String id, String node) {
        return h.engine.store().read(tx -> tx.nodes().get(id, node)).orElseThrow().resultJson();
    }

    @Test
    void theLastLineOfACommandNamesItsOutput() {
        var g = GraphBuilder.workflow("w").sh("review", "echo looking; echo P1").outputs("review", "P0", "P1", "clean")
                .checkpoint("fix").checkpoint("ship")
                .edge("start", "review").edge("review", "fix", any("P0", "P1")).edge("review", "ship", any("clean"))
                .chain("fix", "end").chain("ship", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.node(id, "review").output()).isEqualTo("P1");
            assertThat(h.status(id, "ship")).isEqualTo(NodeStatus.SKIPPED);
        }
    }

    @Test
    void aNonZeroExitGivesTheDeclaredFailOutput() {
        var g = GraphBuilder.workflow("w").sh("t", "echo oops >&2; exit 3").outputs("t", "ok", "fail")
                .checkpoint("recover").edge("start", "t").edge("t", "end", any("ok")).edge("t", "recover", any("fail")).chain("recover", "end")
                .graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.node(id, "t").output()).isEqualTo("fail");
            assertThat(result(h, id, "t")).contains("\"exit_code\":3").contains("oops");
        }
    }

    @Test
    void aNonZeroExitWithoutAFailOutputFailsTheNodeAndTheRun() {
        var g = GraphBuilder.workflow("w").sh("t", "echo broken >&2; exit 2").chain("start", "t", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.exitCode()).isEqualTo(1);
            assertThat(r.report()).contains("node \"t\" failed: exited with code 2: broken");
        }
    }

    @Test
    void aMissingProgramFailsItsNodeWithAClearMessageAndKeepsEverythingElse() {
        var g = GraphBuilder.workflow("w").sh("before", "echo kept").argv("t", "no-such-program-xyz", "--flag")
                .retry("t", 3, Duration.ofMillis(1)).chain("start", "before", "t", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report()).contains("program \"no-such-program-xyz\" is not on PATH");
            // a missing program is not retried: it would not appear by itself
            assertThat(h.history(id, "t")).hasSize(1);
            assertThat(h.node(id, "before").output()).isEqualTo("done");
        }
    }

    @Test
    void valuesReachCommandsThroughTheEnvironmentNeverTheCommandLine() throws Exception {
        var g = GraphBuilder.workflow("w").input("issue", Type.STRING, null)
                .argv("t", "sh", "-c", "printf '%s' \"$FLOW_INPUT_issue\" > got.txt; printf '%s|%s|%s' \"$FLOW_NODE_ID\" \"$FLOW_DB\" \"$FLOW_ITERATION\" > ptr.txt")
                .chain("start", "t", "end").graph();
        try (var h = new Harness(dir)) {
            String tricky = "a; rm -rf / $(touch pwned) `x` \"q\"";
            String id = h.start(g, Map.of("issue", tricky));
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(Files.readString(dir.resolve("got.txt"))).isEqualTo(tricky);
            assertThat(Files.exists(dir.resolve("pwned"))).isFalse();
            assertThat(Files.readString(dir.resolve("ptr.txt"))).isEqualTo("t|" + h.store.address() + "|1");
        }
    }

    @Test
    void outputGoesToArtifactFilesAndItsTailToTheDatabase() throws Exception {
        var g = GraphBuilder.workflow("w").sh("t", "seq 1 5000; echo warn >&2").chain("start", "t", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            Path runDir = h.store.artifactsDir().resolve(id).resolve("t").resolve("1-1");
            assertThat(Files.readAllLines(runDir.resolve("stdout.log"))).hasSize(5000);
            assertThat(Files.readString(runDir.resolve("stderr.log"))).isEqualTo("warn\n");
            String result = result(h, id, "t");
            assertThat(result).contains("5000").doesNotContain("\\n1\\n2\\n3\\n");
            assertThat(result.length()).isLessThan(6000);
        }
    }

    @Test
    void aTimeoutKillsTheWholeProcessTree() throws Exception {
        // The task starts a grandchild that would outlive a plain kill of its parent.
        var g = GraphBuilder.workflow("w").sh("t", "(sleep 30; echo late > late.txt) & echo $! > child.pid; sleep 30")
                .outputs("t", "done", "timeout").timeout("t", Duration.ofMillis(500))
                .chain("start", "t").edge("t", "end", any("timeout")).graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.node(id, "t").output()).isEqualTo("timeout");
            long child = Long.parseLong(Files.readString(dir.resolve("child.pid")).strip());
            Processes.awaitGone(child, "the task's grandchild");
            assertThat(dir.resolve("late.txt")).doesNotExist();
        }
    }

    @Test
    void aFailedTaskIsRetriedWithBackoffUntilItSucceeds() {
        var g = GraphBuilder.workflow("w")
                .sh("flaky", "n=$(cat tries 2>/dev/null || echo 0); n=$((n+1)); echo $n > tries; [ $n -ge 3 ]")
                .retry("flaky", 3, Duration.ofMillis(20)).chain("start", "flaky", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.history(id, "flaky")).extracting(RunRow::attempt).containsExactly(1, 2, 3);
            assertThat(h.eventKinds(id, "flaky")).containsSubsequence("node_retry", "node_retry", "node_completed");
        }
    }

    @Test
    void retriesStopAtTheLimitOfThePolicy() {
        var g = GraphBuilder.workflow("w").sh("bad", "exit 1").retry("bad", 2, Duration.ofMillis(10)).chain("start", "bad", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(h.history(id, "bad")).extracting(RunRow::status).containsOnly(NodeStatus.FAILED).hasSize(3);
        }
    }

    @Test
    void aGateOfSeverityWarningThatFailsCountsAsPassed() {
        var g = GraphBuilder.workflow("w").gateDef("lint", "echo style; exit 1", dev.flow.model.Severity.WARNING, List.of())
                .gate("l", "lint").edge("start", "l").edge("l", "end", GraphBuilder.ref("l.passed")).graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(result(h, id, "l")).contains("\"passed\":false").contains("not blocking");
        }
    }

    /**
     * Issue 19 (low): after a gate failed, the next attempt is told what the gate printed (its end,
     * the failing test among it, not only its last line) and where its whole log is, and is not told
     * that its JSON answer was the problem.
     */
    @Test
    void theAttemptAfterAFailedGateIsToldTheEndOfWhatTheGatePrintedAndWhereItsLogIs() throws Exception {
        String gate = "if [ \"$FLOW_ATTEMPT\" -ge 2 ]; then exit 0; fi; echo 'Tests run: 3, Failures: 1'; "
                + "echo 'FAILED: GreetingTest.saysHello expected Hello'; echo 'BUILD FAILURE'; exit 1";
        var g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot")).gateDef("tests", gate)
                .agentTask("a", "bot", "Make the tests pass.").gates("a", "tests").chain("start", "a", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            String retried = Files.readString(h.store.artifactsDir().resolve(id).resolve("a").resolve("1-2").resolve("prompt.txt"));
            assertThat(retried).contains("was not accepted: gate \"tests\" failed (exit code 1) after the task: BUILD FAILURE",
                    "FAILED: GreetingTest.saysHello expected Hello", "Tests run: 3, Failures: 1",
                    h.store.artifactsDir().resolve(id).resolve("a").resolve("1-1").resolve("gate-tests-stdout.log").toString(),
                    "so that the gate passes").doesNotContain("this time end with the JSON answer");
        }
    }

    @Test
    void aFailedGateThatNoEdgeHandlesFailsTheRunAtOnce() {
        var g = GraphBuilder.workflow("w").gateDef("tests", "exit 1").gate("test", "tests").sh("slow", "sleep 20").parallel("fan")
                .edge("start", "fan").edge("fan", "test").edge("fan", "slow").edge("test", "end", GraphBuilder.ref("test.passed")).chain("slow", "end")
                .graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report()).contains("gate \"test\" produced \"failed\" and no edge handles it");
            assertThat(h.status(id, "slow")).isEqualTo(NodeStatus.SKIPPED);
        }
    }

    @Test
    void withoutFailFastTheOtherBranchesFinishAndTheRunFailsAtTheEnd() throws Exception {
        // "other" finishes only once the gate's failure is committed, the moment fail-fast would stop it.
        var g = GraphBuilder.workflow("w").config(4, false).gateDef("tests", "exit 1").gate("test", "tests")
                .sh("other", "while [ ! -e go ]; do sleep 0.05; done; echo ok > other.txt")
                .parallel("fan").edge("start", "fan").edge("fan", "test").edge("fan", "other")
                .edge("test", "end", GraphBuilder.ref("test.passed")).chain("other", "end")
                .graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            var run = CompletableFuture.supplyAsync(() -> h.engine.run(id));
            Poll.until("the gate node to fail", () -> h.status(id, "test") == NodeStatus.FAILED);
            Files.writeString(dir.resolve("go"), "");
            RunResult r = run.get();
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(Files.readString(dir.resolve("other.txt"))).isEqualTo("ok\n");
            assertThat(r.report()).contains("node \"test\" failed");
        }
    }

    @Test
    void aTasksGatesRunAfterItAndTheirFailureFailsTheTask() {
        var task = dev.flow.model.NodeSpec.Task.builder().command(new dev.flow.model.Command.Shell("echo built", null))
                .execution(e -> e.gates(List.of(dev.flow.model.NameRef.of("check")))).build();
        var base = GraphBuilder.workflow("w").gateDef("check", "echo 'check failed'; exit 1").build();
        var nodes = new ArrayList<>(base.nodes());
        nodes.add(dev.flow.model.Node.of("build", task, null));
        var edges = List.of(
                new dev.flow.model.Edge("a", dev.flow.model.NameRef.of("start"), dev.flow.model.NameRef.of("build"), null, null, false, null, null),
                new dev.flow.model.Edge("b", dev.flow.model.NameRef.of("build"), dev.flow.model.NameRef.of("end"), null, null, false, null, null));
        var w = dev.flow.model.Workflow.builder().id("w").inputs(base.inputs()).state(base.state()).gates(base.gates()).agents(base.agents())
                .nodes(nodes).edges(edges).build();
        try (var h = new Harness(dir)) {
            RunResult r = h.run(dev.flow.model.FlowGraph.of(w));
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report()).contains("gate \"check\" failed (exit code 1) after the task");
        }
    }
}

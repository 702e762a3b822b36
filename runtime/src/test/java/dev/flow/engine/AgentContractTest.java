package dev.flow.engine;

import static dev.flow.testing.GraphBuilder.any;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.AgentDef;
import dev.flow.model.FlowGraph;
import dev.flow.store.ErrorClass;
import dev.flow.store.NodeStatus;
import dev.flow.store.RunRow;
import dev.flow.testing.GraphBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent contract as the engine keeps it: every answer is judged honestly (an envelope's
 * is_error, a cost that is not a number, an answer too large), every attempt's cost counts, every
 * failed attempt has a class that decides whether it is retried, a validation failure is retried
 * with feedback, and a task can go on with its agent's conversation. Agents are real programs: the
 * scripted agent, or a shell line printing what a real agent would.
 */
@dev.flow.store.BothStores
class AgentContractTest {
    @TempDir
    Path dir;

    private static final Duration QUICK = Duration.ofMillis(1);

    /** A workflow whose only task is run by an agent that prints {@code answer} (a shell line) and exits. */
    private static GraphBuilder printing(String shLine) {
        return GraphBuilder.workflow("w").agentDef("bot", List.of("sh", "-c", shLine), AgentDef.PromptVia.STDIN)
                .agentTask("a", "bot", "do it").chain("start", "a", "end");
    }

    private static String echo(String json) {
        return "printf '%s\\n' '" + json + "'";
    }

    private Path runDir(Harness h, String exec, String node, int iteration, int attempt) {
        return h.store.artifactsDir().resolve(exec).resolve(node).resolve(iteration + "-" + attempt);
    }

    // ------------------------------------------------------------------ item 3: the honest contract

    @Test
    void anEnvelopeWithIsErrorFailsTheAttemptThoughTheAgentExitedZeroAndItsCostCounts() {
        FlowGraph g = printing(echo("{\"type\":\"result\",\"subtype\":\"success\",\"is_error\":true,"
                + "\"result\":\"Credit balance is too low\",\"total_cost_usd\":0.25,\"session_id\":\"s-1\"}"))
                .retry("a", 3, QUICK).graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report()).contains("agent \"bot\" reported an error: Credit balance is too low");
            // a logic error is never retried, whatever the policy says
            assertThat(h.history(id, "a")).hasSize(1);
            NodeState a = h.node(id, "a");
            assertThat(a.errorClass()).isEqualTo(ErrorClass.LOGIC);
            assertThat(a.cost()).isEqualTo(0.25);
            assertThat(a.sessionId()).isEqualTo("s-1");
            assertThat(h.engine.queries().status(id).execution().cost()).isEqualTo(0.25);
        }
    }

    @Test
    void anEnvelopeErrorThatSpeaksOfARateLimitIsTransientAndRetried() {
        FlowGraph g = printing(echo("{\"type\":\"result\",\"is_error\":true,\"result\":\"API Error: 429 rate limit exceeded\",\"total_cost_usd\":0.01}"))
                .retry("a", 2, QUICK).graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(h.history(id, "a")).extracting(RunRow::errorClass).containsExactly(ErrorClass.TRANSIENT, ErrorClass.TRANSIENT,
                    ErrorClass.TRANSIENT);
            assertThat(h.history(id, "a")).extracting(RunRow::cost).containsExactly(0.01, 0.01, 0.01);
            assertThat(h.engine.queries().status(id).execution().cost()).isCloseTo(0.03, org.assertj.core.data.Offset.offset(1e-9));
        }
    }

    @Test
    void theCostOfFailedAttemptsCountsAndStopsTheRunAtMaxCost() {
        FlowGraph g = printing(echo("{\"output\": \"done\", \"cost\": 0.6}") + "; exit 1")
                .retry("a", 5, QUICK).limits(null, null, 1.0).graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.LIMIT_REACHED);
            assertThat(r.report()).contains("max cost reached");
            // the second failed attempt passed the limit: no third one
            List<RunRow> history = h.history(id, "a");
            assertThat(history).extracting(RunRow::attempt).containsExactly(1, 2);
            assertThat(history).extracting(RunRow::cost).containsExactly(0.6, 0.6);
            assertThat(history).extracting(RunRow::status).containsOnly(NodeStatus.FAILED);
            assertThat(h.engine.queries().status(id).execution().cost()).isCloseTo(1.2, org.assertj.core.data.Offset.offset(1e-9));
        }
    }

    @Test
    void anAnswerTooLargeToReadIsAnErrorAndNeverTheFirstOutput() {
        // 5 MiB of chatter before a valid answer: Flow reads at most 4 MiB.
        FlowGraph g = printing("head -c 5242880 /dev/zero | tr '\\000' x; echo; " + echo("{\"output\": \"yes\"}"))
                .outputs("a", "yes", "no").retry("a", 0, QUICK).graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report()).contains("agent \"bot\"'s answer is 5.0 MB; Flow reads at most 4.0 MB");
            assertThat(h.node(id, "a").output()).isNull();
            assertThat(h.node(id, "a").errorClass()).isEqualTo(ErrorClass.VALIDATION);
        }
    }

    @Test
    void threeHundredKilobytesOfBracesBeforeTheAnswerStillGiveTheAnswer() {
        FlowGraph g = printing("head -c 307200 /dev/zero | tr '\\000' '}'; echo; head -c 307200 /dev/zero | tr '\\000' '{'; echo; "
                + echo("{\"output\": \"no\", \"summary\": \"found it\"}")).outputs("a", "yes", "no").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.node(id, "a").output()).isEqualTo("no");
        }
    }

    /** The run of {@code flow} (without retries) fails, and its report says {@code why}. */
    private void assertRefused(GraphBuilder flow, String why) {
        try (var h = new Harness(dir)) {
            RunResult r = h.run(flow.retry("a", 0, QUICK).graph());
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report()).contains(why);
        }
    }

    @Test
    void aNulCharacterInTheAnswerIsRefusedNamingItsField() {
        assertRefused(printing("printf '{\"output\": \"done\", \"summary\": \"a\\000b\"}\\n'"),
                "answer cannot be used: \"summary\" holds a NUL character");
    }

    @Test
    void anInfiniteCostIsRefused() {
        assertRefused(printing(echo("{\"output\": \"done\", \"cost\": 1e999}")), "answer cannot be used: \"cost\" is not a finite number");
    }

    @Test
    void anIntegerBeyondSixtyFourBitsIsRefusedNamingItsField() {
        FlowGraph g = printing(echo("{\"output\": \"done\", \"state\": {\"n\": 99999999999999999999}}"))
                .state("n", dev.flow.model.Type.INT, dev.flow.model.Value.of(0L)).retry("a", 0, QUICK).graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report()).contains("\"state.n\" is 99999999999999999999, beyond the range of a 64-bit integer");
            assertThat(h.state(id, "n")).isEqualTo(0L);
        }
    }

    @Test
    void aNodeWithSeveralOutputsNeedsAnAnswerThatNamesOne() {
        assertRefused(printing("echo 'All done, I think.'").outputs("a", "yes", "no"), "agent \"bot\" named no output, and node \"a\" has several (yes, no)");
    }

    // ------------------------------------------------------------------ retry ... on OUTPUT

    /** {@code deploy} runs {@code shLine} with outputs done and fail and {@code retry N on fail}; fail goes to a rollback. */
    private static FlowGraph deployWithRollback(String shLine, int retries) {
        return GraphBuilder.workflow("w")
                .sh("deploy", shLine).outputs("deploy", "done", "fail")
                .retryOn("deploy", retries, QUICK, "fail")
                .sh("rollback", "echo rolled back >> rollback.log")
                .chain("start", "deploy").edge("deploy", "end", any("done")).edge("deploy", "rollback", any("fail")).chain("rollback", "end")
                .graph();
    }

    @Test
    void retryOnFailTriesTheFailOutputAgainThenRoutesItOnceAttemptsRunOut() throws Exception {
        FlowGraph g = deployWithRollback("echo try >> tries.log; echo 'connection refused' >&2; exit 1", 2);
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(Files.readAllLines(dir.resolve("tries.log"))).hasSize(3);
            assertThat(Files.readAllLines(dir.resolve("rollback.log"))).containsExactly("rolled back");
            List<RunRow> history = h.history(id, "deploy");
            assertThat(history).extracting(RunRow::status).containsExactly(NodeStatus.FAILED, NodeStatus.FAILED, NodeStatus.COMPLETED);
            assertThat(history).extracting(RunRow::output).containsExactly("fail", "fail", "fail");
            assertThat(history.get(0).error()).isEqualTo("produced \"fail\"");
        }
    }

    @Test
    void retryOnFailStopsRetryingOnceTheCommandSucceeds() throws Exception {
        FlowGraph g = deployWithRollback("n=$(cat tries 2>/dev/null || echo 0); n=$((n+1)); echo $n > tries; [ $n -ge 2 ]", 3);
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.node(id, "deploy").output()).isEqualTo("done");
            assertThat(h.node(id, "deploy").attempt()).isEqualTo(2);
            assertThat(dir.resolve("rollback.log")).doesNotExist();
        }
    }

    @Test
    void aGateNodeRunsAgainOnFailedBeforeRoutingIt() {
        FlowGraph g = GraphBuilder.workflow("w")
                .gateDef("tests", "n=$(cat runs 2>/dev/null || echo 0); n=$((n+1)); echo $n > runs; [ $n -ge 2 ]")
                .gate("test", "tests").retryOn("test", 2, QUICK, "failed")
                .checkpoint("broken")
                .chain("start", "test").edge("test", "end", any("passed")).edge("test", "broken", any("failed")).chain("broken", "end")
                .graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.node(id, "test").output()).isEqualTo("passed");
            assertThat(h.history(id, "test")).extracting(RunRow::output).containsExactly("failed", "passed");
            assertThat(h.node(id, "broken").status()).isNotEqualTo(NodeStatus.COMPLETED);
        }
    }

    // ------------------------------------------------------------------ issue 12: the timeout output

    @Test
    void anAgentTaskThatDeclaresATimeoutOutputTakesItOnTimeout() {
        // The agent sleeps 30 s; the node's timeout kills it after 300 ms.
        FlowGraph g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot")).agentTask("a", "bot", "@sleep 30").outputs("a", "done", "timeout")
                .timeout("a", Duration.ofMillis(300)).checkpoint("late")
                .chain("start", "a").edge("a", "end", any("done")).edge("a", "late", any("timeout")).chain("late", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.node(id, "a").output()).isEqualTo("timeout");
            assertThat(h.node(id, "late").status()).isEqualTo(NodeStatus.COMPLETED);
        }
    }

    // ------------------------------------------------------------------ item 4: classes and feedback

    @Test
    void aValidationFailureIsRetriedOnceWithFeedbackEvenWithoutARetryPolicy() throws Exception {
        FlowGraph g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot")).agentTask("a", "bot", "Decide.\n@outputs maybe,yes").outputs("a", "yes", "no")
                .chain("start", "a", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.node(id, "a").output()).isEqualTo("yes");
            RunRow first = h.history(id, "a").get(0);
            assertThat(first.errorClass()).isEqualTo(ErrorClass.VALIDATION);
            assertThat(Files.readString(runDir(h, id, "a", 1, 1).resolve("prompt.txt"))).doesNotContain("not accepted");
            assertThat(Files.readString(runDir(h, id, "a", 1, 2).resolve("prompt.txt")))
                    .contains("Your previous answer (attempt 1) was not accepted: agent \"bot\" answered output \"maybe\", which node \"a\" does not declare");
        }
    }

    @Test
    void retryZeroTurnsTheFreeValidationRetryOff() {
        FlowGraph g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot")).agentTask("a", "bot", "@outputs maybe,yes").outputs("a", "yes", "no")
                .retry("a", 0, QUICK).chain("start", "a", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(h.history(id, "a")).hasSize(1);
        }
    }

    @Test
    void stateOfTheWrongTypeIsAValidationFailureAndSetsNothing() {
        FlowGraph g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot"))
                .state("n", dev.flow.model.Type.INT, dev.flow.model.Value.of(0L))
                .state("m", dev.flow.model.Type.INT, dev.flow.model.Value.of(0L))
                .agentTask("a", "bot", "@state m=5\n@state n=\"many\"").retry("a", 0, QUICK).chain("start", "a", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.report()).contains("the agent reported state \"n\" of the wrong type");
            assertThat(h.node(id, "a").errorClass()).isEqualTo(ErrorClass.VALIDATION);
            assertThat(h.state(id, "m")).isEqualTo(0L);
        }
    }

    @Test
    void aTimeoutIsTransientAndAMissingProgramIsLogic() {
        FlowGraph slow = GraphBuilder.workflow("w").sh("t", "sleep 30").timeout("t", Duration.ofMillis(200)).retry("t", 1, QUICK)
                .chain("start", "t", "end").graph();
        FlowGraph missing = GraphBuilder.workflow("w").argv("t", "no-such-program-xyz").retry("t", 3, QUICK).chain("start", "t", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(slow);
            h.engine.run(id);
            assertThat(h.history(id, "t")).extracting(RunRow::errorClass).containsExactly(ErrorClass.TRANSIENT, ErrorClass.TRANSIENT);
            String other = h.start(missing);
            h.engine.run(other);
            assertThat(h.history(other, "t")).extracting(RunRow::errorClass).containsExactly(ErrorClass.LOGIC);
        }
    }

    @Test
    void aProcessKilledByASignalSaysSo() {
        FlowGraph g = GraphBuilder.workflow("w").sh("t", "kill -9 $$").chain("start", "t", "end").graph();
        try (var h = new Harness(dir)) {
            RunResult r = h.run(g);
            assertThat(r.report()).contains("was killed by signal 9 (KILL)");
        }
    }

    // ------------------------------------------------------------------ item 5: sessions

    private static final Pattern SESSION = Pattern.compile("\"session_id\": \"([^\"]+)\"");

    private static String reportedSession(Path stdout) throws Exception {
        Matcher m = SESSION.matcher(Files.readString(stdout));
        assertThat(m.find()).as("a session id in %s", stdout).isTrue();
        return m.group(1);
    }

    @Test
    void theSecondPassOfALoopContinuesTheFirstPassesSessionOnlyWhereTheTaskAsksForIt() throws Exception {
        FlowGraph g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot"))
                .agentTask("fix", "bot", "@output done").continueSession("fix")
                .agentTask("fresh", "bot", "@output done")
                .checkpoint("check")
                .chain("start", "fix", "fresh", "check")
                .loop("check", "fix", 2, null)
                .onLimit("check", "end")
                .graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);

            String first = reportedSession(runDir(h, id, "fix", 1, 1).resolve("stdout.log"));
            String second = Files.readString(runDir(h, id, "fix", 2, 1).resolve("stdout.log"));
            assertThat(second).contains("continuing session " + first);
            assertThat(h.node(id, "fix").sessionId()).isEqualTo(first);

            String freshFirst = reportedSession(runDir(h, id, "fresh", 1, 1).resolve("stdout.log"));
            String freshSecond = Files.readString(runDir(h, id, "fresh", 2, 1).resolve("stdout.log"));
            assertThat(freshSecond).doesNotContain("continuing session");
            assertThat(reportedSession(runDir(h, id, "fresh", 2, 1).resolve("stdout.log"))).isNotEqualTo(freshFirst);
        }
    }

    @Test
    void builtInAgentsContinueTheirSessionWithTheirOwnCommandLines() throws Exception {
        // Stand-ins for claude and codex: each records its arguments and answers as the real one does
        // (claude: a JSON envelope with session_id; codex: "session id: ..." at the head of stderr).
        Path claude = dir.resolve("claude");
        Files.writeString(claude, "#!/bin/sh\necho \"$*\" >> '" + dir.resolve("claude.args") + "'\ncat > /dev/null\n"
                + "echo '{\"type\":\"result\",\"is_error\":false,\"result\":\"ok {\\\"output\\\": \\\"done\\\"}\",\"session_id\":\"c-1\"}'\n");
        Path codex = dir.resolve("codex");
        Files.writeString(codex, "#!/bin/sh\necho \"$*\" >> '" + dir.resolve("codex.args") + "'\ncat > /dev/null\n"
                + "echo 'session id: x-9' >&2\necho '{\"output\": \"done\"}'\n");
        claude.toFile().setExecutable(true);
        codex.toFile().setExecutable(true);
        FlowGraph g = GraphBuilder.workflow("w")
                .agentTask("ask", "claude", "hello").continueSession("ask")
                .agentTask("code", "codex", "hello").continueSession("code")
                .checkpoint("check")
                .chain("start", "ask", "code", "check")
                .loop("check", "ask", 2, null)
                .onLimit("check", "end")
                .graph();
        var commands = Map.of(
                "claude", List.of(claude.toString(), "-p", "--output-format", "json"),
                "codex", List.of(codex.toString(), "exec", "--skip-git-repo-check", "-"));
        try (var h = new Harness(dir, b -> b.agentCommands(commands))) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(Files.readAllLines(dir.resolve("claude.args"))).containsExactly("-p --output-format json",
                    "-p --output-format json --resume c-1");
            assertThat(Files.readAllLines(dir.resolve("codex.args"))).containsExactly("exec --skip-git-repo-check -",
                    "exec --skip-git-repo-check resume x-9 -");
            assertThat(h.node(id, "code").sessionId()).isEqualTo("x-9");
        }
    }

    @Test
    void theSessionSurvivesAResumeOfTheExecution() throws Exception {
        // A new engine on the same database (as after a crash) continues the stored session.
        FlowGraph g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot"))
                .agentTask("fix", "bot", "@output done").continueSession("fix")
                .human("ask", "again?", null, "again", "stop")
                .chain("start", "fix", "ask")
                .loop("ask", "fix", 2, any("again"))
                .edge("ask", "end", any("stop"))
                .onLimit("ask", "end")
                .graph();
        String id;
        String first;
        try (var h = new Harness(dir)) {
            id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.PAUSED);
            first = h.node(id, "fix").sessionId();
            assertThat(first).isNotNull();
        }
        try (var h = new Harness(dir)) {
            h.engine.answer(id, "ask", "again", null);
            h.engine.resume(id);
            assertThat(Files.readString(runDir(h, id, "fix", 2, 1).resolve("stdout.log"))).contains("continuing session " + first);
        }
    }
}

package dev.flow.engine;

import static dev.flow.testing.GraphBuilder.any;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.AgentDef;
import dev.flow.model.Type;
import dev.flow.model.Value;
import dev.flow.testing.GraphBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@dev.flow.store.BothStores
class AgentTest {
    @TempDir
    Path dir;

    @Test
    void anAgentGetsItsFilledPromptAndItsJsonAnswerSetsOutputStateAndCost() throws Exception {
        var g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot"))
                .input("issue", Type.STRING, null)
                .state("attempts", Type.INT, Value.of(0L))
                .agentTask("analyze", "bot", "Analyze: ${issue} (attempts so far: ${attempts})\n@output blocked\n@state attempts=5\n@cost 0.25\n@summary looked at it")
                .outputs("analyze", "done", "blocked")
                .checkpoint("help")
                .edge("start", "analyze").edge("analyze", "end", any("done")).edge("analyze", "help", any("blocked")).chain("help", "end")
                .graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g, Map.of("issue", "NPE in parser"));
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.node(id, "analyze").output()).isEqualTo("blocked");
            assertThat(h.state(id, "attempts")).isEqualTo(5L);
            assertThat(h.engine.queries().status(id).execution().cost()).isEqualTo(0.25);
            Path prompt = h.store.artifactsDir().resolve(id).resolve("analyze").resolve("1-1").resolve("prompt.txt");
            assertThat(Files.readString(prompt)).startsWith("Analyze: NPE in parser (attempts so far: 0)").contains("\"output\": one of [done, blocked]");
            assertThat(h.engine.store().read(tx -> tx.nodes().get(id, "analyze")).orElseThrow().resultJson()).contains("looked at it");
        }
    }

    @Test
    void anAgentThatAnswersAnUndeclaredOutputFailsItsNode() {
        var g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot")).agentTask("a", "bot", "@output maybe").outputs("a", "yes", "no")
                .chain("start", "a", "end").graph();
        try (var h = new Harness(dir)) {
            RunResult r = h.run(g);
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report()).contains("answered output \"maybe\", which node \"a\" does not declare (its outputs: yes, no)");
        }
    }

    @Test
    void anAgentReadsItsPromptFromAFileWhenDefinedSo() {
        var g = GraphBuilder.workflow("w").agentDef("filebot", List.of(TestPaths.scriptedAgent().toString()), AgentDef.PromptVia.FILE)
                .agentTask("a", "filebot", "@output yes").outputs("a", "yes", "no").chain("start", "a", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.node(id, "a").output()).isEqualTo("yes");
        }
    }

    @Test
    void aBuiltInAgentWhoseProgramIsMissingFailsWithAHint() {
        var g = GraphBuilder.workflow("w").agentTask("a", "claude", "hello").chain("start", "a", "end").graph();
        try (var h = new Harness(dir, b -> b.agentCommands(Map.of("claude", List.of("claude-not-installed-here", "-p"))))) {
            RunResult r = h.run(g);
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report()).contains("agent \"claude\": program \"claude-not-installed-here\" is not on PATH");
        }
    }

    @Test
    void theSelfAgentNeedsACommandLineAndSaysWhereToSetIt() {
        var g = GraphBuilder.workflow("w").agentTask("a", "self", "hello").chain("start", "a", "end").graph();
        try (var h = new Harness(dir, b -> b.environment(Map.of()))) {
            RunResult r = h.run(g);
            assertThat(r.report()).contains("agent \"self\" has no command: set FLOW_AGENT_SELF");
        }
    }

    @Test
    void aBuiltInAgentsCommandLineComesFromTheEnvironmentVariable() {
        var g = GraphBuilder.workflow("w").agentTask("a", "codex", "@output ok").outputs("a", "ok").chain("start", "a", "end").graph();
        try (var h = new Harness(dir, b -> b.environment(Map.of("FLOW_AGENT_CODEX", "[\"" + TestPaths.scriptedAgent() + "\"]")))) {
            assertThat(h.run(g).outcome()).isEqualTo(RunOutcome.COMPLETED);
        }
    }

    @Test
    void anAgentThatKeepsFailingOpensItsCircuitAndItsNodesWaitWithoutSpendingAttempts() {
        var calls = new AtomicInteger();
        dev.flow.engine.exec.WorkExecutor broken = (job, c) -> {
            calls.incrementAndGet();
            return dev.flow.engine.exec.Outcome.failed("the service is down", true, Map.of());
        };
        var g = GraphBuilder.workflow("w").agentTask("a", "broken", "hi").retry("a", 3, Duration.ofMillis(1))
                .chain("start", "a", "end").graph();
        try (var h = new Harness(dir, b -> b.inProcessAgents(Map.of("broken", broken)).breaker(2, Duration.ofMillis(300)))) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(calls.get()).isEqualTo(4);
            assertThat(h.history(id, "a")).hasSize(4);
            assertThat(h.eventKinds(id, "a")).contains("circuit_opened", "circuit_open");
        }
    }

    @Test
    void reportedCostStopsTheRunAtItsLimit() {
        var g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot")).limits(null, null, 1.0)
                .agentTask("a", "bot", "@cost 0.6").agentTask("b", "bot", "@cost 0.6").agentTask("c", "bot", "@cost 0.6")
                .chain("start", "a", "b", "c", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.LIMIT_REACHED);
            assertThat(r.report()).contains("max cost reached");
            assertThat(h.node(id, "c").status()).isEqualTo(dev.flow.store.NodeStatus.PENDING);
        }
    }
}

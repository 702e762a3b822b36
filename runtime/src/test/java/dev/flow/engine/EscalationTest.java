package dev.flow.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.AgentDef;
import dev.flow.model.Command;
import dev.flow.model.FlowGraph;
import dev.flow.store.GraphVersionRow;
import dev.flow.store.NodeStatus;
import dev.flow.testing.GraphBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Escalation: a node that fails for good hands its failure to an escalation node (a scripted agent),
 * whose answer adds a node that fixes the cause and runs the failed node again; the run completes.
 */
@dev.flow.store.BothStores
class EscalationTest {
    @TempDir
    Path dir;

    /** An answer that adds a node creating the file "fixed" and asks for the failed node to run again. */
    private static final String FIX = """
            {"output": "retry", "summary": "the file was missing", "note": "the file is there now",
             "next": {"addNodes": [{"id": "fix", "title": "Create the file", "command": ["sh", "-c", "touch fixed"]}]}}
            """;

    /** start -> build -> end, build failing until the file "fixed" exists. */
    private static GraphBuilder failing() {
        return GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot"))
                .sh("build", "test -f fixed || { echo 'fixed is missing' >&2; exit 1; }")
                .chain("start", "build", "end");
    }

    /** {@link #failing()} escalating to "triage", a scripted agent steered by {@code line}. */
    private static FlowGraph escalatingTo(String line) {
        return failing().agentTask("triage", "bot", "Handle the failure.\n" + line).outputs("triage", "retry", "give_up")
                .escalateTo("build", "triage").graph();
    }

    @Test
    void aFailingNodeEscalatesAndTheEscalationAddsAFixNodeAndTheRunCompletes() throws IOException {
        Files.writeString(dir.resolve("fix.json"), FIX);
        FlowGraph g = escalatingTo("@json fix.json");
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.status(id, "fix")).isEqualTo(NodeStatus.COMPLETED);
            assertThat(h.status(id, "build")).isEqualTo(NodeStatus.COMPLETED);
            assertThat(h.history(id, "build")).extracting(dev.flow.store.RunRow::status).contains(NodeStatus.FAILED);
            var kinds = h.events(id).stream().map(e -> e.kind() + ":" + e.nodeId()).toList();
            assertThat(kinds).containsSubsequence("node_escalated:build", "graph_grown:triage", "node_reset:build", "node_completed:fix",
                    "node_completed:build");
            List<GraphVersionRow> versions = h.engine.queries().graphVersions(id);
            assertThat(versions.get(versions.size() - 1).addedNodes()).contains("fix");
            String prompt = Files.readString(h.store.artifactsDir().resolve(id).resolve("triage").resolve("1-1").resolve("prompt.txt"));
            assertThat(prompt).contains("Escalation: node \"build\" failed for good", "- stderr: ", "- artifacts: ");
        }
    }

    @Test
    void anEscalationThatAnswersGiveUpLetsTheFailureStand() throws IOException {
        FlowGraph g = escalatingTo("@output give_up");
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(h.status(id, "build")).isEqualTo(NodeStatus.FAILED);
            assertThat(h.node(id, "build").error()).contains("its escalation node \"triage\" answered \"give_up\"");
        }
    }

    @Test
    void anEscalationThatAsksAPersonRunsTheFailedNodeAgainWhenThePersonSaysRetry() throws IOException {
        FlowGraph g = failing().agentTask("triage", "bot", "Handle the failure.\n@output ask\n@summary Create the file \"fixed\", then retry?")
                .outputs("triage", "retry", "ask", "give_up").escalateTo("build", "triage").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult paused = h.engine.run(id);
            assertThat(paused.outcome()).as(paused.report()).isEqualTo(RunOutcome.PAUSED);
            assertThat(paused.questions()).singleElement().satisfies(q -> {
                assertThat(q.nodeId()).isEqualTo("triage");
                assertThat(q.prompt()).contains("Create the file \"fixed\", then retry?", "\"build\" failed");
                assertThat(q.options()).containsExactly("retry", "give_up");
            });
            Files.writeString(dir.resolve("fixed"), "by a person\n");
            h.engine.answer(id, "triage", "retry", null);
            RunResult r = h.engine.resume(id);
            assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.status(id, "build")).isEqualTo(NodeStatus.COMPLETED);
        }
    }

    @Test
    void anAutomaticEscalationGrowsItsOwnNodeWhichAddsTheFix() throws IOException {
        Files.writeString(dir.resolve("fix.json"), FIX);
        Files.writeString(dir.resolve("script"), "@json fix.json\n");
        var agent = new AgentDef("fixer", null, new Command.Argv(List.of(TestPaths.scriptedAgent().toString()), null), AgentDef.PromptVia.STDIN,
                Map.of("SCRIPTED_AGENT_SCRIPT", dir.resolve("script").toString()), null);
        FlowGraph g = failing().agent(agent).escalateAuto("build", "fixer").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.status(id, "escalate-build")).isEqualTo(NodeStatus.COMPLETED);
            assertThat(h.status(id, "fix")).isEqualTo(NodeStatus.COMPLETED);
            assertThat(h.engine.queries().graphVersions(id)).extracting(GraphVersionRow::grownBy).containsExactly(null, "build", "escalate-build");
        }
    }

}

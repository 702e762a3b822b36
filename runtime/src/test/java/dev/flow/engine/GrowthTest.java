package dev.flow.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.FlowGraph;
import dev.flow.model.Provenance;
import dev.flow.store.EventRow;
import dev.flow.store.GraphVersionRow;
import dev.flow.store.NodeStatus;
import dev.flow.testing.GraphBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Graphs that grow: a scripted planner answers with nodes to add ({@code @json FILE}), Flow checks
 * them with the checker and runs them, and the execution's graph keeps its versions.
 */
@dev.flow.store.BothStores
class GrowthTest {
    @TempDir
    Path dir;

    private void write(String name, String json) throws IOException {
        Files.writeString(dir.resolve(name), json);
    }

    /** start -> plan -> report -> end, the plan a planner answering with the files given, by attempt. */
    private static GraphBuilder planned(String files) {
        return GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot"))
                .agentTask("plan", "bot", "Plan the work.\n@json " + files)
                .planner("plan", null, null)
                .agentTask("report", "bot", "Report.")
                .chain("start", "plan", "report", "end");
    }

    private static final String THREE = """
            {"output": "done", "summary": "three steps",
             "next": {"addNodes": [
               {"id": "design", "title": "Design it", "prompt": "Design."},
               {"id": "build", "title": "Build it", "dependsOn": ["design"]},
               {"id": "test", "title": "Test it", "dependsOn": ["design"]}]}}
            """;

    @Test
    void aPlannerThatAddsThreeNodesRunsThemBeforeWhatFollowedIt() throws IOException {
        write("three.json", THREE);
        FlowGraph g = planned("three.json").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.COMPLETED);
            for (String node : List.of("design", "build", "test", "plan-grown", "report")) {
                assertThat(h.status(id, node)).as(node).isEqualTo(NodeStatus.COMPLETED);
            }
            var finished = h.events(id).stream().filter(e -> e.kind().equals("node_completed")).map(EventRow::nodeId).toList();
            assertThat(finished.indexOf("design")).isLessThan(finished.indexOf("build")).isLessThan(finished.indexOf("plan-grown"));
            assertThat(finished.indexOf("test")).isLessThan(finished.indexOf("plan-grown"));
            assertThat(finished.indexOf("plan-grown")).isLessThan(finished.indexOf("report"));
            List<GraphVersionRow> versions = h.engine.queries().graphVersions(id);
            assertThat(versions).extracting(GraphVersionRow::version).containsExactly(0, 1);
            assertThat(versions.get(1).grownBy()).isEqualTo("plan");
            assertThat(versions.get(1).addedNodes()).containsExactly("design", "build", "test", "plan-grown");
            assertThat(versions.get(0).graphHash()).isNotEqualTo(versions.get(1).graphHash());
            assertThat(h.engine.queries().execution(id).graphHash()).isEqualTo(versions.get(1).graphHash());
            var grown = h.events(id).stream().filter(e -> e.kind().equals("graph_grown")).toList();
            assertThat(grown).hasSize(1);
            assertThat(grown.get(0).nodeId()).isEqualTo("plan");
            assertThat(grown.get(0).data()).contains("\"design\"", "\"version\":1");
        }
    }

    /** Seed 003's answer says how it went in "status": "fail" and "checkpoint" are not a success, and nothing is added. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"fail", "checkpoint"})
    void aSeedAnswerWhoseStatusIsNotSuccessFailsThePlannerAndAddsNothing(String status) throws IOException {
        write("status.json", """
                {"status": "%s", "summary": "could not plan",
                 "next": {"addNodes": [{"id": "design", "title": "Design it", "prompt": "Design."}]}}
                """.formatted(status));
        FlowGraph g = planned("status.json").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.FAILED);
            assertThat(h.status(id, "plan")).isEqualTo(NodeStatus.FAILED);
            assertThat(h.node(id, "plan").error()).contains("\"status\": \"" + status + "\"");
            assertThat(h.status(id, "report")).isNotEqualTo(NodeStatus.COMPLETED);
            assertThat(h.engine.queries().graphVersions(id)).extracting(GraphVersionRow::version).doesNotContain(1);
        }
    }

    @Test
    void aPlannerThatAddsACycleWithoutALimitIsRefusedWithTheCheckersDiagnosticAndSucceedsOnItsRetry() throws IOException {
        write("cycle.json", """
                {"output": "done",
                 "next": {"addNodes": [
                   {"id": "fix", "dependsOn": ["check"]},
                   {"id": "check", "dependsOn": ["fix"]}]}}
                """);
        write("three.json", THREE);
        FlowGraph g = planned("cycle.json,three.json").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.COMPLETED);
            var earlier = h.history(id, "plan");
            assertThat(earlier).hasSize(2);
            assertThat(earlier.get(0).error()).contains("FLOW306", "cycle without a loop limit");
            String retried = Files.readString(h.store.artifactsDir().resolve(id).resolve("plan").resolve("1-2").resolve("prompt.txt"));
            assertThat(retried).contains("Your previous answer (attempt 1) was not accepted", "FLOW306 at line 3, column 32 of your answer",
                    "cycle without a loop limit: \"fix\" -> \"check\" -> \"fix\"");
            assertThat(h.engine.queries().graphVersions(id)).extracting(GraphVersionRow::version).containsExactly(0, 1);
            assertThat(h.status(id, "build")).isEqualTo(NodeStatus.COMPLETED);
        }
    }

    @Test
    void anAddedNodesInputsReachItsPromptAndAnUnknownNodeInThemIsRefused() throws IOException {
        write("unknown.json", """
                {"output": "done", "summary": "one step",
                 "next": {"addNodes": [{"id": "design", "prompt": "Design.", "inputs": [{"nodeId": "plann", "key": "out.summary"}]}]}}
                """);
        write("known.json", """
                {"output": "done", "summary": "one step",
                 "next": {"addNodes": [{"id": "design", "prompt": "Design.", "inputs": [{"nodeId": "plan", "key": "out.summary", "as": "plan"}]}]}}
                """);
        try (var h = new Harness(dir)) {
            String id = h.start(planned("unknown.json,known.json").graph());
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.history(id, "plan").get(0).error()).contains("FLOW201", "plann");
            String prompt = Files.readString(h.store.artifactsDir().resolve(id).resolve("design").resolve("1-1").resolve("prompt.txt"));
            // the planner's summary, written by Flow as plan's out.summary, inlined as the language's inputs are
            assertThat(prompt).contains("plan", "one step").doesNotContain("Context to read");
        }
    }

    /**
     * Issue 19, item 3: an added node may not turn off the workflow's sandbox, set environment
     * variables or work outside the workflow's folder; the answer is refused with the policy's
     * reasons, and the node never runs.
     */
    @Test
    void addedNodesThatWeakenTheSandboxSetEnvOrClimbOutAreRefusedWithTheGrowthPolicy() throws IOException {
        write("open.json", """
                {"output": "done", "grow": {"nodes": [
                  {"id": "open", "spec": {"kind": "task", "command": {"type": "shell", "line": "touch ../escaped.txt"},
                   "cwd": "../..", "env": {"LD_PRELOAD": "/tmp/evil.so"}, "sandbox": {"enabled": false, "network": true}}}],
                 "edges": []}}
                """);
        FlowGraph g = planned("open.json").sandbox(new dev.flow.model.Sandbox(true, false, List.of(), null)).graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(h.history(id, "plan").get(0).error()).contains("breaks the growth policy",
                    "node \"open\" would run without a sandbox, and added nodes run in their planner's sandbox (\"plan\"'s)", "sets environment variables (LD_PRELOAD)",
                    "works in \"../..\", outside the workflow's folder");
            assertThat(h.engine.queries().graphVersions(id)).isEmpty();
            assertThat(dir.getParent().resolve("escaped.txt")).doesNotExist();
        }
    }

    /** Issue 19, item 3: seed 003's added command runs in its planner's sandbox (here its agent's). */
    @Test
    void anAddedCommandRunsInItsPlannersSandbox() throws IOException {
        Path home = Path.of(System.getProperty("user.home")).resolve("flow-growth-probe-" + UUID.randomUUID());
        write("cmd.json", """
                {"output": "done", "next": {"addNodes": [
                  {"id": "probe", "command": ["sh", "-c", "if touch HOME 2>/dev/null; then echo escaped; exit 1; fi"]}]}}
                """.replace("HOME", home.toString()));
        FlowGraph g = GraphBuilder.workflow("w")
                .agentDef("bot", List.of(TestPaths.scriptedAgent().toString()), new dev.flow.model.Sandbox(true, true, List.of(), null))
                .agentTask("plan", "bot", "Plan the work.\n@json cmd.json").planner("plan", null, null)
                .chain("start", "plan", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.status(id, "probe")).isEqualTo(NodeStatus.COMPLETED);
            assertThat(home).doesNotExist();
        } finally {
            Files.deleteIfExists(home);
        }
    }

    /**
     * Issue 19, item 9: a planner adds a loop ({@code check -> fix loop max 3 when again}) whose last
     * node has no other edge. Flow wires that node to the join; the join waits until the loop is
     * over, so every pass runs before what followed the planner.
     */
    @Test
    void aLoopThatAPlannerAddsRunsEveryPassBeforeTheJoin() throws IOException {
        // "check" says "again" on its first two passes and "done" on its third
        write("loop.json", """
                {"output": "done", "grow": {
                  "nodes": [
                    {"id": "fix", "spec": {"kind": "task", "command": {"type": "shell", "line": "echo fixed >> fixes.txt"}}},
                    {"id": "check", "spec": {"kind": "task", "command": {"type": "shell",
                       "line": "n=$(wc -l < fixes.txt); if [ $n -ge 3 ]; then echo done; else echo again; fi"}},
                     "outputs": [{"name": "again"}, {"name": "done"}]}],
                  "edges": [
                    {"from": {"name": "fix"}, "to": {"name": "check"}, "on_limit_reached": false},
                    {"from": {"name": "check"}, "to": {"name": "fix"}, "loop": {"max_iterations": 5},
                     "condition": {"expr": "output_test", "quantifier": "any", "outputs": [{"name": "again"}]}, "on_limit_reached": false}]}}
                """);
        FlowGraph g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot"))
                .agentTask("plan", "bot", "Plan the work.\n@json loop.json").planner("plan", null, null)
                .sh("report", "wc -l < fixes.txt > report.txt")
                .chain("start", "plan", "report", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(Files.readAllLines(dir.resolve("fixes.txt"))).hasSize(3);
            assertThat(Files.readString(dir.resolve("report.txt")).strip()).isEqualTo("3");
            var finished = h.events(id).stream().filter(e -> e.kind().equals("node_completed")).map(EventRow::nodeId).toList();
            assertThat(finished.indexOf("plan-grown")).isGreaterThan(finished.lastIndexOf("check"));
            assertThat(h.status(id, "plan-grown")).isEqualTo(NodeStatus.COMPLETED);
        }
    }

    @Test
    void anAnswerThatAddsTooManyNodesIsRefusedWithTheLimit() throws IOException {
        write("three.json", THREE);
        FlowGraph g = planned("three.json").planner("plan", 2, null).graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(h.history(id, "plan").get(0).error())
                    .contains("it adds 3 nodes and \"plan\" may add at most 2 in one answer");
            assertThat(h.engine.queries().graphVersions(id)).isEmpty();
        }
    }

    @Test
    void theGrownNodesCarryWhoAddedThem() throws IOException {
        write("three.json", THREE);
        try (var h = new Harness(dir)) {
            String id = h.start(planned("three.json").graph());
            h.engine.run(id);
            var status = h.engine.queries().status(id);
            assertThat(status.nodes()).extracting(NodeState::nodeId)
                    .containsExactly("start", "end", "plan", "design", "build", "test", "plan-grown", "report");
            // the work graph snapshot (flow run --snapshot FILE) names the version and who added each node
            var snapshot = new com.fasterxml.jackson.databind.ObjectMapper().readTree(h.engine.queries().workGraph(List.of(id)).json())
                    .get("executions").get(0);
            assertThat(snapshot.get("graph_version").asInt()).isEqualTo(1);
            var addedBy = new LinkedHashMap<String, String>();
            snapshot.get("nodes").forEach(n -> addedBy.put(n.get("id").asText(), n.get("added_by").isNull() ? null : n.get("added_by").asText()));
            assertThat(addedBy).containsEntry("design", "plan").containsEntry("plan-grown", "plan").containsEntry("report", null);
        }
    }

    static String grownBy(FlowGraph g, String node) {
        return Provenance.grownBy(g.main().node(node).orElseThrow()).orElse(null);
    }
}

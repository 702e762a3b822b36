package dev.flow.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flow.engine.config.UsageException;
import dev.flow.engine.step.Json;
import dev.flow.frontend.Compilation;
import dev.flow.frontend.Compiler;
import dev.flow.frontend.LoadOptions;
import dev.flow.model.FlowGraph;
import dev.flow.model.NodeSpec;
import dev.flow.store.NodeStatus;
import dev.flow.testing.GraphBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dialect 1 workflows run (issue 10, item 2; issue 12): tasks that name only a role are run by the
 * role's agent, their task_template is filled as the supervisor fills it, the run's inputs reach
 * the entry node, and a failed gate stops the run unless its result is routed. The supervisor's own
 * workflows of the shared corpus run with the scripted agent playing every role.
 */
@dev.flow.store.BothStores
class Dialect1Test {
    private static final Compiler COMPILER = Compiler.withInstalledFrontEnds();

    @TempDir
    Path dir;

    private static String scripted() {
        return TestPaths.scriptedAgent().toString();
    }

    /** An agent that answers with a summary naming itself, whatever it is asked. */
    private static List<String> answering(String summary) {
        return List.of("sh", "-c", "cat >/dev/null; echo '{\"output\": \"done\", \"summary\": \"" + summary + "\"}'");
    }

    private FlowGraph compile(Path file, List<Path> gates) {
        Compilation c = COMPILER.compile(file, file.getFileName().toString(), LoadOptions.DEFAULT.withGatesFiles(gates));
        assertThat(c.diagnostics()).as("problems").noneMatch(dev.flow.diagnostic.Diagnostic::isError);
        return c.graph().orElseThrow();
    }

    private FlowGraph yaml(String text) throws Exception {
        return compile(Files.writeString(dir.resolve("w.yaml"), text), List.of());
    }

    private static Path corpus(String name) {
        return dev.flow.yaml.YamlTestSupport.corpus("supervisor-yaml", name);
    }

    private Path overlay(String testGate, String lintGate) throws Exception {
        return Files.writeString(dir.resolve("overlay.yaml"), "gates:\n  test_gate: {command: " + testGate + "}\n  lint_gate: {command: " + lintGate
                + "}\n  security_gate: {command: [\"true\"]}\n");
    }

    private String prompt(Harness h, String id, String node, int iteration) throws Exception {
        return Files.readString(h.store.artifactsDir().resolve(id).resolve(node).resolve(iteration + "-1").resolve("prompt.txt"));
    }

    private static String summary(Harness h, String id, String node) {
        String json = h.engine.store().read(tx -> tx.nodes().get(id, node)).orElseThrow().resultJson();
        return (String) Json.readMap(json).get("summary");
    }

    /** The README's run of debug_workflow: the corpus registry overlaid with examples/yaml/corpus-gates.yaml, every role scripted. */
    @Test
    void theSupervisorsDebugWorkflowRunsWithTheScriptedAgentPlayingEveryRole() throws Exception {
        FlowGraph g = compile(corpus("debug_workflow.yaml"),
                List.of(corpus("gates.yaml"), TestPaths.repoRoot().resolve("examples/yaml/corpus-gates.yaml")));
        try (var h = new Harness(dir, b -> b.environment(Map.of("FLOW_ROLE_AGENT", scripted())))) {
            String id = h.start(g, Map.of("issue", "The login page times out"));
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(prompt(h, id, "analyze", 1)).startsWith("Analyze this issue: {\n  \"issue\": \"The login page times out\"\n}\n\nRole: debugger\n\n---\n");
            assertThat(prompt(h, id, "fix", 1)).startsWith("Fix based on analysis: {\n  \"analyze.exit_code\": 0,\n  \"exit_code\": 0,\n")
                    .contains("  \"analyze.summary\": \"scripted answer 1 as debugger\",\n  \"summary\": \"scripted answer 1 as debugger\",\n")
                    .doesNotContain("stdout");
            assertThat(summary(h, id, "fix")).isEqualTo("scripted answer 1 as implementer");
            assertThat(summary(h, id, "review")).isEqualTo("scripted answer 1 as reviewer");
            assertThat(h.node(id, "test").output()).isEqualTo("passed");
        }
    }

    /** Issue 12: a failed gate stops parallel_review before a person is asked to approve what "All gates passed". */
    @Test
    void aFailedGateOfParallelReviewStopsTheRunBeforeAnyoneIsAsked() throws Exception {
        FlowGraph g = compile(corpus("parallel_review.yaml"), List.of(corpus("gates.yaml"), overlay("[\"true\"]", "[sh, -c, \"echo 3 problems; exit 1\"]")));
        try (var h = new Harness(dir, b -> b.environment(Map.of("FLOW_ROLE_AGENT", scripted())))) {
            String id = h.start(g, Map.of("feature", "CSV export"));
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report()).contains("node \"lint\" failed");
            assertThat(h.engine.queries().status(id).questions()).isEmpty();
            assertThat(h.status(id, "join")).isNotEqualTo(NodeStatus.COMPLETED);
            assertThat(h.status(id, "review")).isNotEqualTo(NodeStatus.WAITING);
        }
    }

    /** debug_workflow's gate leads into the branch that reads its test_status: a failure goes round the loop, as the file means. */
    @Test
    void aFailedGateThatABranchReadsGoesRoundTheRetryLoop() throws Exception {
        FlowGraph g = compile(corpus("debug_workflow.yaml"), List.of(corpus("gates.yaml"), overlay("[\"false\"]", "[\"true\"]")));
        try (var h = new Harness(dir, b -> b.environment(Map.of("FLOW_ROLE_AGENT", scripted())))) {
            String id = h.start(g, Map.of("issue", "flaky"));
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.LIMIT_REACHED);
            assertThat(h.node(id, "analyze").iteration()).isEqualTo(3);
            assertThat(prompt(h, id, "analyze", 2)).contains("\"issue\": \"flaky\"", "\"check.branch_outcome\": \"on_false\"");
        }
    }

    @Test
    void theMostSpecificSettingPlaysARole() {
        var g = GraphBuilder.workflow("w")
                .roleAgent("bot", answering("bot"), "planner", "coder", "reviewer")
                .roleTask("a", "planner", "plan").roleTask("b", "coder", "code").roleTask("c", "reviewer", "review").roleTask("d", "tester", "test")
                .chain("start", "a", "b", "c", "d", "end").graph();
        var env = Map.of("FLOW_ROLE_CODER", "sh -c 'cat >/dev/null; echo {\\\"summary\\\": \\\"coder variable\\\"}'",
                "FLOW_ROLE_AGENT", "sh -c 'cat >/dev/null; echo {\\\"summary\\\": \\\"every role\\\"}'");
        try (var h = new Harness(dir, b -> b.environment(env).roleCommands(Map.of("planner", answering("option"))))) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(List.of("a", "b", "c", "d")).extracting(n -> summary(h, id, n))
                    .containsExactly("option", "coder variable", "bot", "every role");
        }
    }

    @Test
    void aRoleThatNoAgentPlaysFailsItsTaskAtOnceNamingTheSettings() {
        var g = GraphBuilder.workflow("w").roleTask("t", "code reviewer", "review").retry("t", 3, Duration.ofMillis(1)).chain("start", "t", "end").graph();
        try (var h = new Harness(dir, b -> b.environment(Map.of()))) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report()).contains("no agent plays role \"code reviewer\": set FLOW_ROLE_CODE_REVIEWER to its command line (or FLOW_ROLE_AGENT"
                    + " for every role), pass --role 'code reviewer'=COMMAND to flow run, or define an agent with roles \"code reviewer\"");
            assertThat(h.history(id, "t")).hasSize(1);
        }
        var roles = new dev.flow.engine.exec.RoleAgents(Map.of(), Map.of());
        assertThat(roles.unplayed(g)).isEqualTo(Map.of("code reviewer", List.of("t")));
        assertThat(new dev.flow.engine.exec.RoleAgents(Map.of(), Map.of("FLOW_ROLE_AGENT", "x")).unplayed(g)).isEmpty();
    }

    /** The supervisor's _collect_inputs: seeded inputs at the entry node; each upstream result namespaced and plain; data_mapping applied. */
    @Test
    void aTaskTemplateIsFilledFromTheInputDataAsTheSupervisorBuildsIt() throws Exception {
        var g = yaml("""
                id: w
                name: W
                entry_point: a
                nodes:
                  - {id: a, type: task, task_config: {role: r, task_template: "A: {input} / {issue} / {issue!r} {{braces}}"}}
                  - {id: b, type: task, task_config: {role: r, task_template: "B: {input} / {note}"}}
                  - {id: c, type: task, task_config: {role: r}}
                edges:
                  - {id: e1, source: a, target: b, data_mapping: {note: summary}}
                  - {id: e2, source: b, target: c}
                """);
        try (var h = new Harness(dir, b -> b.environment(Map.of("FLOW_ROLE_AGENT", scripted())))) {
            String id = h.start(g, Map.of("issue", "caf\u00e9 \"quoted\""));
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(prompt(h, id, "a", 1)).startsWith("A: {\n  \"issue\": \"caf\\u00e9 \\\"quoted\\\"\"\n} / caf\u00e9 \"quoted\" / 'caf\u00e9 \"quoted\"' {braces}\n\nRole: r");
            assertThat(prompt(h, id, "b", 1)).startsWith("B: {\n  \"a.note\": \"scripted answer 1 as r\",\n  \"note\": \"scripted answer 1 as r\"\n}"
                    + " / scripted answer 1 as r\n");
            // with no task_template, the supervisor's default: the whole input
            assertThat(prompt(h, id, "c", 1)).startsWith("{\n  \"b.exit_code\": 0,\n");
            String context = Files.readString(h.store.artifactsDir().resolve(id).resolve("b/1-1/context.json"));
            assertThat(context).contains("\"role\":\"r\"", "\"input_data\":{\"a.note\":\"scripted answer 1 as r\"");
        }
    }

    @Test
    void aKeyTheInputLacksFailsTheTaskAtOnceSayingWhichKeysItHas() throws Exception {
        var g = yaml("id: w\nname: W\nentry_point: a\nnodes:\n  - {id: a, type: task, task_config: {role: r, task_template: \"Fix {ticket}\"}}\nedges: []\n");
        try (var h = new Harness(dir, b -> b.environment(Map.of("FLOW_ROLE_AGENT", scripted())))) {
            String id = h.start(g, Map.of("issue", "x"));
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report()).contains("the prompt of task \"a\" cannot be filled: {ticket} names no key of the task's input; its keys are issue,"
                    + " and {input} for all of it");
            assertThat(h.history(id, "a")).hasSize(1);
        }
    }

    /** Dialect 1 declares no inputs: any --input reaches the entry node; a workflow that declares inputs still takes only those. */
    @Test
    void aDialect1WorkflowTakesAnyInputAndAWorkflowThatDeclaresInputsOnlyThose() throws Exception {
        var d1 = yaml("id: w\nname: W\nentry_point: a\nnodes:\n  - {id: a, type: task, task_config: {role: r}}\nedges: []\n");
        assertThat(Engine.typedInputs(d1.main(), Map.of("issue", "The login page", "count", "3"))).isEqualTo(Map.of("issue", "The login page", "count", "3"));
        var typed = GraphBuilder.workflow("w").input("count", dev.flow.model.Type.INT, null).sh("a", "true").chain("start", "a", "end").graph();
        assertThatThrownBy(() -> Engine.typedInputs(typed.main(), Map.of("issue", "x"))).isInstanceOf(UsageException.class)
                .hasMessageContaining("has no input \"issue\"");
        var none = GraphBuilder.workflow("w").sh("a", "true").chain("start", "a", "end").graph();
        assertThatThrownBy(() -> Engine.typedInputs(none.main(), Map.of("issue", "x"))).hasMessageContaining("it takes no inputs");
    }

    @Test
    void theRoleAndTheContextFilesReachTheAgentInItsEnvironmentAndItsPrompt() throws Exception {
        var spec = NodeSpec.Task.builder().call(c -> c.role("reviewer").prompt("Review the change").contextFiles(List.of("README.md", "docs/design.md")))
                .build();
        var g = GraphBuilder.workflow("w").task("t", spec).chain("start", "t", "end").graph();
        var agent = List.of("sh", "-c", "cat >/dev/null; echo \"$FLOW_ROLE\" > \"$FLOW_ARTIFACTS_DIR/role.txt\";"
                + " echo \"$FLOW_CONTEXT_FILES\" > \"$FLOW_ARTIFACTS_DIR/files.txt\"");
        try (var h = new Harness(dir, b -> b.roleCommands(Map.of("reviewer", agent)))) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            Path run = h.store.artifactsDir().resolve(id).resolve("t/1-1");
            assertThat(Files.readString(run.resolve("role.txt"))).isEqualTo("reviewer\n");
            assertThat(Files.readString(run.resolve("files.txt")).strip())
                    .isEqualTo("[\"" + dir.resolve("README.md") + "\",\"" + dir.resolve("docs/design.md") + "\"]");
            assertThat(Files.readString(run.resolve("prompt.txt")))
                    .startsWith("Review the change\n\nRole: reviewer\nContext files (from the workflow's folder):\n- README.md\n- docs/design.md\n\n---");
        }
    }

    /** A registry gate's working_dir is the folder its command runs in, from the workflow's. */
    @Test
    void aGateRunsInItsWorkingDir() throws Exception {
        Files.createDirectories(dir.resolve("services/api"));
        Files.writeString(dir.resolve("services/api/marker"), "here");
        Path registry = Files.writeString(dir.resolve("gates.yaml"),
                "gates:\n  here: {command: [test, -f, marker], working_dir: services/api}\n  there: {command: [test, -f, marker]}\n");
        FlowGraph g = compile(Files.writeString(dir.resolve("w.yaml"), """
                id: w
                name: W
                entry_point: a
                nodes:
                  - {id: a, type: gate, gate_config: {gate_type: here}}
                  - {id: b, type: gate, gate_config: {gate_type: there}}
                edges:
                  - {id: e1, source: a, target: b, condition: {field: passed, operator: "==", value: true}}
                """), List.of(registry));
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(h.node(id, "a").output()).isEqualTo("passed");
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report()).contains("node \"b\" failed");
        }
    }
}


package dev.flow.yaml.supervisor;

import static dev.flow.yaml.YamlTestSupport.after;
import static dev.flow.yaml.YamlTestSupport.at;
import static dev.flow.yaml.YamlTestSupport.onlyProblem;
import static dev.flow.yaml.YamlTestSupport.problems;
import static dev.flow.yaml.YamlTestSupport.read;
import static dev.flow.yaml.YamlTestSupport.within;
import static dev.flow.yaml.supervisor.SupervisorMappingTest.TASK_A;
import static dev.flow.yaml.supervisor.SupervisorMappingTest.wf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.NodeKind;
import org.junit.jupiter.api.Test;

/** The mistakes a dialect 1 author makes, each reported with its position; the graph is still produced. */
class SupervisorErrorsTest {

    @Test
    void reportsAnUnknownKeyWithTheNearestKnownKey() {
        String text = wf("  - id: a\n    type: task\n    task_cofig: {role: r}\n", "  []\n");
        var all = problems(text);
        Diagnostic typo = all.stream().filter(d -> d.code() == Code.YAML_UNKNOWN_KEY).findFirst().orElseThrow();
        assertThat(typo.source()).isEqualTo(at(text, "task_cofig"));
        assertThat(typo.suggestions()).containsExactly("task_config");
        assertThat(typo.message()).isEqualTo("unknown key \"task_cofig\" in node \"a\"; did you mean \"task_config\"?");
        // One mistake, one diagnostic: the misspelt key is read as the task_config it suggests, not also reported missing.
        assertThat(all).extracting(Diagnostic::code).containsExactly(Code.YAML_UNKNOWN_KEY);
    }

    @Test
    void reportsUnknownKeysAtEveryLevel() {
        String text = "id: w\nname: W\nentry_point: a\nnodez: []\nnodes:\n  - id: a\n    type: task\n    task_config: {role: r, timeot: 3}\n"
                + "edges:\n  - {id: e1, source: a, target: a, is_loop: true, condition: {field: f, operater: \"==\", value: 1}}\n"
                + "config: {max_parallel: 2}\n";
        var unknown = problems(text).stream().filter(d -> d.code() == Code.YAML_UNKNOWN_KEY).toList();
        assertThat(unknown).extracting(d -> d.suggestions().get(0))
                .containsExactly("nodes", "timeout", "is_loop_edge", "operator", "max_parallel_nodes");
    }

    @Test
    void saysWhichDialectAKeyBelongsTo() {
        Diagnostic d = problems(wf(TASK_A, "  []\n") + "limits: {max_iterations: 3}\n").stream()
                .filter(p -> p.code() == Code.YAML_UNKNOWN_KEY).findFirst().orElseThrow();
        assertThat(d.message()).contains("belongs to dialect 2 (graph-loop)");
        Diagnostic prompt = onlyProblem(wf("  - {id: a, type: task, prompt: x, task_config: {role: r}}\n", "  []\n"), Code.YAML_UNKNOWN_KEY);
        assertThat(prompt.message()).contains("task_config.task_template");
        Diagnostic role = onlyProblem(wf("  - {id: a, type: task, role: r, task_config: {role: r}}\n", "  []\n"), Code.YAML_UNKNOWN_KEY);
        assertThat(role.message()).contains("\"role\" belongs inside task_config");
    }

    @Test
    void reportsValuesOfTheWrongType() {
        String text = wf("  - id: a\n    type: task\n    task_config:\n      role: r\n      timeout: ten\n      gates: lint\n", "  - {id: e1, source: a, target: a, is_loop_edge: \"yes\"}\n")
                + "exit_points: a\nconfig: {max_parallel_nodes: 1.5, fail_fast: maybe}\n";
        var wrong = problems(text).stream().filter(d -> d.code() == Code.YAML_WRONG_TYPE).toList();
        assertThat(wrong).extracting(d -> d.source().line()).containsExactly(9, 10, 12, 13, 14, 14);
        assertThat(wrong.get(0).message()).isEqualTo("\"timeout\" of the task_config of node \"a\" must be a number of seconds, not a string (\"ten\")");
        assertThat(wrong.get(0).source()).isEqualTo(at(text, "ten"));
    }

    @Test
    void reportsNodesAndEdgesThatAreNotMappings() {
        String text = wf("  - just_a_name\n" + TASK_A, "  - e1\n");
        var wrong = problems(text);
        assertThat(wrong).extracting(Diagnostic::code).containsExactly(Code.YAML_WRONG_TYPE, Code.YAML_WRONG_TYPE);
        assertThat(wrong.get(0).message()).isEqualTo("node #1 must be a mapping of keys, not a string (\"just_a_name\")");
    }

    @Test
    void reportsEveryDuplicateKeyAtTheSecondOccurrence() {
        String text = wf("  - id: a\n    type: task\n    task_config: {role: r}\n    type: gate\n", "  []\n") + "name: Again\n";
        var dups = problems(text);
        assertThat(dups).extracting(Diagnostic::code).containsExactly(Code.YAML_DUPLICATE_KEY, Code.YAML_DUPLICATE_KEY);
        assertThat(dups.get(0).source()).isEqualTo(at(text, "type", 2));
        assertThat(dups.get(0).related()).extracting(Diagnostic.Related::source).containsExactly(at(text, "type", 1));
        assertThat(dups.get(1).source()).isEqualTo(at(text, "name", 2));
        // The first one is read: the node stays a task.
        assertThat(read(text).graph().orElseThrow().main().node("a").orElseThrow().kind()).isEqualTo(NodeKind.TASK);
    }

    @Test
    void reportsANodeCarryingAnotherKindsConfig() {
        String text = wf(TASK_A + "  - {id: t, type: gate, task_config: {role: tester}}\n", "  - {id: e1, source: a, target: t}\n");
        var all = problems(text);
        assertThat(all).extracting(Diagnostic::code).containsExactly(Code.YAML_MISSING_FIELD, Code.YAML_WRONG_KIND_CONFIG);
        Diagnostic wrongKind = all.get(1);
        assertThat(wrongKind.source()).isEqualTo(after(text, "id: t, type: gate, ", "task_config"));
        assertThat(wrongKind.message()).isEqualTo("node \"t\" is a gate node but carries \"task_config\", which configures task nodes; "
                + "use \"gate_config\", or change its type to \"task\"");
        assertThat(all.get(0).message()).isEqualTo("node \"t\" has no \"gate_config\"; add gate_config with a gate_type");
        assertThat(all.get(0).source()).isEqualTo(within(text, "{id: t,", "t"));
    }

    @Test
    void reportsEveryMissingRequiredField() {
        var all = problems("nodes:\n  - {type: task}\n  - {id: b, type: branch, branch_config: {condition: {field: x}}}\n"
                + "  - {id: c, type: parallel, parallel_config: {}}\n  - {id: d, type: gate, gate_config: {auto_approve: true}}\n"
                + "  - {id: e, type: subgraph, subgraph_config: {input_mapping: {}}}\n  - {id: f, type: human, human_config: {description: x}}\n"
                + "  - {id: g}\n");
        var missing = all.stream().filter(d -> d.code() == Code.YAML_MISSING_FIELD).map(Diagnostic::message).toList();
        assertThat(missing).containsExactlyInAnyOrder(
                "the workflow has no \"id\"; name the workflow, such as id: debug-workflow",
                "the workflow has no \"name\"; give the workflow a title, such as name: \"Debug with retry loop\"",
                "the workflow has no \"entry_point\"; name the node where runs begin",
                "the workflow has no \"edges\"; list the edges, each with an id, a source and a target (edges: [] when there are none)",
                "node #1 has no \"id\"; every node needs an id that edges can name",
                "node #1 has no \"task_config\"; add task_config with at least a role",
                "the branch_config of node \"b\" has no \"on_true\"; name the node that follows when the condition holds",
                "the branch_config of node \"b\" has no \"on_false\"; name the node that follows when it does not",
                "the branch condition of node \"b\" has no \"operator\"; one of ==, !=, >, <, >=, <=, in, not_in",
                "the branch condition of node \"b\" has no \"value\"; the value to compare with",
                "the parallel_config of node \"c\" has no \"branches\"; list the nodes to start, such as branches: [lint, test]",
                "the gate_config of node \"d\" has no \"gate_type\"; name a gate of the registry, such as gate_type: test",
                "the subgraph_config of node \"e\" has no \"workflow_name\"; name the workflow to run, such as workflow_name: review",
                "the human_config of node \"f\" has no \"title\"; give the heading shown to the person, such as title: \"Approve changes\"",
                "node \"g\" has no \"type\"; one of task, gate, branch, merge, parallel, subgraph, human");
        assertThat(read("nodes: []\n").graph()).isPresent();
    }

    @Test
    void reportsAnEdgeWithoutItsEnds() {
        var all = problems(wf(TASK_A, "  - {id: e1, source: a}\n  - {target: a}\n"));
        assertThat(all).extracting(Diagnostic::message).containsExactly(
                "edge \"e1\" has no \"target\"; name the node the edge enters",
                "edge #2 has no \"id\"; every edge of dialect 1 has an id, such as id: e1",
                "edge #2 has no \"source\"; name the node the edge leaves");
    }

    @Test
    void reportsATypeOrOperatorOutsideTheSchemaWithTheNearestOne() {
        Diagnostic type = onlyProblem(wf("  - {id: a, type: tsk, task_config: {role: r}}\n", "  []\n"), Code.YAML_INVALID_VALUE);
        assertThat(type.suggestions()).containsExactly("task");
        assertThat(type.message()).isEqualTo("\"type\" of node \"a\" is \"tsk\", which is not one of task, gate, branch, merge, parallel, subgraph, human; did you mean \"task\"?");
        Diagnostic op = onlyProblem(wf(TASK_A, "  - {id: e1, source: a, target: a, condition: {field: f, operator: equals, value: 1}}\n"),
                Code.YAML_INVALID_VALUE);
        assertThat(op.message()).startsWith("\"operator\" of the condition of edge \"e1\" is \"equals\"");
        Diagnostic textTest = onlyProblem(wf("  - id: b\n    type: branch\n    branch_config:\n      condition: {field: f, operator: contains, value: x}\n"
                + "      on_true: b\n      on_false: b\n", "  []\n").replace("entry_point: a", "entry_point: b"), Code.YAML_INVALID_VALUE);
        assertThat(textTest.message()).contains("not one of ==, !=, >, <, >=, <=, in, not_in");
        Diagnostic wait = onlyProblem(wf(TASK_A.replace("type: task,", "type: task, wait_for_incoming: some,"), "  []\n"), Code.YAML_INVALID_VALUE);
        assertThat(wait.suggestions()).isEmpty();
    }

    @Test
    void saysToQuoteAnOperatorThatYamlReadsAsABlockIndicator() {
        Diagnostic d = onlyProblem(wf(TASK_A, "  - id: e1\n    source: a\n    target: a\n    condition:\n      field: f\n      operator: >\n      value: 1\n"),
                Code.YAML_INVALID_VALUE);
        assertThat(d.message()).contains("quote the operator");
        Diagnostic bang = problems(wf(TASK_A, "  - {id: e1, source: a, target: a, condition: {field: f, operator: !=, value: 1}}\n")).get(0);
        assertThat(bang.code()).isEqualTo(Code.YAML_WRONG_TYPE);
        assertThat(bang.message()).contains("must be quoted");
    }

    @Test
    void stillProducesTheGraphSoTheCheckerCanAddItsOwnProblems() {
        var doc = read(wf("  - {id: a, type: tsk, task_cofig: {}}\n  - {id: b, type: task, task_config: {role: r}}\n",
                "  - {id: e1, source: a, target: b, colour: red}\n"));
        assertThat(doc.diagnostics()).hasSizeGreaterThanOrEqualTo(3);
        var w = doc.graph().orElseThrow().main();
        assertThat(w.nodes()).extracting(dev.flow.model.Node::id).containsExactly("start", "a", "b", "end");
        assertThat(w.edges()).extracting(dev.flow.model.Edge::id).contains("e1");
    }
}

package dev.flow.yaml.supervisor;

import static dev.flow.yaml.YamlTestSupport.after;
import static dev.flow.yaml.YamlTestSupport.at;
import static dev.flow.yaml.YamlTestSupport.edge;
import static dev.flow.yaml.YamlTestSupport.ids;
import static dev.flow.yaml.YamlTestSupport.node;
import static dev.flow.yaml.YamlTestSupport.workflow;
import static dev.flow.yaml.YamlTestSupport.workflowDespiteProblems;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.Config;
import dev.flow.model.Edge;
import dev.flow.model.Expr;
import dev.flow.model.Expr.BinaryOp;
import dev.flow.model.LoopControl;
import dev.flow.model.Mapping;
import dev.flow.model.MergeStrategy;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeKind;
import dev.flow.model.NodeSpec;
import dev.flow.model.Value;
import dev.flow.model.WaitMode;
import dev.flow.model.Workflow;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Each rule that turns dialect 1 into the graph model, one small YAML text each. */
class SupervisorMappingTest {

    /** A workflow around the given nodes and edges (YAML lines, indented as list items). */
    static String wf(String nodes, String edges) {
        return "id: w\nname: W\nentry_point: a\nnodes:\n" + nodes + "edges:\n" + edges;
    }

    static final String TASK_A = "  - {id: a, type: task, task_config: {role: planner}}\n";

    @Test
    void readsTheWorkflowHeader() {
        String text = "id: debug\nname: Debug it\nversion: 1.0\ndescription: Fixes bugs\nentry_point: a\nnodes:\n" + TASK_A + "edges: []\n";
        Workflow w = workflow(text);
        assertThat(w.id()).isEqualTo("debug");
        assertThat(w.name()).isEqualTo("Debug it");
        assertThat(w.version()).isEqualTo("1.0");
        assertThat(w.description()).isEqualTo("Fixes bugs");
        assertThat(w.source()).isEqualTo(at(text, "debug"));
        assertThat(w.config()).isEqualTo(Config.DEFAULT);
    }

    @Test
    void putsStartFirstAndEndLastAroundTheNodesInTheirOrder() {
        Workflow w = workflow(wf(TASK_A + "  - {id: b, type: task, task_config: {role: coder}}\n", "  - {id: e1, source: a, target: b}\n"));
        assertThat(w.nodes()).extracting(Node::id).containsExactly("start", "a", "b", "end");
        assertThat(w.nodes().get(0).kind()).isEqualTo(NodeKind.START);
        assertThat(w.nodes().get(3).kind()).isEqualTo(NodeKind.END);
    }

    @Test
    void entersTheEntryPointFromStartAtTheEntryPointsValue() {
        String text = wf(TASK_A, "  []\n");
        Workflow w = workflow(text);
        Edge entry = w.edges().get(0);
        assertThat(entry.id()).isEqualTo("start->a");
        assertThat(entry.from().name()).isEqualTo("start");
        assertThat(entry.to()).isEqualTo(new NameRef("a", after(text, "entry_point: ", "a")));
        assertThat(entry.source()).isEqualTo(after(text, "entry_point: ", "a"));
        assertThat(node(w, "start").source()).isEqualTo(at(text, "entry_point"));
    }

    @Test
    void leavesEachExitPointForEndAtTheExitPointsValue() {
        String text = "id: w\nname: W\nentry_point: a\nexit_points: [b]\nnodes:\n" + TASK_A
                + "  - {id: b, type: task, task_config: {role: coder}}\nedges:\n  - {id: e1, source: a, target: b}\n";
        Workflow w = workflow(text);
        assertThat(ids(w)).containsExactly("start->a", "e1", "b->end");
        Edge exit = edge(w, "b->end");
        assertThat(exit.from()).isEqualTo(new NameRef("b", after(text, "exit_points: [", "b")));
        assertThat(exit.to().name()).isEqualTo("end");
        assertThat(exit.source()).isEqualTo(after(text, "exit_points: [", "b"));
        assertThat(node(w, "end").source()).isEqualTo(at(text, "exit_points"));
    }

    @Test
    void sendsEveryNodeWithoutOutgoingEdgesToEndWhenNoExitPointsAreWritten() {
        Workflow w = workflow(wf(TASK_A + "  - {id: b, type: task, task_config: {role: x}}\n  - {id: c, type: task, task_config: {role: y}}\n",
                "  - {id: e1, source: a, target: b}\n"));
        assertThat(ids(w)).containsExactly("start->a", "e1", "b->end", "c->end");
    }

    @Test
    void turnsATaskConfigIntoATaskWithARoleAndNoAgent() {
        String text = wf("  - id: a\n    type: task\n    label: Plan it\n    description: Makes a plan\n    task_config:\n      role: planner\n"
                + "      task_template: \"Plan: {input}\"\n      timeout: 90\n      gates: [lint, test]\n      worktree_id: wt1\n", "  []\n");
        Node a = node(workflow(text), "a");
        var task = (NodeSpec.Task) a.spec();
        assertThat(task.agent()).isNull();
        assertThat(task.role()).isEqualTo("planner");
        assertThat(task.prompt()).isEqualTo("Plan: {input}");
        assertThat(task.gates()).containsExactly(new NameRef("lint", at(text, "lint")), new NameRef("test", at(text, "test")));
        assertThat(a.timeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(a.label()).isEqualTo("Plan it");
        assertThat(a.description()).isEqualTo("Makes a plan");
        assertThat(a.metadata()).as("each step gets a worktree of its own: the id is only kept").isEqualTo(Map.of("worktree_id", Value.of("wt1")));
        assertThat(task.isolation()).as("a worktree_id asks for isolation").isEqualTo(dev.flow.model.Isolation.WORKTREE);
        assertThat(a.source()).isEqualTo(after(text, "- id: ", "a"));
        assertThat(a.outputs()).isEmpty();
    }

    @Test
    void turnsAGateConfigIntoAGateNamingTheRegistryGate() {
        String text = wf(TASK_A + "  - id: t\n    type: gate\n    gate_config:\n      gate_type: test_gate\n      auto_approve: true\n",
                "  - {id: e1, source: a, target: t}\n");
        Node t = node(workflow(text), "t");
        assertThat(t.spec()).isEqualTo(new NodeSpec.Gate(new NameRef("test_gate", at(text, "test_gate"))));
        assertThat(t.metadata()).containsEntry("auto_approve", Value.of(true));
    }

    /**
     * Issue 12: the supervisor stops on a failed gate, so an edge without a condition leaves a gate
     * only when it passed, and says so (FLOW610); an edge with a condition keeps it, and an exit
     * edge Flow adds from a gate follows the same rule without a warning.
     */
    @Test
    void anEdgeWithoutAConditionLeavesAGateOnlyWhenItPassed() {
        String text = "id: w\nname: W\nentry_point: t\nexit_points: [t, u]\nnodes:\n"
                + "  - {id: t, type: gate, gate_config: {gate_type: test}}\n  - {id: u, type: gate, gate_config: {gate_type: test}}\n"
                + "  - {id: fix, type: task, task_config: {role: fixer}}\n"
                + "edges:\n  - {id: e1, source: t, target: u}\n"
                + "  - {id: e2, source: u, target: fix, condition: {field: passed, operator: \"==\", value: false}}\n";
        var problems = dev.flow.yaml.YamlTestSupport.problems(text);
        assertThat(problems).extracting(d -> d.code().id() + " at " + d.source().line()).containsExactly("FLOW610 at 10");
        assertThat(problems.get(0).isError()).isFalse();
        Workflow w = workflowDespiteProblems(text);
        var e1 = (Expr.OutputTest) edge(w, "e1").condition();
        assertThat(e1.quantifier()).isEqualTo(Expr.Quantifier.ANY);
        assertThat(e1.outputs()).extracting(NameRef::name).containsExactly("passed");
        assertThat(edge(w, "e2").condition()).isInstanceOf(Expr.Binary.class);
        assertThat(w.edgesTo("end")).extracting(e -> e.from().name() + " " + dev.flow.yaml.YamlTestSupport.shape(e.condition()))
                .containsExactly("t any[passed]", "u any[passed]");
    }

    /** The supervisor's retry loop, a gate and then a branch on its test_status, routes the failure: the edge between them carries it. */
    @Test
    void anEdgeWithoutAConditionIntoABranchThatReadsTheGateCarriesAFailureOn() {
        String text = "id: w\nname: W\nentry_point: t\nnodes:\n  - {id: t, type: gate, gate_config: {gate_type: test}}\n"
                + "  - id: check\n    type: branch\n    branch_config:\n"
                + "      condition: {field: test_status, operator: \"==\", value: passed, max_iterations: 3}\n"
                + "      on_true: done\n      on_false: t\n"
                + "  - {id: done, type: task, task_config: {role: r}}\n"
                + "edges:\n  - {id: e1, source: t, target: check}\n";
        Workflow w = workflow(text);
        assertThat(edge(w, "e1").condition()).isNull();
    }

    @Test
    void aTaskWithoutAWorktreeIdIsNotIsolated() {
        var task = (NodeSpec.Task) node(workflow(wf(TASK_A, "  []\n")), "a").spec();
        assertThat(task.isolation()).isEqualTo(dev.flow.model.Isolation.NONE);
    }

    @Test
    void aGateThatRequiresAWorktreeIsAnIsolatedGateNode() {
        String text = wf(TASK_A + "  - {id: t, type: gate, gate_config: {gate_type: test, requires_worktree: true}}\n"
                + "  - {id: u, type: gate, gate_config: {gate_type: test, requires_worktree: false}}\n"
                + "  - {id: v, type: gate, gate_config: {gate_type: test}}\n", "  - {id: e1, source: a, target: t}\n");
        Workflow w = workflow(text);
        assertThat(((NodeSpec.Gate) node(w, "t").spec()).isolation()).isEqualTo(dev.flow.model.Isolation.WORKTREE);
        assertThat(((NodeSpec.Gate) node(w, "u").spec()).isolation()).isEqualTo(dev.flow.model.Isolation.NONE);
        assertThat(((NodeSpec.Gate) node(w, "v").spec()).isolation()).as("only an explicit true isolates").isEqualTo(dev.flow.model.Isolation.NONE);
        assertThat(node(w, "t").metadata()).doesNotContainKey("requires_worktree");
    }

    @Test
    void scopesAnEdgeConditionsBareFieldToTheEdgesSource() {
        String text = wf(TASK_A + "  - {id: t, type: gate, gate_config: {gate_type: test}}\n",
                "  - {id: e1, source: a, target: t}\n  - {id: e2, source: t, target: a, is_loop_edge: true,\n"
                        + "      condition: {field: test_status, operator: \"!=\", value: passed}}\n");
        var c = (Expr.Binary) edge(workflow(text), "e2").condition();
        assertThat(c.op()).isEqualTo(BinaryOp.NE);
        assertThat(c.left()).isEqualTo(new Expr.Ref("t.test_status", at(text, "test_status")));
        assertThat(c.right()).isEqualTo(new Expr.Literal(Value.of("passed"), at(text, "passed")));
        assertThat(c.source().line()).isEqualTo(10);
    }

    @ParameterizedTest
    @CsvSource({
            "analyze.summary, analyze.summary",
            "summary,         a.summary",
            "test-status,     test-status",
            "'a b',           a b",
            "'x; rm -rf /',   x; rm -rf /"})
    void keepsADottedFieldAndKeepsAnUnsafeFieldVerbatim(String field, String path) {
        String yamlField = field.contains(" ") || field.contains(";") ? "\"" + field + "\"" : field;
        Workflow w = workflow(wf(TASK_A + "  - {id: b, type: task, task_config: {role: r}}\n",
                "  - {id: e1, source: a, target: b, condition: {field: " + yamlField + ", operator: \"==\", value: x}}\n"));
        assertThat(((Expr.Ref) ((Expr.Binary) edge(w, "e1").condition()).left()).path()).isEqualTo(path);
    }

    @ParameterizedTest
    @CsvSource({"==, EQ", "!=, NE", ">, GT", "<, LT", ">=, GE", "<=, LE", "in, IN", "not_in, NOT_IN", "contains, CONTAINS",
            "starts_with, STARTS_WITH", "ends_with, ENDS_WITH"})
    void readsEveryEdgeOperator(String written, BinaryOp op) {
        Workflow w = workflow(wf(TASK_A + "  - {id: b, type: task, task_config: {role: r}}\n",
                "  - {id: e1, source: a, target: b, condition: {field: summary, operator: \"" + written + "\", value: x}}\n"));
        assertThat(((Expr.Binary) edge(w, "e1").condition()).op()).isEqualTo(op);
    }

    @Test
    void readsValuesOfEveryType() {
        Workflow w = workflow(wf(TASK_A + "  - {id: b, type: task, task_config: {role: r}}\n",
                "  - {id: e1, source: a, target: b, condition: {field: f, operator: in, value: [x, 2]}}\n"
                        + "  - {id: e2, source: a, target: b, condition: {field: f, operator: \"==\", value: 2.5}}\n"
                        + "  - {id: e3, source: a, target: b, condition: {field: f, operator: \"==\", value: true}}\n"
                        + "  - {id: e4, source: a, target: b, condition: {field: f, operator: \"==\", value: \"true\"}}\n"));
        assertThat(value(edge(w, "e1"))).isEqualTo(new Value.ListOf(List.of(Value.of("x"), Value.of(2L))));
        assertThat(value(edge(w, "e2"))).isEqualTo(Value.of(2.5));
        assertThat(value(edge(w, "e3"))).isEqualTo(Value.of(true));
        assertThat(value(edge(w, "e4"))).isEqualTo(Value.of("true"));
    }

    private static Value value(Edge e) {
        return ((Expr.Literal) ((Expr.Binary) e.condition()).right()).value();
    }

    @Test
    void readsADataMappingFromTheSourcesResult() {
        String text = wf(TASK_A + "  - {id: b, type: task, task_config: {role: r}}\n",
                "  - {id: e1, source: a, target: b, data_mapping: {plan: summary, other: x.y}}\n");
        Edge e1 = edge(workflow(text), "e1");
        assertThat(e1.dataMapping()).extracting(Mapping::key).containsExactly("plan", "other");
        assertThat(e1.dataMapping().get(0).value()).isEqualTo(new Expr.Ref("a.summary", at(text, "summary")));
        assertThat(e1.dataMapping().get(1).value()).isEqualTo(new Expr.Ref("x.y", at(text, "x.y")));
    }

    /** The debug loop of seed 000, with the check branch between test and analyze. */
    static final String LOOP_NODES = TASK_A
            + "  - {id: t, type: gate, gate_config: {gate_type: test}}\n"
            + "  - id: check\n    type: branch\n    branch_config:\n"
            + "      condition: {field: test_status, operator: \"==\", value: passed, max_iterations: 3}\n"
            + "      on_true: r\n      on_false: a\n"
            + "  - {id: r, type: task, task_config: {role: reviewer}}\n";

    @Test
    void scopesABranchConditionToItsSinglePredecessor() {
        String text = wf(LOOP_NODES, "  - {id: e1, source: a, target: t}\n  - {id: e2, source: t, target: check}\n");
        var branch = (NodeSpec.Branch) node(workflow(text), "check").spec();
        var c = (Expr.Binary) branch.condition();
        assertThat(c.left()).isEqualTo(new Expr.Ref("t.test_status", at(text, "test_status")));
        assertThat(c.right()).isEqualTo(new Expr.Literal(Value.of("passed"), at(text, "passed")));
    }

    @Test
    void leavesABranchFieldBareWhenTheBranchHasSeveralPredecessors() {
        // (e2 leaves gate t for a branch that cannot say which node it reads: FLOW610, see below)
        Workflow w = workflowDespiteProblems(wf(LOOP_NODES, "  - {id: e1, source: a, target: check}\n  - {id: e2, source: t, target: check}\n"));
        var c = (Expr.Binary) ((NodeSpec.Branch) node(w, "check").spec()).condition();
        assertThat(((Expr.Ref) c.left()).path()).isEqualTo("test_status");
    }

    @Test
    void impliesAnEdgeForEachBranchOutcomeThatNoWrittenEdgeTakes() {
        String text = wf(LOOP_NODES, "  - {id: e1, source: a, target: t}\n  - {id: e2, source: t, target: check}\n");
        Workflow w = workflow(text);
        assertThat(ids(w)).containsExactly("start->a", "e1", "e2", "check->r", "check->a", "r->end");
        Edge onTrue = edge(w, "check->r");
        assertThat(onTrue.condition()).isEqualTo(new Expr.OutputTest(Expr.Quantifier.ANY,
                List.of(new NameRef("on_true", at(text, "on_true"))), at(text, "on_true")));
        assertThat(onTrue.to()).isEqualTo(new NameRef("r", after(text, "on_true: ", "r")));
        assertThat(onTrue.loop()).isNull();
        // With no loop edge, the written max_iterations limits the way back (on_false).
        assertThat(edge(w, "check->a").loop()).isEqualTo(new LoopControl(3, at(text, "3")));
    }

    @Test
    void keepsAWrittenEdgeToABranchTargetInsteadOfImplyingOne() {
        String text = wf(LOOP_NODES, "  - {id: e1, source: a, target: t}\n  - {id: e2, source: t, target: check}\n"
                + "  - {id: e4, source: check, target: r, condition: {field: branch_outcome, operator: \"==\", value: on_true}}\n"
                + "  - {id: e5, source: check, target: a, is_loop_edge: true,\n"
                + "      condition: {field: branch_outcome, operator: \"==\", value: on_false}}\n");
        Workflow w = workflow(text);
        assertThat(ids(w)).containsExactly("start->a", "e1", "e2", "e4", "e5", "r->end");
        var c = (Expr.Binary) edge(w, "e4").condition();
        assertThat(c.left()).isEqualTo(new Expr.Ref("check.branch_outcome", at(text, "branch_outcome")));
        assertThat(edge(w, "e4").loop()).isNull();
        assertThat(edge(w, "e5").loop()).isEqualTo(new LoopControl(3, at(text, "3")));
    }

    @Test
    void limitsALoopEdgeWithoutABranchByTheSchemasDefault() {
        String text = wf(TASK_A + "  - {id: t, type: gate, gate_config: {gate_type: test}}\n",
                "  - {id: e1, source: a, target: t}\n  - {id: e2, source: t, target: a, is_loop_edge: true}\n");
        Edge e2 = edge(workflowDespiteProblems(text), "e2");
        assertThat(e2.loop()).isEqualTo(new LoopControl(BranchRules.DEFAULT_LOOP_LIMIT, at(text, "true")));
        assertThat(BranchRules.DEFAULT_LOOP_LIMIT).isEqualTo(10);
    }

    @Test
    void limitsALoopEdgeLeavingABranchWithoutMaxIterationsByTheDefault() {
        String nodes = LOOP_NODES.replace(", max_iterations: 3", "");
        Workflow w = workflow(wf(nodes, "  - {id: e1, source: a, target: t}\n  - {id: e2, source: t, target: check}\n"
                + "  - {id: e5, source: check, target: a, is_loop_edge: true}\n"));
        assertThat(edge(w, "e5").loop().maxIterations()).isEqualTo(10);
        assertThat(edge(w, "check->r").loop()).isNull();
    }

    @Test
    void putsNoLoopControlAnywhereWhenNeitherALoopEdgeNorMaxIterationsIsWritten() {
        String nodes = LOOP_NODES.replace(", max_iterations: 3", "");
        Workflow w = workflow(wf(nodes, "  - {id: e1, source: a, target: t}\n  - {id: e2, source: t, target: check}\n"));
        assertThat(w.edges()).allSatisfy(e -> assertThat(e.loop()).isNull());
    }

    @Test
    void routesAnEdgeTestingMaxIterationsReachedWhenTheLimitIsSpent() {
        String text = wf(LOOP_NODES + "  - {id: h, type: human, human_config: {title: Help}}\n",
                "  - {id: e1, source: a, target: t}\n  - {id: e2, source: t, target: check}\n"
                        + "  - {id: e6, source: check, target: h, condition: {field: branch_outcome, operator: \"==\", value: max_iterations_reached}}\n");
        Edge e6 = edge(workflow(text), "e6");
        assertThat(e6.onLimitReached()).isTrue();
        assertThat(e6.condition()).isNull();
    }

    @Test
    void turnsMergeParallelSubgraphAndHumanConfigsIntoTheirSpecs() {
        String text = wf(TASK_A
                        + "  - {id: p, type: parallel, parallel_config: {branches: [x, y], wait_for: first}}\n"
                        + "  - {id: x, type: task, task_config: {role: r}}\n"
                        + "  - {id: y, type: task, task_config: {role: r}}\n"
                        + "  - {id: j, type: merge, merge_config: {wait_for: any, merge_strategy: intersection}}\n"
                        + "  - {id: s, type: subgraph, subgraph_config: {workflow_name: child, input_mapping: {topic: a.summary}, output_mapping: {verdict: state.v}}}\n"
                        + "  - {id: h, type: human, human_config: {title: Approve, description: \"Ship it?\"}}\n"
                        + "  - {id: m, type: merge}\n",
                "  - {id: e1, source: a, target: p}\n");
        Workflow w = workflow(text);
        assertThat(node(w, "p").spec()).isEqualTo(new NodeSpec.Parallel(
                List.of(new NameRef("x", after(text, "branches: [", "x")), new NameRef("y", after(text, "branches: [x, ", "y"))), WaitMode.FIRST));
        assertThat(node(w, "j").spec()).isEqualTo(new NodeSpec.Merge(List.of(), WaitMode.ANY, MergeStrategy.INTERSECTION, null, null));
        assertThat(node(w, "m").spec()).isEqualTo(new NodeSpec.Merge(List.of(), WaitMode.ALL, MergeStrategy.UNION, null, null));
        var s = (NodeSpec.Subgraph) node(w, "s").spec();
        assertThat(s.workflow()).isEqualTo(new NameRef("child", at(text, "child")));
        assertThat(s.inputs()).containsExactly(new Mapping("topic", new Expr.Ref("a.summary", at(text, "a.summary")), at(text, "topic: a.summary")));
        assertThat(s.outputs()).containsExactly(new Mapping("verdict", new Expr.Ref("state.v", at(text, "state.v")), at(text, "verdict: state.v")));
        assertThat(node(w, "h").spec()).isEqualTo(new NodeSpec.Human("Approve", "Ship it?", null));
    }

    @Test
    void readsWaitForIncomingAndUiMetadata() {
        Workflow w = workflow(wf("  - id: a\n    type: task\n    wait_for_incoming: all\n    ui_metadata: {x: 10, y: 2.5, tags: [a]}\n"
                + "    task_config: {role: r}\n", "  []\n"));
        Node a = node(w, "a");
        assertThat(a.waitForIncoming()).isEqualTo(WaitMode.ALL);
        assertThat(a.metadata()).isEqualTo(Map.of("x", Value.of(10L), "y", Value.of(2.5), "tags", new Value.ListOf(List.of(Value.of("a")))));
        assertThat(node(workflow(wf(TASK_A, "  []\n")), "a").waitForIncoming()).isNull();
    }

    @Test
    void readsTheRunWideConfig() {
        String text = wf(TASK_A, "  []\n") + "config:\n  max_parallel_nodes: 2\n  fail_fast: false\n";
        assertThat(workflow(text).config()).isEqualTo(new Config(2, false, after(text, "[]\n", "config")));
        String partial = wf(TASK_A, "  []\n") + "config: {fail_fast: false}\n";
        assertThat(workflow(partial).config().maxParallel()).isEqualTo(Config.DEFAULT_MAX_PARALLEL);
    }

    @Test
    void derivesIdsForEdgesWithoutOneAfterEveryWrittenIdIsReserved() {
        Workflow w = workflowDespiteProblems(wf(TASK_A + "  - {id: b, type: task, task_config: {role: r}}\n",
                "  - {source: a, target: b}\n  - {id: \"a->b\", source: a, target: b}\n"));
        assertThat(ids(w)).containsExactly("start->a", "a->b#2", "a->b", "b->end");
    }

    @Test
    void readsTheWorkflowsOwnGatesBeforeTheRegistrysOnes() {
        String text = wf("  - {id: t, type: gate, gate_config: {gate_type: lint}}\n", "  []\n")
                .replace("entry_point: a", "entry_point: t") + "gates:\n  lint:\n    command: [ruff, check]\n    timeout: 60\n";
        Workflow w = workflow(text);
        assertThat(w.gates()).hasSize(1);
        assertThat(w.gate("lint").orElseThrow().timeout()).isEqualTo(Duration.ofMinutes(1));
        assertThat(w.gate("lint").orElseThrow().source()).isEqualTo(at(text, "lint", 2));
    }

}

package dev.flow.yaml.graphloop;

import static dev.flow.yaml.YamlTestSupport.after;
import static dev.flow.yaml.YamlTestSupport.at;
import static dev.flow.yaml.YamlTestSupport.edge;
import static dev.flow.yaml.YamlTestSupport.ids;
import static dev.flow.yaml.YamlTestSupport.node;
import static dev.flow.yaml.YamlTestSupport.shape;
import static dev.flow.yaml.YamlTestSupport.workflow;
import static dev.flow.yaml.YamlTestSupport.within;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.Command;
import dev.flow.model.Config;
import dev.flow.model.Expr;
import dev.flow.model.Interrupt;
import dev.flow.model.KvRef;
import dev.flow.model.Limits;
import dev.flow.model.LoopControl;
import dev.flow.model.MergeStrategy;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.OutputDecl;
import dev.flow.model.OutputHandler;
import dev.flow.model.RetryPolicy;
import dev.flow.model.StateUpdate;
import dev.flow.model.StateVariable;
import dev.flow.model.Type;
import dev.flow.model.Value;
import dev.flow.model.WaitMode;
import dev.flow.yaml.YamlTestSupport;
import dev.flow.model.Workflow;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Each rule that turns dialect 2 into the graph model, one small YAML text each. */
class GraphLoopMappingTest {

    /** A workflow with the given nodes (indented under nodes:) and edges (list items). */
    static String wf(String nodes, String edges) {
        return "workflow: w\nnodes:\n" + nodes + "edges:\n" + edges;
    }

    static final String WORK = "  work:\n    type: task\n    agent: self\n    prompt: Do it\n    outputs: [done, blocked]\n";
    static final String START_WORK_END = "  - {from: START, to: work}\n  - {from: work, to: END, condition: \"done\"}\n";

    @Test
    void readsTheHeaderAndPutsStartAndEndAroundTheNodesInMapOrder() {
        String text = "workflow: feature\ndescription: Builds it\nversion: \"1.0\"\nnodes:\n" + WORK
                + "  after:\n    type: checkpoint\n    outputs: [done]\nedges:\n" + START_WORK_END;
        Workflow w = workflow(text);
        assertThat(w.id()).isEqualTo("feature");
        assertThat(w.name()).isNull();
        assertThat(w.description()).isEqualTo("Builds it");
        assertThat(w.version()).isEqualTo("1.0");
        assertThat(w.source()).isEqualTo(at(text, "feature"));
        assertThat(w.nodes()).extracting(Node::id).containsExactly("start", "work", "after", "end");
        assertThat(node(w, "start").source()).isEqualTo(at(text, "START"));
        assertThat(node(w, "end").source()).isEqualTo(at(text, "END"));
    }

    @Test
    void readsStartAndEndInEdgesAsTheImplicitNodes() {
        String text = wf(WORK, START_WORK_END);
        Workflow w = workflow(text);
        assertThat(ids(w)).containsExactly("start->work", "work->end");
        assertThat(edge(w, "start->work").from()).isEqualTo(new NameRef("start", at(text, "START")));
        assertThat(edge(w, "work->end").to()).isEqualTo(new NameRef("end", at(text, "END")));
    }

    @Test
    void turnsAnAgentTaskIntoATaskWithThatAgent() {
        String text = wf("  work:\n    type: task\n    agent: codex\n    prompt: Review\n    context_files: [src/a.ts, README.md]\n"
                + "    cwd: app\n    outputs: [done]\n    timeout_minutes: 15\n", "  - {from: START, to: work}\n");
        Node work = node(workflow(text), "work");
        assertThat(work.spec()).isEqualTo(new NodeSpec.Task(new NameRef("codex", at(text, "codex")), null, "Review", null, "app",
                List.of("src/a.ts", "README.md"), java.util.Map.of(), List.of()));
        assertThat(work.outputs()).containsExactly(new OutputDecl("done", null, after(text, "outputs: [", "done")));
        assertThat(work.timeout()).isEqualTo(Duration.ofMinutes(15));
        assertThat(work.source()).isEqualTo(after(text, "nodes:\n  ", "work"));
    }

    @Test
    void readsATasksInputsAsKeysOfTheKeyValueStoreWithRunForTheRunsOwn() {
        String text = wf("  plan:\n    type: task\n    agent: self\n    prompt: Plan\n    outputs: [done]\n"
                + "  work:\n    type: task\n    agent: codex\n    prompt: Review\n    outputs: [done]\n    inputs:\n"
                + "      - {node: plan, key: out.summary, as: plan}\n      - {node: run, key: ctx.decisions}\n",
                "  - {from: START, to: plan}\n  - {from: plan, to: work}\n  - {from: work, to: END}\n");
        var inputs = ((NodeSpec.Task) node(workflow(text), "work").spec()).inputs();
        assertThat(inputs).extracting(KvRef::describe, KvRef::as).containsExactly(
                org.assertj.core.groups.Tuple.tuple("plan[\"out.summary\"]", "plan"), org.assertj.core.groups.Tuple.tuple("run[\"ctx.decisions\"]", null));
        assertThat(inputs.get(0).node().source()).isEqualTo(after(text, "node: ", "plan"));
        assertThat(inputs.get(1).readsRun()).isTrue();
    }

    @Test
    void anInputWithoutAKeyIsReported() {
        String text = wf("  work:\n    type: task\n    agent: codex\n    prompt: Review\n    outputs: [done]\n    inputs:\n"
                + "      - {node: plan, as: plan}\n", "  - {from: START, to: work}\n  - {from: work, to: END}\n");
        var read = YamlTestSupport.read(text);
        assertThat(read.diagnostics()).extracting(d -> d.code().id() + " " + d.message())
                .contains("FLOW606 input #1 of node \"work\" has no \"key\"; the key to read, such as out.summary");
    }

    @Test
    void isolateAndRepositoryAreTheWorkflowsDefaultAndATaskMaySetItsOwn() {
        String text = "workflow: w\nisolate: worktree\nrepository: ../app\nnodes:\n" + WORK
                + "  look:\n    type: task\n    agent: bash\n    command: ls\n    isolate: none\n    outputs: [done]\n"
                + "edges:\n  - {from: START, to: work}\n  - {from: work, to: look, condition: \"done\"}\n  - {from: look, to: END}\n";
        Workflow w = workflow(text);
        assertThat(w.config().isolation()).isEqualTo(dev.flow.model.Isolation.WORKTREE);
        assertThat(w.config().repository()).isEqualTo("../app");
        assertThat(w.config().maxParallel()).isEqualTo(dev.flow.model.Config.DEFAULT_MAX_PARALLEL);
        assertThat(((NodeSpec.Task) node(w, "work").spec()).isolated()).isTrue();
        assertThat(((NodeSpec.Task) node(w, "look").spec()).isolated()).isFalse();
        assertThat(node(w, "work").effectiveOutputs()).containsExactly("done", "blocked", "conflict");
    }

    @Test
    void aTaskMayBeAPlannerAndEscalateItsFailure() {
        String text = wf("  plan: {type: task, agent: self, prompt: Plan., planner: true, max_added_nodes: 4, outputs: [done]}\n"
                        + "  build: {type: task, agent: bash, command: make, escalate: triage, outputs: [done]}\n"
                        + "  triage: {type: task, agent: self, prompt: Why., escalate: none, outputs: [retry, give_up]}\n"
                        + "  other: {type: task, agent: bash, command: ls, escalate: auto, outputs: [done]}\n",
                "  - {from: START, to: plan}\n  - {from: plan, to: build}\n  - {from: build, to: other}\n  - {from: other, to: END}\n");
        Workflow w = workflow(text);
        var plan = (NodeSpec.Task) node(w, "plan").spec();
        assertThat(plan.isPlanner()).isTrue();
        assertThat(plan.planner().maxPerAnswer()).isEqualTo(4);
        assertThat(((NodeSpec.Task) node(w, "build").spec()).isPlanner()).isFalse();
        assertThat(node(w, "build").escalation().mode()).isEqualTo(dev.flow.model.Escalation.Mode.TO);
        assertThat(node(w, "build").escalation().target().name()).isEqualTo("triage");
        assertThat(node(w, "triage").escalation().mode()).isEqualTo(dev.flow.model.Escalation.Mode.NONE);
        assertThat(node(w, "other").escalation().mode()).isEqualTo(dev.flow.model.Escalation.Mode.AUTO);
        assertThat(YamlTestSupport.problems(text)).isEmpty();
    }

    @Test
    void anIsolationThatIsNeitherWorktreeNorNoneIsReported() {
        String text = "workflow: w\nisolate: docker\nnodes:\n" + WORK + "edges:\n" + START_WORK_END;
        assertThat(YamlTestSupport.problems(text)).extracting(d -> d.code()).containsExactly(dev.flow.diagnostic.Code.YAML_INVALID_VALUE);
    }

    @Test
    void turnsABashTaskIntoAShellCommandBecauseTheAuthorWroteAShellLine() {
        String text = wf("  tests:\n    type: task\n    agent: bash\n    command: \"npm test -- --coverage\"\n    outputs: [pass, fail]\n",
                "  - {from: START, to: tests}\n");
        var task = (NodeSpec.Task) node(workflow(text), "tests").spec();
        assertThat(task.agent()).isNull();
        assertThat(task.command()).isEqualTo(new Command.Shell("npm test -- --coverage", at(text, "\"npm test -- --coverage\"")));
    }

    @ParameterizedTest
    @CsvSource(delimiterString = "=>", value = {
            "retry_on_failure: true => 3",
            "retry_on_failure: true, max_retries: 5 => 5",
            "max_retries: 2 => 2",
            "retry_on_failure: false, max_retries: 5 => -1",
            "timeout_minutes: 1 => -1"})
    void readsRetries(String keys, int retries) {
        String text = wf("  t: {type: task, agent: bash, command: x, outputs: [done], " + keys + "}\n", "  - {from: START, to: t}\n");
        RetryPolicy retry = node(workflow(text), "t").retry();
        if (retries < 0) {
            assertThat(retry).isNull();
        } else {
            assertThat(retry.maxRetries()).isEqualTo(retries);
            assertThat(retry).isEqualTo(RetryPolicy.times(retries, retry.source()));
        }
    }

    @Test
    void retryOnFailureRetriesADeclaredFailureOutputBeforeRoutingIt() {
        String text = wf("  t: {type: task, agent: bash, command: x, outputs: [success, failure], retry_on_failure: true, max_retries: 3}\n",
                "  - {from: START, to: t}\n");
        RetryPolicy retry = node(workflow(text), "t").retry();
        assertThat(retry.maxRetries()).isEqualTo(3);
        assertThat(retry.on()).containsExactly(new NameRef("failure", after(text, "outputs: [success, ", "failure")));
    }

    @Test
    void turnsOnOutputIntoStateUpdatesWithOutputAsTheOnlyReferenceToTheTaskText() {
        String text = wf("  t:\n    type: task\n    agent: bash\n    command: wc -l\n    outputs: [done]\n    on_output:\n      done:\n"
                + "        set:\n          total: output\n          label: \"output\"\n          count: 3\n        append:\n          seen: approach_a\n",
                "  - {from: START, to: t}\n");
        List<OutputHandler> handlers = node(workflow(text), "t").onOutput();
        assertThat(handlers).hasSize(1);
        OutputHandler done = handlers.get(0);
        assertThat(done.output()).isEqualTo(new NameRef("done", after(text, "on_output:\n      ", "done")));
        assertThat(done.updates()).extracting(StateUpdate::op)
                .containsExactly(StateUpdate.Op.SET, StateUpdate.Op.SET, StateUpdate.Op.SET, StateUpdate.Op.APPEND);
        assertThat(done.updates().get(0).variable()).isEqualTo(new NameRef("total", at(text, "total")));
        // the word output is what the task printed (seed 001: "agent output assigned directly"), not the output's name
        assertThat(done.updates().get(0).value()).isEqualTo(new Expr.Ref("t.text", after(text, "total: ", "output")));
        assertThat(done.updates().get(1).value()).isEqualTo(new Expr.Literal(Value.of("output"), at(text, "\"output\"")));
        assertThat(done.updates().get(2).value()).isEqualTo(new Expr.Literal(Value.of(3L), at(text, "3")));
        assertThat(done.updates().get(3).value()).isEqualTo(new Expr.Literal(Value.of("approach_a"), at(text, "approach_a")));
    }

    @Test
    void outputIsTheTextOfEveryNodeThatHasOneAndTheOutputNameOfTheOthers() {
        String text = wf("  a: {type: task, agent: self, prompt: A, outputs: [done], on_output: {done: {set: {x: output}}}}\n"
                + "  b: {type: task, agent: self, prompt: B, outputs: [done]}\n"
                + "  agg: {type: join, wait_for: [a, b], agent: self, prompt: C, outputs: [ready], on_output: {ready: {set: {y: output}}}}\n"
                + "  plain: {type: join, wait_for: [a, b], outputs: [ready], on_output: {ready: {set: {z: output}}}}\n"
                + "  ok: {type: human, prompt: Ship it, outputs: [yes, no], on_output: {yes: {set: {why: output}}}}\n"
                + "  pick: {type: decision, condition: \"state.x == 'a'\", outputs: [pass, fail], on_output: {pass: {set: {w: output}}}}\n",
                "  - {from: START, to: a}\n");
        Workflow w = workflow(text);
        assertThat(List.of("a", "agg", "plain", "ok", "pick")).extracting(id -> ((Expr.Ref) node(w, id).onOutput().get(0).updates().get(0).value()).path())
                .containsExactly("a.text", "agg.text", "output", "ok.text", "output");
    }

    @Test
    void aVariableFirstStoredByOnOutputIsDeclaredThereWithTheTypeOfItsValues() {
        String text = "workflow: w\nstate:\n  variables:\n    score: 0\nnodes:\n"
                + "  t:\n    type: task\n    agent: bash\n    command: wc -l\n    outputs: [done, fail]\n    on_output:\n"
                + "      done:\n        set: {total: output, score: output, ratio: 1, label: ok}\n        append: {seen: a, notes: output}\n"
                + "      fail:\n        set: {ratio: 0.5, label: 3}\n        append: {seen: b}\n"
                + "edges:\n  - {from: START, to: t}\n  - {from: t, to: END}\n";
        Workflow w = workflow(text);
        assertThat(w.state()).extracting(StateVariable::name).containsExactly("score", "total", "ratio", "label", "seen", "notes");
        assertThat(w.state()).extracting(StateVariable::type)
                .containsExactly(Type.INT, Type.ANY, Type.FLOAT, Type.ANY, Type.list(Type.STRING), Type.list(Type.ANY));
        assertThat(w.state().get(1)).isEqualTo(new StateVariable("total", Type.ANY, null, null, at(text, "total")));
    }

    @Test
    void turnsADecisionIntoABranchOverItsDeclaredOutputs() {
        String text = wf("  check:\n    type: decision\n    condition: \"state.score >= 8 && outputs.review == 'clean'\"\n    outputs: [pass, fail]\n",
                "  - {from: START, to: check}\n  - {from: check, to: END, condition: pass}\n");
        Node check = node(workflow(text), "check");
        var c = (Expr.Binary) ((NodeSpec.Branch) check.spec()).condition();
        assertThat(c.op()).isEqualTo(Expr.BinaryOp.AND);
        var left = (Expr.Binary) c.left();
        assertThat(left.left()).isEqualTo(new Expr.Ref("state.score", at(text, "state.score")));
        var right = (Expr.Binary) c.right();
        assertThat(right.left()).isEqualTo(new Expr.Ref("review.output", at(text, "outputs.review")));
        assertThat(check.outputs()).extracting(OutputDecl::name).containsExactly("pass", "fail");
    }

    @Test
    void fansAParallelNodeOutToEachBranchNotAlreadyConnected() {
        String text = wf("  fan:\n    type: parallel\n    branches: [a, b]\n    outputs: [all_done]\n"
                        + "  a: {type: task, agent: gemini, prompt: A, outputs: [done]}\n  b: {type: task, agent: gemini, prompt: B, outputs: [done]}\n",
                "  - {from: START, to: fan}\n  - {from: fan, to: b}\n");
        Workflow w = workflow(text);
        assertThat(node(w, "fan").spec()).isEqualTo(new NodeSpec.Parallel(
                List.of(new NameRef("a", within(text, "[a, b]", "a")), new NameRef("b", within(text, "[a, b]", "b"))), WaitMode.ALL));
        assertThat(ids(w)).containsExactly("start->fan", "fan->b", "fan->a");
        assertThat(edge(w, "fan->a").source()).isEqualTo(within(text, "[a, b]", "a"));
        assertThat(edge(w, "fan->a").condition()).isNull();
    }

    @Test
    void joinsEachWaitedNodeNotAlreadyConnectedIntoTheJoin() {
        String text = wf("  a: {type: task, agent: self, prompt: A, outputs: [done]}\n  b: {type: task, agent: self, prompt: B, outputs: [done]}\n"
                        + "  agg:\n    type: join\n    wait_for: [a, b]\n    agent: self\n    prompt: Compare\n    outputs: [ready]\n",
                "  - {from: START, to: a}\n  - {from: START, to: b}\n  - {from: a, to: agg, condition: done}\n");
        Workflow w = workflow(text);
        assertThat(node(w, "agg").spec()).isEqualTo(new NodeSpec.Merge(
                List.of(new NameRef("a", within(text, "[a, b]", "a")), new NameRef("b", within(text, "[a, b]", "b"))),
                WaitMode.ALL, MergeStrategy.UNION, new NameRef("self", after(text, "agg:", "self")), "Compare"));
        assertThat(ids(w)).containsExactly("start->a", "start->b", "a->agg", "b->agg");
    }

    @Test
    void turnsAHumanIntoAQuestionWithItsDefaultAndTimeout() {
        String text = wf("  ok:\n    type: human\n    prompt: Ship it?\n    outputs: [yes, no, defer]\n    timeout_minutes: 60\n    default_output: defer\n",
                "  - {from: START, to: ok}\n");
        Node ok = node(workflow(text), "ok");
        assertThat(ok.spec()).isEqualTo(new NodeSpec.Human(null, "Ship it?", new NameRef("defer", after(text, "default_output: ", "defer"))));
        assertThat(ok.outputs()).extracting(OutputDecl::name).containsExactly("yes", "no", "defer");
        assertThat(ok.timeout()).isEqualTo(Duration.ofHours(1));
    }

    @Test
    void turnsACheckpointIntoACheckpoint() {
        Workflow w = workflow(wf("  save:\n    type: checkpoint\n    outputs: [done]\n", "  - {from: START, to: save}\n"));
        assertThat(node(w, "save").spec()).isEqualTo(new NodeSpec.Checkpoint());
    }

    @ParameterizedTest
    @CsvSource(delimiterString = "=>", value = {
            "done => any[done]",
            "any(done, blocked) => any[done, blocked]",
            "all(done, blocked) => all[done, blocked]",
            "!blocked => !any[blocked]",
            "done && state.ready => (any[done] && state.ready)",
            "done || outputs.work == 'x' => (any[done] || (work.output == \"x\"))",
            "state.attempts < 5 => (state.attempts < 5)",
            "work.done => work.done",
            "output == 'done' => (output == \"done\")",
            "state.x == done => (state.x == done)"})
    void translatesEdgeConditionsToCanonicalReferences(String condition, String shape) {
        Workflow w = workflow(wf(WORK, "  - {from: START, to: work}\n  - {from: work, to: END, condition: \"" + condition + "\"}\n"));
        assertThat(shape(edge(w, "work->end").condition())).isEqualTo(shape);
    }

    @Test
    void placesEachPartOfAConditionInsideTheYamlString() {
        String text = wf(WORK, "  - {from: START, to: work}\n  - from: work\n    to: END\n    condition: \"any(done,  blocked)\"\n");
        var test = (Expr.OutputTest) edge(workflow(text), "work->end").condition();
        assertThat(test.source()).isEqualTo(at(text, "any(done,  blocked)"));
        assertThat(test.outputs().get(1)).isEqualTo(new NameRef("blocked", after(text, "any(done,  ", "blocked")));
    }

    @Test
    void readsAFlowExtensionLoopLimitOnAnEdge() {
        String text = wf(WORK, "  - {from: START, to: work}\n  - {from: work, to: work, condition: blocked, max_iterations: 3}\n");
        assertThat(edge(workflow(text), "work->work").loop()).isEqualTo(new LoopControl(3, at(text, "3")));
    }

    @Test
    void infersEachStateVariablesTypeFromItsInitialValue() {
        String text = wf(WORK, START_WORK_END)
                + "state:\n  variables:\n    n: 0\n    ratio: 0.5\n    name: \"\"\n    seen: []\n    ok: true\n    tags: [a, b]\n    sizes: [1, 2]\n    anything: ~\n";
        Workflow w = workflow(text);
        assertThat(w.state()).extracting(StateVariable::name).containsExactly("n", "ratio", "name", "seen", "ok", "tags", "sizes", "anything");
        assertThat(w.state()).extracting(StateVariable::type).containsExactly(Type.INT, Type.FLOAT, Type.STRING, Type.list(Type.STRING),
                Type.BOOL, Type.list(Type.STRING), Type.list(Type.INT), Type.ANY);
        assertThat(w.variable("n").orElseThrow()).isEqualTo(new StateVariable("n", Type.INT, Value.of(0L), null, after(text, "variables:\n    ", "n")));
        assertThat(w.variable("seen").orElseThrow().initial()).isEqualTo(new Value.ListOf(List.of()));
    }

    @Test
    void readsLimitsAndMaxParallelBranches() {
        String text = wf(WORK, START_WORK_END)
                + "limits:\n  max_iterations: 20\n  max_time_minutes: 60\n  max_cost_dollars: 5.00\n  max_parallel_branches: 3\n";
        Workflow w = workflow(text);
        assertThat(w.limits()).isEqualTo(new Limits(20L, Duration.ofHours(1), 5.0, at(text, "limits")));
        assertThat(w.config()).isEqualTo(new Config(3, true, at(text, "max_parallel_branches")));
        assertThat(workflow(wf(WORK, START_WORK_END)).limits()).isEqualTo(Limits.NONE);
    }

    @Test
    void readsInterruptsWithTheirConditions() {
        String text = wf(WORK, START_WORK_END) + "interrupts:\n  - before: work\n    prompt: Ready?\n    required: true\n"
                + "  - after: work\n    condition: \"state.iteration >= 3\"\n    prompt: Continue?\n";
        List<Interrupt> interrupts = workflow(text).interrupts();
        assertThat(interrupts).hasSize(2);
        assertThat(interrupts.get(0)).isEqualTo(new Interrupt(Interrupt.Timing.BEFORE, new NameRef("work", after(text, "before: ", "work")), null,
                "Ready?", true, interrupts.get(0).source()));
        assertThat(interrupts.get(0).source().line()).isEqualTo(after(text, "- ", "before").line());
        assertThat(interrupts.get(1).timing()).isEqualTo(Interrupt.Timing.AFTER);
        assertThat(interrupts.get(1).required()).isFalse();
        assertThat(shape(interrupts.get(1).condition())).isEqualTo("(state.iteration >= 3)");
    }

    @Test
    void parsesCompletionConditionsWithoutTurningNamesIntoOutputTests() {
        String text = wf(WORK, START_WORK_END) + "completion:\n  - work.done\n  - \"state.all_tests_pass == true\"\n  - done\n";
        List<Expr> completion = workflow(text).completion();
        assertThat(completion).extracting(YamlTestSupport::shape).containsExactly("work.done", "(state.all_tests_pass == true)", "done");
        assertThat(completion.get(0).source()).isEqualTo(at(text, "work.done"));
    }

    @Test
    void takesTheTextOfNamesThatYamlReadsAsBooleans() {
        String text = wf("  ok:\n    type: human\n    prompt: Ship?\n    outputs: [yes, no]\n", "  - {from: START, to: ok}\n  - {from: ok, to: END, condition: \"yes\"}\n")
                + "completion:\n  - ok.yes\n";
        Workflow w = workflow(text);
        assertThat(node(w, "ok").outputs()).extracting(OutputDecl::name).containsExactly("yes", "no");
        assertThat(shape(edge(w, "ok->end").condition())).isEqualTo("any[yes]");
        assertThat(shape(w.completion().get(0))).isEqualTo("ok.yes");
    }
}

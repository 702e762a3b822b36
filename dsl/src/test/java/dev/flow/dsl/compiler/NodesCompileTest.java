package dev.flow.dsl.compiler;

import static dev.flow.dsl.FlowTesting.graph;
import static dev.flow.dsl.FlowTesting.workflow;
import static dev.flow.dsl.FlowTesting.wrap;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.Expr;
import dev.flow.model.FlowGraph;
import dev.flow.model.KvRef;
import dev.flow.model.Mapping;
import dev.flow.model.MergeStrategy;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.OutputDecl;
import dev.flow.model.RetryPolicy;
import dev.flow.model.StateUpdate;
import dev.flow.model.Value;
import dev.flow.model.WaitMode;
import dev.flow.model.Workflow;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NodesCompileTest {

    private static Node node(Workflow w, String id) {
        return w.node(id).orElseThrow();
    }

    @Test
    void aTaskCarriesEveryProperty() {
        Workflow w = workflow(wrap("""
                gate tests { }
                agent fake { }
                task analyze "Analyze" {
                    description "Look at the bug"
                    agent fake
                    role "debugger"
                    prompt "Analyze: ${issue}"
                    cwd "src"
                    context "README.md", "docs/a.md"
                    env { X = "y" }
                    gates tests
                    outputs done "finished", blocked
                    timeout 15m
                }
                """));
        Node n = node(w, "analyze");
        assertThat(n.label()).isEqualTo("Analyze");
        assertThat(n.description()).isEqualTo("Look at the bug");
        var spec = (NodeSpec.Task) n.spec();
        assertThat(spec.call().agent().name()).isEqualTo("fake");
        assertThat(spec.call().role()).isEqualTo("debugger");
        assertThat(spec.call().prompt()).isEqualTo("Analyze: ${issue}");
        assertThat(spec.command()).isNull();
        assertThat(spec.execution().cwd()).isEqualTo("src");
        assertThat(spec.call().contextFiles()).containsExactly("README.md", "docs/a.md");
        assertThat(spec.execution().env()).containsExactly(Map.entry("X", "y"));
        assertThat(spec.execution().gates()).extracting(NameRef::name).containsExactly("tests");
        assertThat(n.outputs()).extracting(OutputDecl::name, OutputDecl::description)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("done", "finished"), org.assertj.core.groups.Tuple.tuple("blocked", null));
        assertThat(n.timeout()).isEqualTo(Duration.ofMinutes(15));
    }

    @Test
    void aTasksInputsNameANodeOrTheRunAKeyAndOptionallyAName() {
        String text = wrap("""
                task plan { sh "true" }
                task work {
                    agent claude
                    prompt "Go"
                    inputs {
                        goal = plan["ctx.goal"]
                        run["ctx.decisions"], prior = plan["out.summary"]
                    }
                }
                """);
        var inputs = ((NodeSpec.Task) node(workflow(text), "work").spec()).call().inputs();
        assertThat(inputs).extracting(KvRef::describe, KvRef::as).containsExactly(
                org.assertj.core.groups.Tuple.tuple("plan[\"ctx.goal\"]", "goal"),
                org.assertj.core.groups.Tuple.tuple("run[\"ctx.decisions\"]", null),
                org.assertj.core.groups.Tuple.tuple("plan[\"out.summary\"]", "prior"));
        assertThat(inputs.get(1).readsRun()).isTrue();
        assertThat(text.substring(inputs.get(0).node().source().offset(), inputs.get(0).node().source().offset() + 4)).isEqualTo("plan");
        assertThat(text.substring(inputs.get(1).node().source().offset(), inputs.get(1).node().source().offset() + 3)).isEqualTo("run");
    }

    @Test
    void aCommandTaskHasNoAgent() {
        var spec = (NodeSpec.Task) node(workflow(wrap("task build { sh \"make all\" }")), "build").spec();
        assertThat(spec.call().agent()).isNull();
        assertThat(spec.command().display()).isEqualTo("make all");
    }

    @Test
    void aGateNodeNamesItsGateDefinition() {
        Node n = node(workflow(wrap("gate tests { }\ngate test \"Run the tests\" uses tests { timeout 1m }")), "test");
        assertThat(((NodeSpec.Gate) n.spec()).gate().name()).isEqualTo("tests");
        assertThat(n.label()).isEqualTo("Run the tests");
        assertThat(n.timeout()).isEqualTo(Duration.ofMinutes(1));
    }

    @Test
    void aBranchCompilesItsConditionWithoutOutputsInScope() {
        Workflow w = workflow(wrap("""
                state { attempts: int = 0 }
                gate tests { }
                gate test uses tests
                branch check { if test.passed && attempts < 3 }
                """));
        var condition = ((NodeSpec.Branch) node(w, "check").spec()).condition();
        assertThat(condition).isInstanceOf(Expr.Binary.class);
        var and = (Expr.Binary) condition;
        assertThat(((Expr.Ref) and.left()).path()).isEqualTo("test.passed");
        assertThat(((Expr.Ref) ((Expr.Binary) and.right()).left()).path()).isEqualTo("state.attempts");
    }

    @Test
    void aBranchWithoutConditionCompilesSoThatTheCheckerReportsIt() {
        assertThat(((NodeSpec.Branch) node(workflow(wrap("branch b { }")), "b").spec()).condition()).isNull();
    }

    @Test
    void aParallelNamesItsBranchesAndHowItWaits() {
        Workflow w = workflow(wrap("parallel fan { branches a, b  wait first }\ncheckpoint a\ncheckpoint b\nparallel plain"));
        var fan = (NodeSpec.Parallel) node(w, "fan").spec();
        assertThat(fan.branches()).extracting(NameRef::name).containsExactly("a", "b");
        assertThat(fan.waitFor()).isEqualTo(WaitMode.FIRST);
        assertThat(node(w, "fan").waitForIncoming()).isNull();
        assertThat(((NodeSpec.Parallel) node(w, "plain").spec()).waitFor()).isEqualTo(WaitMode.ALL);
    }

    @Test
    void aMergeNamesWhatItJoinsHowAndWithWhichAgent() {
        Workflow w = workflow(wrap("""
                checkpoint a
                checkpoint b
                merge join {
                    wait any of a, b
                    strategy intersection
                    agent self
                    prompt "Combine"
                    wait incoming all
                }
                merge plain
                """));
        var join = (NodeSpec.Merge) node(w, "join").spec();
        assertThat(join.waitFor()).extracting(NameRef::name).containsExactly("a", "b");
        assertThat(join.mode()).isEqualTo(WaitMode.ANY);
        assertThat(join.strategy()).isEqualTo(MergeStrategy.INTERSECTION);
        assertThat(join.agent().name()).isEqualTo("self");
        assertThat(join.prompt()).isEqualTo("Combine");
        assertThat(node(w, "join").waitForIncoming()).isEqualTo(WaitMode.ALL);
        var plain = (NodeSpec.Merge) node(w, "plain").spec();
        assertThat(plain.mode()).isEqualTo(WaitMode.ALL);
        assertThat(plain.strategy()).isEqualTo(MergeStrategy.UNION);
        assertThat(plain.waitFor()).isEmpty();
        assertThat(w.agents()).as("built-in agents are not copied into the model").isEmpty();
    }

    @Test
    void aSubgraphMapsInputsInItsOwnScopeAndResultsInTheCalledWorkflowsScope() {
        FlowGraph g = graph("""
                workflow parent {
                    input issue: string
                    subgraph sub "Nested" runs child {
                        with { topic = issue }
                        returns { verdict = result, status = review.output }
                    }
                }
                workflow child {
                    input topic: string
                    state { result: string = "" }
                    task review
                }
                """);
        assertThat(g.main().id()).isEqualTo("parent");
        assertThat(g.subworkflows()).extracting(Workflow::id).containsExactly("child");
        var sub = (NodeSpec.Subgraph) g.main().node("sub").orElseThrow().spec();
        assertThat(sub.workflow().name()).isEqualTo("child");
        assertThat(sub.inputs()).extracting(Mapping::key).containsExactly("topic");
        assertThat(((Expr.Ref) sub.inputs().get(0).value()).path()).isEqualTo("input.issue");
        assertThat(sub.outputs()).extracting(m -> ((Expr.Ref) m.value()).path()).containsExactly("state.result", "review.output");
    }

    @Test
    void aHumanNodeHasATitleAPromptAndADefaultAnswer() {
        Node n = node(workflow(wrap("human approve { title \"Approve?\" prompt \"Ship it?\" outputs yes, no default no timeout 24h }")), "approve");
        var human = (NodeSpec.Human) n.spec();
        assertThat(human.title()).isEqualTo("Approve?");
        assertThat(human.prompt()).isEqualTo("Ship it?");
        assertThat(human.defaultOutput().name()).isEqualTo("no");
        assertThat(n.timeout()).isEqualTo(Duration.ofHours(24));
    }

    @Test
    void aCheckpointIsANodeOfItsOwnKind() {
        assertThat(node(workflow(wrap("checkpoint save { description \"before deploy\" }")), "save").spec())
                .isEqualTo(new NodeSpec.Checkpoint());
    }

    @Test
    void aRetryTakesTheDefaultsOfRetryPolicyForWhatIsNotWritten() {
        Workflow w = workflow(wrap("task a { retry 3 }\ntask b { retry 2 backoff 2s factor 3 max backoff 1m without jitter }"));
        RetryPolicy a = node(w, "a").retry();
        assertThat(a.maxRetries()).isEqualTo(3);
        assertThat(a.initialBackoff()).isEqualTo(RetryPolicy.DEFAULT_INITIAL_BACKOFF);
        assertThat(a.multiplier()).isEqualTo(RetryPolicy.DEFAULT_MULTIPLIER);
        assertThat(a.maxBackoff()).isEqualTo(RetryPolicy.DEFAULT_MAX_BACKOFF);
        assertThat(a.jitter()).isTrue();
        RetryPolicy b = node(w, "b").retry();
        assertThat(b.maxRetries()).isEqualTo(2);
        assertThat(b.initialBackoff()).isEqualTo(Duration.ofSeconds(2));
        assertThat(b.multiplier()).isEqualTo(3.0);
        assertThat(b.maxBackoff()).isEqualTo(Duration.ofMinutes(1));
        assertThat(b.jitter()).isFalse();
    }

    @Test
    void retryOnNamesTheOutputsToTryAgainAndStaysApartFromAHandlerThatFollows() {
        Workflow w = workflow(wrap("state { n: int = 0 }\n"
                + "task a { run [\"make\"] outputs done, fail, timeout retry 3 on fail, timeout backoff 2s on done set n = 1 }\n"
                + "task b { agent claude outputs done, blocked retry 2 on blocked set n = 2 }"));
        RetryPolicy a = node(w, "a").retry();
        assertThat(a.on()).extracting(dev.flow.model.NameRef::name).containsExactly("fail", "timeout");
        assertThat(a.initialBackoff()).isEqualTo(Duration.ofSeconds(2));
        assertThat(node(w, "a").onOutput()).extracting(h -> h.output().name()).containsExactly("done");
        // "on blocked set ..." after a retry is a handler, not the retry's outputs
        assertThat(node(w, "b").retry().on()).isEmpty();
        assertThat(node(w, "b").onOutput()).extracting(h -> h.output().name()).containsExactly("blocked");
    }

    @Test
    void sessionContinueIsKeptOnTheTaskAndAbsentMeansFresh() {
        Workflow w = workflow(wrap("task a { agent claude session continue }\ntask b { agent claude session fresh }\ntask c { agent claude }"));
        assertThat(((NodeSpec.Task) node(w, "a").spec()).call().session()).isEqualTo(dev.flow.model.SessionMode.CONTINUE);
        assertThat(((NodeSpec.Task) node(w, "b").spec()).call().session()).isEqualTo(dev.flow.model.SessionMode.FRESH);
        assertThat(((NodeSpec.Task) node(w, "c").spec()).call().session()).isNull();
    }

    @Test
    void handlersSetAndAppendStateOnAnOutput() {
        Workflow w = workflow(wrap("""
                state { attempts: int = 0  notes: list<string> = [] }
                task a {
                    outputs done, blocked
                    on done set attempts = attempts + 1
                    on blocked {
                        append output to notes
                        set attempts = 0
                    }
                }
                """));
        var handlers = node(w, "a").onOutput();
        assertThat(handlers).extracting(h -> h.output().name()).containsExactly("done", "blocked");
        assertThat(handlers.get(1).updates()).extracting(StateUpdate::op, u -> u.variable().name()).containsExactly(
                org.assertj.core.groups.Tuple.tuple(StateUpdate.Op.APPEND, "notes"),
                org.assertj.core.groups.Tuple.tuple(StateUpdate.Op.SET, "attempts"));
        assertThat(((Expr.Ref) handlers.get(1).updates().get(0).value()).path()).isEqualTo("output");
        assertThat(handlers.get(1).updates().get(1).value()).isEqualTo(new Expr.Literal(Value.of(0L), handlers.get(1).updates().get(1).value().source()));
    }

    @Test
    void waitOnANodeThatIsNotAMergeIsHowItWaitsForIncomingEdges() {
        Workflow w = workflow(wrap("task a { wait all }\ntask b { wait incoming any }\ntask c"));
        assertThat(node(w, "a").waitForIncoming()).isEqualTo(WaitMode.ALL);
        assertThat(node(w, "b").waitForIncoming()).isEqualTo(WaitMode.ANY);
        assertThat(node(w, "c").waitForIncoming()).isNull();
    }

    @Test
    void metadataIsFreeData() {
        Node n = node(workflow(wrap("task a { meta { ui: { x: 10, y: 2.5 }, tags: [\"x\"] } }")), "a");
        assertThat(n.metadata()).containsExactly(
                Map.entry("ui", new Value.Obj(Map.of("x", Value.of(10L), "y", Value.of(2.5)))),
                Map.entry("tags", new Value.ListOf(List.of(Value.of("x")))));
    }

    @Test
    void namesThatAreKeywordsOrNotIdentifiersAreWrittenEscaped() {
        FlowGraph g = graph("""
                workflow `parallel-review` {
                    task ^merge
                    task `run-tests`
                    task fail
                    start -> ^merge -> `run-tests` -> fail -> end
                }
                """);
        assertThat(g.main().id()).isEqualTo("parallel-review");
        assertThat(g.main().nodes()).extracting(Node::id).containsExactly("start", "merge", "run-tests", "fail", "end");
        assertThat(g.main().edges()).extracting(e -> e.id()).containsExactly("start->merge", "merge->run-tests", "run-tests->fail", "fail->end");
    }
}

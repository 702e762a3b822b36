package dev.flow.dsl.compiler;

import static dev.flow.dsl.FlowTesting.workflow;
import static dev.flow.dsl.FlowTesting.wrap;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.AgentDef;
import dev.flow.model.Command;
import dev.flow.model.Config;
import dev.flow.model.GateDef;
import dev.flow.model.Input;
import dev.flow.model.Limits;
import dev.flow.model.NameRef;
import dev.flow.model.NodeKind;
import dev.flow.model.Sandbox;
import dev.flow.model.Severity;
import dev.flow.model.StateVariable;
import dev.flow.model.Type;
import dev.flow.model.Value;
import dev.flow.model.Workflow;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DeclarationsCompileTest {

    @Test
    void everyWorkflowHasStartFirstAndEndLast() {
        Workflow w = workflow("workflow empty { task a }");
        assertThat(w.nodes()).extracting(n -> n.id()).containsExactly("start", "a", "end");
        assertThat(w.nodes().get(0).kind()).isEqualTo(NodeKind.START);
        assertThat(w.nodes().get(2).kind()).isEqualTo(NodeKind.END);
    }

    /** The vocabulary of dialect 1 in the language: agents that play roles, gates with a folder, templates in the supervisor's syntax. */
    @Test
    void rolesGateFoldersAndFormatPromptsCompileToTheModel() {
        Workflow w = workflow("""
                workflow w {
                    agent bot { run ["./bot"] roles "planner", "code reviewer" }
                    gate tests { run ["make", "test"] cwd "services/api" }
                    task plan { role "planner" prompt format "Plan: {input} {{x}}" }
                    task fix { agent claude prompt "Fix: ${plan.summary}" }
                    start -> plan -> fix -> end
                }
                """);
        assertThat(w.agent("bot").orElseThrow().roles()).containsExactly("planner", "code reviewer");
        assertThat(w.gate("tests").orElseThrow().cwd()).isEqualTo("services/api");
        var plan = (dev.flow.model.NodeSpec.Task) w.node("plan").orElseThrow().spec();
        assertThat(plan.call().syntax()).isEqualTo(dev.flow.model.PromptSyntax.FORMAT);
        assertThat(plan.call().prompt()).isEqualTo("Plan: {input} {{x}}");
        assertThat(((dev.flow.model.NodeSpec.Task) w.node("fix").orElseThrow().spec()).call().promptSyntax()).isNull();
    }

    @Test
    void theHeaderGivesIdTitleDescriptionAndVersion() {
        Workflow w = workflow("""
                workflow fix_bugs "Fix bugs" {
                    description "Finds and fixes"
                    version "2.1"
                }
                """);
        assertThat(w.id()).isEqualTo("fix_bugs");
        assertThat(w.name()).isEqualTo("Fix bugs");
        assertThat(w.description()).isEqualTo("Finds and fixes");
        assertThat(w.version()).isEqualTo("2.1");
    }

    @Test
    void aWorkflowWithoutSettingsHasTheDefaultConfigAndNoLimits() {
        Workflow w = workflow(wrap(""));
        assertThat(w.config()).isEqualTo(Config.DEFAULT);
        assertThat(w.limits()).isEqualTo(Limits.NONE);
        assertThat(w.name()).isNull();
    }

    @Test
    void settingsBecomeConfigAndLimits() {
        Workflow w = workflow(wrap("""
                max parallel 3
                continue on failure
                max executions 20
                max time 1h
                max cost 10.5
                """));
        assertThat(w.config().maxParallel()).isEqualTo(3);
        assertThat(w.config().failFast()).isFalse();
        assertThat(w.limits().maxNodeExecutions()).isEqualTo(20L);
        assertThat(w.limits().maxWallTime()).isEqualTo(Duration.ofHours(1));
        assertThat(w.limits().maxCost()).isEqualTo(10.5);
    }

    @Test
    void sandboxSettingsCompileOnTheWorkflowTheAgentAndTheTask() {
        Workflow w = workflow(wrap("""
                sandbox
                agent coder { run ["coder"]  sandbox offline writes "~/.coder", "cache" }
                task a { agent coder  prompt "go" }
                task b { run ["make"]  sandbox none }
                task c { run ["make"]  sandbox writes "out" }
                """));
        assertThat(w.config().sandbox()).isEqualTo(new Sandbox(true, true, List.of(), w.config().sandbox().source()));
        assertThat(w.config().maxParallel()).isEqualTo(Config.DEFAULT_MAX_PARALLEL);
        Sandbox agent = w.agent("coder").orElseThrow().sandbox();
        assertThat(agent.network()).isFalse();
        assertThat(agent.writes()).containsExactly("~/.coder", "cache");
        assertThat(Sandbox.of(w, w.node("a").orElseThrow())).isSameAs(agent);
        assertThat(Sandbox.of(w, w.node("b").orElseThrow())).isNull();
        assertThat(Sandbox.of(w, w.node("c").orElseThrow()).writes()).containsExactly("out");
        assertThat(w.config().sandbox().source().line()).isEqualTo(2);
    }

    @Test
    void failFastAloneKeepsTheDefaultParallelism() {
        Workflow w = workflow(wrap("fail fast\nmax cost 2"));
        assertThat(w.config().failFast()).isTrue();
        assertThat(w.config().maxParallel()).isEqualTo(Config.DEFAULT_MAX_PARALLEL);
        assertThat(w.limits().maxCost()).isEqualTo(2.0);
        assertThat(w.limits().maxNodeExecutions()).isNull();
    }

    @Test
    void negativeLimitsAreCompiledSoThatTheCheckerCanExplainThem() {
        Workflow w = workflow(wrap("max parallel 0\nmax executions -1\nmax time -5m\nmax cost -1"));
        assertThat(w.config().maxParallel()).isZero();
        assertThat(w.limits().maxNodeExecutions()).isEqualTo(-1L);
        assertThat(w.limits().maxWallTime()).isEqualTo(Duration.ofMinutes(-5));
        assertThat(w.limits().maxCost()).isEqualTo(-1.0);
    }

    @Test
    void inputsHaveTypesDefaultsAndDescriptions() {
        Workflow w = workflow(wrap("""
                input issue: string "What to fix"
                input budget: float = 2.5
                input retries: int = -3 "How often"
                input tags: list<string> = ["a", "b"]
                input anything: any = null
                """));
        assertThat(w.inputs()).extracting(Input::name, Input::type, Input::defaultValue, Input::description).containsExactly(
                org.assertj.core.groups.Tuple.tuple("issue", Type.STRING, null, "What to fix"),
                org.assertj.core.groups.Tuple.tuple("budget", Type.FLOAT, Value.of(2.5), null),
                org.assertj.core.groups.Tuple.tuple("retries", Type.INT, Value.of(-3L), "How often"),
                org.assertj.core.groups.Tuple.tuple("tags", Type.list(Type.STRING), new Value.ListOf(List.of(Value.of("a"), Value.of("b"))), null),
                org.assertj.core.groups.Tuple.tuple("anything", Type.ANY, Value.Null.INSTANCE, null));
        assertThat(w.inputs().get(0).required()).isTrue();
    }

    @Test
    void stateVariablesHaveEveryKindOfTypeAndInitialValue() {
        Workflow w = workflow(wrap("""
                state {
                    attempts: int = 0
                    ok: bool = false
                    ratio: float = -0.5 "share done"
                    level: enum(low, high) = "low"
                    notes: list<list<int>> = [[1, -2], []]
                    data: any = { a: 1, "b-c": { d: true } }
                    verdict: outputs of review
                    unset: string
                }
                task review { outputs clean, P0 }
                """));
        assertThat(w.state()).extracting(StateVariable::type).containsExactly(Type.INT, Type.BOOL, Type.FLOAT,
                Type.enumOf(List.of("low", "high")), Type.list(Type.list(Type.INT)), Type.ANY,
                Type.enumOf(List.of("clean", "P0")), Type.STRING);
        assertThat(w.state().get(2).description()).isEqualTo("share done");
        assertThat(w.state().get(4).initial()).isEqualTo(new Value.ListOf(List.of(
                new Value.ListOf(List.of(Value.of(1L), Value.of(-2L))), new Value.ListOf(List.of()))));
        assertThat(w.state().get(5).initial()).isEqualTo(new Value.Obj(Map.of("a", Value.of(1L), "b-c",
                new Value.Obj(Map.of("d", Value.of(true))))));
        assertThat(w.state().get(7).initial()).isNull();
    }

    @Test
    void outputsOfANodeWithoutDeclaredOutputsIsTheEnumOfItsKindsDefaults() {
        Workflow w = workflow(wrap("state { result: outputs of test }\ngate test uses tests\ngate tests { }"));
        assertThat(w.state().get(0).type()).isEqualTo(Type.enumOf(List.of("passed", "failed")));
    }

    @Test
    void aGateDefinitionCarriesEveryProperty() {
        Workflow w = workflow(wrap("""
                gate lint { run ["ruff", "check", "."] }
                gate tests {
                    description "Run the unit tests"
                    run ["mvn", "-q", "test"]
                    timeout 10m
                    env { CI = "1", "MAVEN-OPTS" = "-Xmx1g" }
                    parallel safe
                    writes "target/**", ".coverage"
                    after lint
                    severity warning
                }
                """));
        GateDef tests = w.gate("tests").orElseThrow();
        assertThat(tests.description()).isEqualTo("Run the unit tests");
        assertThat(((Command.Argv) tests.command()).args()).containsExactly("mvn", "-q", "test");
        assertThat(tests.timeout()).isEqualTo(Duration.ofMinutes(10));
        assertThat(tests.env()).containsExactly(Map.entry("CI", "1"), Map.entry("MAVEN-OPTS", "-Xmx1g"));
        assertThat(tests.parallelSafe()).isTrue();
        assertThat(tests.allowedWrites()).containsExactly("target/**", ".coverage");
        assertThat(tests.dependsOn()).extracting(NameRef::name).containsExactly("lint");
        assertThat(tests.severity()).isEqualTo(Severity.WARNING);
        GateDef lint = w.gate("lint").orElseThrow();
        assertThat(lint.severity()).isEqualTo(Severity.ERROR);
        assertThat(lint.parallelSafe()).isFalse();
        assertThat(lint.timeout()).isNull();
    }

    @Test
    void aGateCanRunAShellLineAndReportAtInfoSeverity() {
        GateDef g = workflow(wrap("gate fmt { sh \"make fmt-check\" severity info }")).gate("fmt").orElseThrow();
        assertThat(g.command()).isInstanceOf(Command.Shell.class);
        assertThat(g.command().display()).isEqualTo("make fmt-check");
        assertThat(g.severity()).isEqualTo(Severity.INFO);
    }

    @Test
    void anAgentDefinitionCarriesItsCommandPromptChannelAndEnvironment() {
        Workflow w = workflow(wrap("""
                agent fake {
                    description "A scripted agent"
                    sh "./agents/fake.sh --json"
                    prompt via file
                    env { MODE = "test" }
                }
                agent plain { run ["my-agent"] }
                """));
        AgentDef fake = w.agent("fake").orElseThrow();
        assertThat(fake.description()).isEqualTo("A scripted agent");
        assertThat(fake.command().display()).isEqualTo("./agents/fake.sh --json");
        assertThat(fake.promptVia()).isEqualTo(AgentDef.PromptVia.FILE);
        assertThat(fake.env()).containsExactly(Map.entry("MODE", "test"));
        assertThat(w.agent("plain").orElseThrow().promptVia()).isEqualTo(AgentDef.PromptVia.STDIN);
    }

    @Test
    void durationsAreReadInEveryUnit() {
        Workflow w = workflow(wrap("""
                task a { timeout 250ms }
                task b { timeout 10s }
                task c { timeout 5m }
                task d { timeout 2h }
                task e { timeout 1d }
                """));
        assertThat(w.nodes().subList(1, 6)).extracting(n -> n.timeout()).containsExactly(
                Duration.ofMillis(250), Duration.ofSeconds(10), Duration.ofMinutes(5), Duration.ofHours(2), Duration.ofDays(1));
    }
}

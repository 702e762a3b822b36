package dev.flow.dsl.scoping;

import static dev.flow.dsl.FlowTesting.compile;
import static dev.flow.dsl.FlowTesting.parse;
import static dev.flow.dsl.FlowTesting.root;
import static dev.flow.dsl.FlowTesting.validate;
import static dev.flow.dsl.FlowTesting.workflow;
import static dev.flow.dsl.FlowTesting.wrap;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.dsl.flow.EdgeStatement;
import dev.flow.dsl.flow.GateNode;
import dev.flow.dsl.flow.Input;
import dev.flow.dsl.flow.Node;
import dev.flow.dsl.flow.NodeEnd;
import dev.flow.dsl.flow.Output;
import dev.flow.dsl.flow.OutputTestExpr;
import dev.flow.dsl.flow.RefExpr;
import dev.flow.dsl.flow.StateVar;
import dev.flow.dsl.flow.Task;
import dev.flow.model.Expr;
import dev.flow.model.GateDef;
import dev.flow.model.NodeSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.resource.XtextResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScopingTest {

    private static <T extends EObject> T first(XtextResource r, Class<T> type) {
        return EcoreUtil2.eAllOfType(root(r), type).get(0);
    }

    @Test
    void edgeEndsLinkToTheWorkflowsNodes() {
        var r = parse(wrap("task a\ntask b\na -> b"));
        var step = first(r, EdgeStatement.class).getSteps().get(0);
        assertThat(((NodeEnd) step.getTarget()).getNode().getName()).isEqualTo("b");
    }

    @Test
    void nodesOfAnotherWorkflowAreNotVisible() {
        var r = parse("workflow one { task a }\nworkflow two { start -> a }");
        var statement = first(r, EdgeStatement.class);
        assertThat(((NodeEnd) statement.getSteps().get(0).getTarget()).getNode().eIsProxy()).isTrue();
    }

    @Test
    void unresolvedNamesProduceNoXtextDiagnosticOnlyTheCheckersCodedOnes() {
        var r = parse(wrap("task a { agent nobody gates nothing }\nstart -> nowhere when dne.x || any(zzz)"));
        assertThat(r.getErrors()).isEmpty();
        // Every unknown name is reported once, by the shared checker, with its code; none by Xtext's linker.
        assertThat(validate(r)).extracting(i -> i.getCode()).containsExactlyInAnyOrder("FLOW203", "FLOW202", "FLOW201", "FLOW201", "FLOW206");
        assertThat(validate(r)).extracting(i -> i.getMessage()).noneMatch(m -> m.contains("Couldn't resolve"));
    }

    @Test
    void theBuiltInAgentsLinkEverywhere() {
        var r = parse(wrap("task a { agent claude }\ntask b { agent codex }\ntask c { agent gemini }\ntask d { agent self }"));
        for (Task t : EcoreUtil2.eAllOfType(root(r), Task.class)) {
            assertThat(t.getAgent().eIsProxy()).as(t.getName()).isFalse();
            assertThat(BuiltinLibrary.isBuiltin(t.getAgent().eResource())).isTrue();
            assertThat(t.getAgent().getDescription()).isNotBlank();
        }
    }

    @Test
    void aWorkflowsOwnAgentShadowsABuiltInOne() {
        var w = workflow(wrap("agent claude { run [\"my-claude\"] }\ntask a { agent claude }"));
        assertThat(w.agents()).extracting(a -> a.name()).containsExactly("claude");
        assertThat(w.agents().get(0).command().display()).isEqualTo("my-claude");
    }

    @Test
    void aWorkflowsGateShadowsATopLevelGateOfTheSameName() {
        var r = parse("gate tests { sh \"outer\" }\nworkflow w { gate tests { sh \"inner\" }\ngate t uses tests }");
        var gate = first(r, GateNode.class).getGate();
        assertThat(((dev.flow.dsl.flow.ShellCommand) gate.getCommand()).getLine()).isEqualTo("inner");
    }

    @Test
    void topLevelGatesAndAgentsAreSharedByTheFilesWorkflowsButOnlyUsedOnesAreCompiled() {
        var w = workflow("""
                gate tests { run ["make", "test"] after lint }
                gate lint { run ["make", "lint"] }
                gate unused { }
                agent fake { sh "./fake.sh" }
                workflow w {
                    task a { agent fake gates tests }
                }
                """);
        assertThat(w.gates()).extracting(GateDef::name).containsExactly("tests", "lint");
        assertThat(w.agents()).extracting(a -> a.name()).containsExactly("fake");
    }

    @Test
    void inAnEdgeConditionABareNameIsFirstAnOutputOfTheSource() {
        var r = parse(wrap("state { done: bool = false }\ntask a { outputs done }\na -> end when done"));
        var ref = first(r, RefExpr.class);
        assertThat(ref.getTarget()).isInstanceOf(Output.class);
    }

    @Test
    void inABranchConditionOutputsOfPredecessorsAreNotInScope() {
        var r = parse(wrap("task a { outputs done }\nstart -> a -> check\nbranch check { if done }"));
        assertThat(first(r, RefExpr.class).getTarget().eIsProxy()).isTrue();
        var branch = (NodeSpec.Branch) compile(wrap("task a { outputs done }\nstart -> a -> check\nbranch check { if done }"))
                .graph().orElseThrow().main().node("check").orElseThrow().spec();
        assertThat(((Expr.Ref) branch.condition()).path()).isEqualTo("done");
    }

    @Test
    void aStateVariableShadowsAnInputAndANodeForABareName() {
        var r = parse(wrap("input x: int\nstate { x: int = 0 }\ntask x\nstart -> end when x > 1"));
        assertThat(first(r, RefExpr.class).getTarget()).isInstanceOf(StateVar.class);
    }

    @Test
    void aDottedNameIsANodeFirst() {
        var r = parse(wrap("state { a: any = null }\ntask a\nstart -> end when a.summary == \"\""));
        assertThat(first(r, RefExpr.class).getTarget()).isInstanceOf(Node.class);
    }

    @Test
    void qualifiedNamesChooseTheKind() {
        var r = parse(wrap("input x: int\nstate { x: int = 0 }\nstart -> end when input.x > state.x"));
        var refs = EcoreUtil2.eAllOfType(root(r), RefExpr.class);
        assertThat(refs.get(0).getTarget()).isInstanceOf(Input.class);
        assertThat(refs.get(1).getTarget()).isInstanceOf(StateVar.class);
    }

    @Test
    void outputTestsSeeTheSourcesOutputsAndForAMergeThoseOfTheNodesItJoins() {
        var r = parse(wrap("""
                human a { outputs yes, no }
                human b { outputs ok }
                merge join
                a -> join
                b -> join
                join -> end when any(yes, ok)
                """));
        var test = first(r, OutputTestExpr.class);
        assertThat(test.getOutputs()).allSatisfy(o -> assertThat(o.eIsProxy()).isFalse());
    }

    @Test
    void handlersAndDefaultsSeeTheirOwnNodesOutputs() {
        var r = parse(wrap("human h { outputs yes, no default no on yes { } }\ntask other { outputs no }"));
        var human = first(r, dev.flow.dsl.flow.Human.class);
        assertThat(human.getDefault().eContainer()).isSameAs(human);
        assertThat(human.getHandlers().get(0).getOutput().eContainer()).isSameAs(human);
    }

    @Test
    void importsMakeALibrarysTopLevelDefinitionsVisibleRelativeToTheImportingFile(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("lib"));
        Files.writeString(dir.resolve("lib/gates.flow"), """
                gate tests { run ["make", "test"] after lint }
                gate lint { run ["make", "lint"] }
                agent reviewer { sh "review.sh" }
                workflow shared { task s }
                """);
        Path main = dir.resolve("main.flow");
        Files.writeString(main, """
                import "lib/gates.flow"
                workflow main {
                    gate test uses tests
                    task review { agent reviewer }
                    subgraph nested runs shared
                    start -> test -> review -> nested -> end
                }
                """);
        var c = dev.flow.dsl.FlowTesting.compile(main, "project/main.flow");
        assertThat(c.diagnostics()).isEmpty();
        var g = c.graph().orElseThrow();
        assertThat(g.main().gates()).extracting(GateDef::name).containsExactly("tests", "lint");
        assertThat(g.main().gates().get(0).source().file()).isEqualTo("project/lib/gates.flow");
        assertThat(g.main().agents()).extracting(a -> a.name()).containsExactly("reviewer");
        assertThat(g.subworkflows()).extracting(w -> w.id()).containsExactly("shared");
        assertThat(c.sources()).containsKey("project/lib/gates.flow");
        var r = parse(main);
        assertThat(first(r, GateNode.class).getGate().eIsProxy()).isFalse();
    }

    @Test
    void aLibrarysWorkflowsNodesStayPrivate(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("lib.flow"), "workflow shared { task hidden }");
        Path main = dir.resolve("main.flow");
        Files.writeString(main, "import \"lib.flow\"\nworkflow main { start -> hidden }");
        var r = parse(main);
        assertThat(((NodeEnd) first(r, EdgeStatement.class).getSteps().get(0).getTarget()).getNode().eIsProxy()).isTrue();
    }
}

package dev.flow.dsl.compiler;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.check.Checker;
import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.FlowTesting;
import dev.flow.dsl.print.FlowPrinter;
import dev.flow.frontend.Compilation;
import dev.flow.model.AgentPermissions;
import dev.flow.model.FlowGraph;
import dev.flow.model.Workflow;
import dev.flow.model.json.GraphJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An agent's {@code permissions}, compiled to the model, checked (FLOW510, FLOW511), printed back and kept in the graph's JSON. */
class PermissionsCompileTest {

    private static final String WORKFLOW = """
            workflow w {
                agent claude { permissions run allow "mvn -q test", "sh test.sh" }
                agent codex { permissions read }
                task fix { agent claude  prompt "Fix it" }
                task review { agent codex  prompt "Review it" }
                start -> fix -> review -> end
            }
            """;

    @Test
    void theLevelAndTheAllowedCommandsCompileWithThePositionOfTheLevel() {
        Workflow w = FlowTesting.workflow(WORKFLOW);
        AgentPermissions claude = w.agent("claude").orElseThrow().permissions();
        assertThat(claude.level()).isEqualTo(AgentPermissions.RUN);
        assertThat(claude.allow()).containsExactly("mvn -q test", "sh test.sh");
        assertThat(claude.source().line()).isEqualTo(2);
        assertThat(claude.source().column()).isEqualTo(32);
        assertThat(w.agent("codex").orElseThrow().permissions().level()).isEqualTo(AgentPermissions.READ);
        assertThat(Checker.check(FlowGraph.of(w))).isEmpty();
    }

    @Test
    void anUnknownLevelIsFlow510AtTheLevelAndFullWithoutSandboxFlow511() {
        Compilation c = FlowTesting.compile("""
                workflow w {
                    agent claude { permissions edits }
                    agent codex { permissions full }
                    task fix { agent claude  prompt "Fix it" }
                    task review { agent codex  prompt "Review it" }
                    start -> fix -> review -> end
                }
                """);
        List<Diagnostic> found = Checker.check(c.graph().orElseThrow());
        assertThat(found).extracting(Diagnostic::code).containsExactly(Code.UNKNOWN_PERMISSION, Code.UNCONFINED_AGENT);
        assertThat(found.get(0).source().line()).isEqualTo(2);
        assertThat(found.get(0).source().column()).isEqualTo(32);
        assertThat(found.get(0).message()).endsWith("did you mean \"edit\"?");
        assertThat(found.get(0).suggestions()).containsExactly("edit");
    }

    @Test
    void fullInFlowsSandboxIsQuiet() {
        Workflow w = FlowTesting.workflow("""
                workflow w {
                    agent codex { permissions full  sandbox writes "~/.codex" }
                    task review { agent codex  prompt "Review it" }
                    start -> review -> end
                }
                """);
        assertThat(Checker.check(FlowGraph.of(w))).isEmpty();
    }

    @Test
    void printingAndTheGraphsJsonKeepThePermissions() throws Exception {
        FlowGraph graph = FlowTesting.graph(WORKFLOW);
        String printed = FlowPrinter.create().print(graph);
        assertThat(printed).contains("permissions run allow \"mvn -q test\", \"sh test.sh\"", "permissions read");
        FlowGraph back = FlowTesting.graph(printed);
        assertThat(GraphJson.writeWithoutSources(back)).isEqualTo(GraphJson.writeWithoutSources(graph));
        assertThat(GraphJson.writeWithoutSources(graph)).contains("\"permissions\"", "\"level\" : \"run\"");
        assertThat(GraphJson.read(GraphJson.write(graph)).main().agent("claude").orElseThrow().permissions().allow())
                .containsExactly("mvn -q test", "sh test.sh");
    }
}

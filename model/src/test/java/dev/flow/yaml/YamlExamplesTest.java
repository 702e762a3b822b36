package dev.flow.yaml;

import static dev.flow.yaml.YamlTestSupport.edge;
import static dev.flow.yaml.YamlTestSupport.ids;
import static dev.flow.yaml.YamlTestSupport.repositoryRoot;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.frontend.LoadOptions;
import dev.flow.frontend.SourceFile;
import dev.flow.model.Workflow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The workflows of examples/yaml read without a problem of their own (what the checker says is in their README). */
class YamlExamplesTest {

    private static final Path EXAMPLES = repositoryRoot().resolve("examples/yaml");

    private static YamlDocument read(Path file) throws Exception {
        return YamlWorkflowReader.read(new SourceFile(file, "examples/yaml/" + file.getFileName(), Files.readString(file)), LoadOptions.DEFAULT);
    }

    private static List<Path> workflows() throws Exception {
        try (var files = Files.list(EXAMPLES)) {
            return files.filter(f -> f.toString().endsWith(".yaml") && !f.getFileName().toString().endsWith("gates.yaml")).sorted().toList();
        }
    }

    @Test
    void readsEveryExampleInItsDialectWithoutAProblem() throws Exception {
        assertThat(workflows()).extracting(p -> p.getFileName().toString())
                .containsExactly("debug-loop.yaml", "full-feature-implementation.yaml", "parallel-review.yaml", "review-loop.yaml", "supervisor.yaml");
        for (Path file : workflows()) {
            YamlDocument doc = read(file);
            assertThat(doc.diagnostics()).as(file.toString()).isEmpty();
            assertThat(doc.graph()).as(file.toString()).isPresent();
        }
        assertThat(read(EXAMPLES.resolve("debug-loop.yaml")).dialect()).contains(Dialect.SUPERVISOR);
        assertThat(read(EXAMPLES.resolve("review-loop.yaml")).dialect()).contains(Dialect.GRAPH_LOOP);
    }

    @Test
    void compilesEveryExampleToJsonThatReadsBackToTheSameGraph() throws Exception {
        for (Path file : workflows()) {
            var graph = read(file).graph().orElseThrow();
            assertThat(dev.flow.model.json.GraphJson.read(dev.flow.model.json.GraphJson.write(graph))).as(file.toString()).isEqualTo(graph);
        }
        // A graph read despite problems (a branch without its condition, a gate node without a gate) too.
        var broken = YamlTestSupport.read("id: w\nname: W\nentry_point: b\nnodes:\n  - {id: b, type: branch, branch_config: {on_true: g, on_false: g}}\n"
                + "  - {id: g, type: gate, gate_config: {}}\nedges: []\n").graph().orElseThrow();
        assertThat(dev.flow.model.json.GraphJson.read(dev.flow.model.json.GraphJson.write(broken))).isEqualTo(broken);
    }

    @Test
    void keepsTheFullExampleOfTheGraphLoopReferenceVerbatim() throws Exception {
        String seed = Files.readString(YamlTestSupport.seed("001_ae0a249492444432.txt"));
        int start = seed.indexOf("```yaml\n", seed.indexOf("## Full Example")) + "```yaml\n".length();
        String block = seed.substring(start, seed.indexOf("```", start));
        assertThat(Files.readString(EXAMPLES.resolve("full-feature-implementation.yaml"))).isEqualTo(block);
    }

    @Test
    void readsTheSupervisorWiredAsTheLanguageWiresIt() throws Exception {
        Workflow w = read(EXAMPLES.resolve("supervisor.yaml")).graph().orElseThrow().main();
        var planner = w.node("planner").orElseThrow();
        assertThat(planner.effectiveOutputs()).containsExactly("venue", "budget", "catering", "person", "finish");
        assertThat(dev.flow.lowering.SupervisionWiring.of(planner).orElseThrow().maxRounds()).isEqualTo(12);
        assertThat(ids(w)).containsExactly("start->planner", "planner->report", "report->end", "planner->venue", "venue->planner",
                "planner->budget", "budget->planner", "planner->catering", "catering->planner", "planner->person", "person->planner");
        assertThat(edge(w, "venue->planner").loop().maxIterations()).isEqualTo(12);
        var person = w.node("person").orElseThrow();
        assertThat(((dev.flow.model.NodeSpec.Human) person.spec()).prompt()).isEqualTo("${planner.user_prompt}");
        assertThat(((dev.flow.model.NodeSpec.Task) w.node("venue").orElseThrow().spec()).session()).isEqualTo(dev.flow.model.SessionMode.CONTINUE);
    }

    @Test
    void readsTheDebugLoopWithTheEdgesItsBranchImplies() throws Exception {
        Workflow w = read(EXAMPLES.resolve("debug-loop.yaml")).graph().orElseThrow().main();
        assertThat(ids(w)).containsExactly("start->analyze", "e1", "e2", "e3", "e4", "check->review", "check->analyze", "review->end", "escalate->end");
        assertThat(edge(w, "check->analyze").loop().maxIterations()).isEqualTo(3);
        assertThat(edge(w, "e4").onLimitReached()).isTrue();
        assertThat(w.gates()).hasSize(3);
    }
}

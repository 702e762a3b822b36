package dev.flow.cli;

import static dev.flow.yaml.YamlTestSupport.corpus;
import static dev.flow.yaml.YamlTestSupport.repositoryRoot;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flow.frontend.LoadOptions;
import dev.flow.frontend.SourceFile;
import dev.flow.model.json.GraphJson;
import dev.flow.yaml.YamlWorkflowReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code flow check}, {@code compile} and {@code graph} on YAML workflows: the corpus and the examples as their READMEs predict. */
class YamlCommandLineTest {

    @TempDir
    Path dir;

    private static String example(String name) {
        return repositoryRoot().resolve("examples/yaml").resolve(name).toString();
    }

    /** The diagnostic lines ({@code FILE:LINE:COL: severity CODE: message}) of a text report. */
    private static List<String> diagnosticLines(Cli r) {
        return Arrays.stream(r.out().split("\n")).filter(l -> l.matches(".*:\\d+:\\d+: (error|warning|info) FLOW\\d+: .*")).toList();
    }

    @Test
    void parallelReviewOfTheCorpusReportsItsThreeUnknownGatesAtTheirLinesWithTheNearestRegisteredGate() {
        Path workflow = corpus("supervisor-yaml", "parallel_review.yaml");
        Cli r = Cli.run("check", "--color=never", workflow.toString(), "--gates", corpus("supervisor-yaml", "gates.yaml").toString());
        assertThat(r.exit()).isEqualTo(ExitCode.FAILED);
        assertThat(diagnosticLines(r)).filteredOn(l -> l.contains("FLOW202")).containsExactly(
                workflow + ":26:18: error FLOW202: unknown gate \"lint_gate\"; did you mean \"lint\"?",
                workflow + ":32:18: error FLOW202: unknown gate \"test_gate\"; did you mean \"test\"?",
                workflow + ":38:18: error FLOW202: unknown gate \"security_gate\"; did you mean \"security\"?");
        assertThat(r.out()).contains("          gate_type: lint_gate\n                     ^~~~~~~~~\n");
        // and the three edges from the gates to the join, which go on only when a gate passed (FLOW610)
        assertThat(r.err()).contains("3 errors and 3 warnings in 1 file");
    }

    @Test
    void theOtherCorpusWorkflowsReportTheirUnknownGatesAgainstTheRegistryBesideThem() {
        Path debug = corpus("supervisor-yaml", "debug_workflow.yaml");
        Path simple = corpus("supervisor-yaml", "simple_workflow.yaml");
        Cli r = Cli.run("check", "--color=never", debug.toString(), simple.toString());
        assertThat(r.exit()).isEqualTo(ExitCode.FAILED);
        assertThat(diagnosticLines(r)).containsExactly(
                debug + ":26:18: error FLOW202: unknown gate \"test_gate\"; did you mean \"test\"?",
                simple + ":23:15: error FLOW202: unknown gate \"test_gate\"; did you mean \"test\"?");
    }

    @Test
    void theCorpusRegistryChecksAsARegistry() {
        Cli r = Cli.run("check", corpus("supervisor-yaml", "gates.yaml").toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("no problems in 1 file");
    }

    @Test
    void theCleanYamlExamplesCheckWithoutAProblem() {
        Cli r = Cli.run("check", example("debug-loop.yaml"), example("parallel-review.yaml"), example("review-loop.yaml"), example("gates.yaml"),
                example("corpus-gates.yaml"));
        assertThat(r.exit()).isZero();
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("no problems in 5 files");
    }

    @Test
    void aYmlFileIsReadLikeAYamlFileByEveryVerb() throws Exception {
        Path yml = Files.copy(Path.of(example("review-loop.yaml")), dir.resolve("review-loop.yml"));
        assertThat(Cli.run("check", yml.toString()).exit()).isZero();
        assertThat(Cli.run("compile", yml.toString()).out()).contains("\"flow-graph/1\"");
        assertThat(Cli.run("graph", yml.toString()).out()).contains("flowchart TD");
        Cli imported = Cli.run("import", yml.toString());
        assertThat(imported.exit()).isZero();
        assertThat(imported.out()).contains("workflow `review-loop`");
    }

    @Test
    void theFullGraphLoopExampleReportsWhatItsReadmeSays() {
        Cli r = Cli.run("check", "--color=never", example("full-feature-implementation.yaml"));
        assertThat(r.exit()).isEqualTo(ExitCode.OK);
        assertThat(diagnosticLines(r)).extracting(l -> l.replaceAll(".*: (error|warning) (FLOW\\d+):.*", "$2 $1"))
                .containsExactlyInAnyOrder("FLOW306 warning", "FLOW305 warning");
    }

    @Test
    void jsonFormatGivesTheYamlPositionsAndSuggestions() throws Exception {
        Cli r = Cli.run("check", "--format", "json", corpus("supervisor-yaml", "parallel_review.yaml").toString(),
                "--gates", corpus("supervisor-yaml", "gates.yaml").toString());
        JsonNode array = new ObjectMapper().readTree(r.out());
        assertThat(array).hasSize(6);
        assertThat(array).filteredOn(d -> d.get("code").asText().equals("FLOW610")).extracting(d -> d.get("line").asInt())
                .containsExactly(66, 67, 68);
        assertThat(array).filteredOn(d -> d.get("code").asText().equals("FLOW202")).extracting(d -> d.get("code").asText() + " " + d.get("line").asInt() + ":" + d.get("column").asInt()
                + " " + d.get("suggestions").get(0).asText())
                .containsExactly("FLOW202 26:18 lint", "FLOW202 32:18 test", "FLOW202 38:18 security");
        assertThat(r.exit()).isEqualTo(ExitCode.FAILED);
    }

    @Test
    void aDialectOneGateRunsAtTheRepositoryRootAsTheSupervisorRunsIt() throws Exception {
        // the supervisor runs gates in a worktree of the project; Flow ran them in the workflow's folder,
        // where "pytest" or "ruff check ." see only that folder
        assertThat(new ProcessBuilder("git", "init", "-q", dir.toString()).inheritIO().start().waitFor()).isZero();
        Files.writeString(dir.resolve("AT_ROOT"), "");
        Files.createDirectories(dir.resolve("services/api"));
        Files.writeString(dir.resolve("services/api/AT_API"), "");
        Path flows = Files.createDirectories(dir.resolve("workflows"));
        Files.writeString(flows.resolve("gates.yaml"), """
                gates:
                  at_root:
                    command: ["ls", "AT_ROOT"]
                  in_api:
                    command: ["ls", "AT_API"]
                    working_dir: "services/api"
                """);
        Path workflow = Files.writeString(flows.resolve("check.yaml"), """
                id: check
                name: Gates at the root
                entry_point: root
                exit_points: [api]
                nodes:
                  - id: root
                    type: gate
                    gate_config:
                      gate_type: at_root
                  - id: api
                    type: gate
                    gate_config:
                      gate_type: in_api
                edges:
                  - id: e1
                    source: root
                    target: api
                    condition: {field: passed, operator: "==", value: true}
                """);
        Cli r = Cli.run("run", "--color=never", "--db", dir.resolve("state.db").toString(), workflow.toString());
        assertThat(r.exit()).as(r.out() + r.err()).isZero();
    }

    @Test
    void aRegistryCheckedBesideTheWorkflowThatReadsItReportsEachProblemOnce() throws Exception {
        // flow check *.yaml reported FLOW603 twice at one spot: in the registry checked on its own, and as the workflow's registry
        Files.writeString(dir.resolve("gates.yaml"), "gates:\n  test:\n    command: \"make test\"\n");
        Path workflow = Files.writeString(dir.resolve("w.yaml"), """
                id: w
                name: W
                entry_point: t
                exit_points: [t]
                nodes:
                  - id: t
                    type: gate
                    gate_config:
                      gate_type: test
                edges: []
                """);
        Cli r = Cli.run("check", "--color=never", workflow.toString(), dir.resolve("gates.yaml").toString());
        assertThat(r.out().split("FLOW603", -1)).as(r.out()).hasSize(2);
        long errors = r.out().lines().filter(l -> l.contains(": error FLOW")).count();
        assertThat(r.err()).as("the summary counts what was shown").startsWith(errors + (errors == 1 ? " error " : " errors "));
        assertThat(r.exit()).isEqualTo(ExitCode.FAILED);
    }

    @Test
    void aYamlSyntaxErrorShowsItsLineColumnAndACaret() throws Exception {
        Path broken = Files.writeString(dir.resolve("broken.yaml"), "id: w\nname: [W\nentry_point: a\n");
        Cli r = Cli.run("check", "--color=never", broken.toString());
        assertThat(r.exit()).isEqualTo(ExitCode.FAILED);
        var lines = r.out().split("\n");
        assertThat(lines[0]).matches(Pattern.quote(broken.toString()) + ":\\d+:\\d+: error FLOW601: .*");
        assertThat(lines[2].strip()).startsWith("^");
    }

    @Test
    void theDialectCanBeForcedWhenTheKeysDoNotDecide() throws Exception {
        Path file = Files.writeString(dir.resolve("undecided.yaml"), "description: neither\n");
        Cli detected = Cli.run("check", "--color=never", file.toString());
        assertThat(detected.exit()).isEqualTo(ExitCode.FAILED);
        assertThat(detected.out()).contains("FLOW607", "--dialect 1 or 2");
        Cli forced = Cli.run("check", "--color=never", "--dialect", "2", file.toString());
        assertThat(forced.out()).doesNotContain("FLOW607").contains("FLOW606");
        Cli unknown = Cli.run("check", "--color=never", "--dialect", "3", file.toString());
        assertThat(unknown.out()).contains("FLOW607", "unknown YAML dialect \"3\"");
    }

    @Test
    void compileWritesTheGraphOfAYamlWorkflowAndRefusesOneWithErrors() throws Exception {
        Path debugLoop = Path.of(example("debug-loop.yaml"));
        Cli r = Cli.run("compile", debugLoop.toString());
        assertThat(r.exit()).isZero();
        var expected = YamlWorkflowReader.read(new SourceFile(debugLoop, debugLoop.toString(), Files.readString(debugLoop)), LoadOptions.DEFAULT);
        assertThat(GraphJson.read(r.out())).isEqualTo(expected.graph().orElseThrow());

        Path out = dir.resolve("out.json");
        Cli refused = Cli.run("compile", corpus("supervisor-yaml", "parallel_review.yaml").toString(), "-o", out.toString());
        assertThat(refused.exit()).isEqualTo(ExitCode.FAILED);
        assertThat(refused.err()).contains("FLOW202", "nothing written");
        assertThat(out).doesNotExist();
    }

    @Test
    void graphDrawsAYamlWorkflowWithItsLoopLimits() {
        Cli r = Cli.run("graph", example("review-loop.yaml"));
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("flowchart TD", "loop max 3");
        Cli dot = Cli.run("graph", "--format", "dot", example("debug-loop.yaml"));
        assertThat(dot.out()).startsWith("digraph \"debug-loop\" {");
    }

    @Test
    void theRealCommandChecksTheCorpusAsDocumented() throws Exception {
        // Starts a JVM: about a second.
        Path corpus = corpus("supervisor-yaml");
        FlowProcess p = FlowProcess.run(corpus, "check", "--color=never", "parallel_review.yaml", "--gates", "gates.yaml");
        assertThat(p.exit()).isEqualTo(1);
        assertThat(p.out().lines().filter(l -> l.contains("error FLOW202"))).extracting(l -> l.substring(0, l.indexOf(": error")))
                .containsExactly("parallel_review.yaml:26:18", "parallel_review.yaml:32:18", "parallel_review.yaml:38:18");
        assertThat(p.err()).doesNotContain("Exception");
    }

    /** An overlay registry is checked over the base it refines: alone, its refinement lacks a command. */
    @Test
    void anOverlayRegistryIsCheckedTogetherWithItsBase() throws Exception {
        Path overlay = Files.writeString(dir.resolve("project-gates.yaml"), "gates:\n  test:\n    timeout: 900\n  smoke:\n    command: [\"true\"]\n"
                + "    depends_on: [lint]\n");
        Cli alone = Cli.run("check", "--color=never", overlay.toString());
        assertThat(alone.exit()).isEqualTo(ExitCode.FAILED);
        assertThat(diagnosticLines(alone)).extracting(l -> l.replaceAll(".*: (error|warning) (FLOW\\d+):.*", "$2"))
                .containsExactly("FLOW606", "FLOW202");
        Cli over = Cli.run("check", "--color=never", "--gates", corpus("supervisor-yaml", "gates.yaml").toString(), overlay.toString());
        assertThat(over.exit()).as(over.out()).isZero();
        assertThat(over.out()).isEmpty();
    }
}


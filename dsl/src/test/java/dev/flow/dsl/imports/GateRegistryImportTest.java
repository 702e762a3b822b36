package dev.flow.dsl.imports;

import static dev.flow.dsl.FlowTesting.parse;
import static dev.flow.dsl.FlowTesting.validate;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.frontend.Compilation;
import dev.flow.frontend.Compiler;
import dev.flow.frontend.LoadOptions;
import dev.flow.model.GateDef;
import dev.flow.model.Severity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code import "gates.yaml"}: a Flow file reads a supervisor gate registry as a YAML workflow does. */
class GateRegistryImportTest {

    private static final Compiler PIPELINE = Compiler.withInstalledFrontEnds();

    private static final String REGISTRY = """
            gates:
              test:
                description: "Run unit tests"
                command: ["pytest", "-v"]
                timeout: 300
                depends_on: ["lint"]
              lint:
                command: ["ruff", "check", "."]
                parallel_safe: true
                severity: warning
            """;

    @TempDir
    Path dir;

    /** Writes the files, then compiles {@code main.flow} as {@code flow check} does (front end and checker). */
    private Compilation check(String main, String registryName, String registry) throws IOException {
        if (registry != null) {
            Files.writeString(dir.resolve(registryName), registry);
        }
        Path file = dir.resolve("main.flow");
        Files.writeString(file, main);
        return PIPELINE.compile(file, "main.flow", LoadOptions.DEFAULT);
    }

    @Test
    void everyGateOfAnImportedRegistryBelongsToTheWorkflowPositionedInTheRegistry() throws IOException {
        var c = check("import \"gates.yaml\"\nworkflow w {\n    gate t uses test\n    start -> t -> end\n}\n", "gates.yaml", REGISTRY);
        assertThat(c.diagnostics()).isEmpty();
        List<GateDef> gates = c.graph().orElseThrow().main().gates();
        assertThat(gates).extracting(GateDef::name).containsExactly("test", "lint");
        GateDef test = gates.get(0);
        assertThat(test.description()).isEqualTo("Run unit tests");
        assertThat(test.timeout()).isEqualTo(Duration.ofSeconds(300));
        assertThat(test.dependsOn()).extracting(r -> r.name()).containsExactly("lint");
        assertThat(gates.get(1).severity()).isEqualTo(Severity.WARNING);
        assertThat(test.source().file()).isEqualTo("gates.yaml");
        assertThat(test.source().line()).isEqualTo(2);
        assertThat(c.text("gates.yaml")).hasValue(REGISTRY);
    }

    @Test
    void aGateTheRegistryLacksIsUnknownWithTheNearestRegisteredName() throws IOException {
        var c = check("import \"gates.yaml\"\nworkflow w {\n    gate t uses test_gate\n    start -> t -> end\n}\n", "gates.yaml", REGISTRY);
        assertThat(c.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.code()).isEqualTo(Code.UNKNOWN_GATE);
            assertThat(d.source().line()).isEqualTo(3);
            assertThat(d.suggestions()).first().isEqualTo("test");
        });
    }

    @Test
    void aGateOfTheWorkflowTakesThePlaceOfTheRegisteredOneOfTheSameName() throws IOException {
        var c = check("import \"gates.yaml\"\nworkflow w {\n    gate lint { run [\"eslint\"] }\n    gate t uses lint\n    start -> t -> end\n}\n",
                "gates.yaml", REGISTRY);
        assertThat(c.diagnostics()).isEmpty();
        var gates = c.graph().orElseThrow().main().gates();
        assertThat(gates).extracting(GateDef::name).containsExactly("lint", "test");
        assertThat(gates.get(0).source().file()).isEqualTo("main.flow");
    }

    @Test
    void aMissingRegistryIsAnUnknownImportWithTheNearestFileName() throws IOException {
        Files.writeString(dir.resolve("gates.yaml"), REGISTRY);
        var c = check("import \"gate.yaml\"\nworkflow w { }\n", "unused", null);
        assertThat(c.diagnostics()).filteredOn(d -> d.code() == Code.UNKNOWN_IMPORT).singleElement().satisfies(d -> {
            assertThat(d.source().line()).isEqualTo(1);
            assertThat(d.source().column()).isEqualTo(8);
            assertThat(d.suggestions()).containsExactly("gates.yaml");
        });
    }

    @Test
    void problemsInsideTheRegistryKeepTheirCodesAndPointIntoIt() throws IOException {
        var c = check("import \"gates.yaml\"\nworkflow w { }\n", "gates.yaml", "gates:\n  test:\n    command: \"make test\"\n");
        assertThat(c.diagnostics()).filteredOn(d -> d.source().file().equals("gates.yaml")).singleElement().satisfies(d -> {
            assertThat(d.code()).isEqualTo(Code.YAML_WRONG_TYPE);
            assertThat(d.source().line()).isEqualTo(3);
        });
    }

    @Test
    void aRegistryThatIsNotUtf8IsReportedOnTheImport() throws IOException {
        Files.write(dir.resolve("gates.yaml"), new byte[] {'g', 'a', 't', 'e', 's', ':', ' ', (byte) 0xff, '\n'});
        var c = check("import \"gates.yaml\"\nworkflow w { }\n", "unused", null);
        assertThat(c.diagnostics()).filteredOn(d -> d.code() == Code.UNKNOWN_IMPORT).singleElement().satisfies(d -> {
            assertThat(d.source().file()).isEqualTo("main.flow");
            assertThat(d.message()).contains("not UTF-8");
        });
    }

    @Test
    void aFileThatIsNeitherFlowNorYamlCannotBeImported() throws IOException {
        var c = check("import \"notes.txt\"\nworkflow w { }\n", "notes.txt", "gates: {}\n");
        assertThat(c.diagnostics()).filteredOn(d -> d.code() == Code.UNKNOWN_IMPORT).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("Flow imports .flow libraries and gates.yaml registries"));
    }

    @Test
    void theEditorSeesTheRegistryAsTheCommandLineDoes() throws IOException {
        Files.writeString(dir.resolve("gates.yaml"), REGISTRY);
        Path main = dir.resolve("main.flow");
        Files.writeString(main, "import \"gates.yaml\"\nworkflow w {\n    gate t uses test\n    gate u uses lnt\n    start -> t -> u -> end\n}\n");
        var issues = validate(parse(main));
        assertThat(issues).extracting(i -> i.getCode()).containsExactly("FLOW202");
        assertThat(issues.get(0).getMessage()).contains("\"lnt\"", "\"lint\"");
    }

    @Test
    void aGateLibraryCheckedAloneReportsWhatAWorkflowUsingItWouldReportInIt() throws IOException {
        Files.writeString(dir.resolve("gates.yaml"), REGISTRY);
        String library = """
                import "gates.yaml"
                gate tests { run [] }
                gate slow { run ["make", "e2e"] timeout 0s }
                gate docs { run ["make", "docs"] after tests, lnt }
                gate typed { run ["mypy"] after lint }
                """;
        Path file = dir.resolve("lib.flow");
        Files.writeString(file, library);
        var c = PIPELINE.compile(file, "lib.flow", LoadOptions.DEFAULT);
        assertThat(c.diagnostics()).extracting(d -> d.code().id() + " at " + d.source().line() + ":" + d.source().column())
                .containsExactly("FLOW003 at 1:1", "FLOW105 at 2:14", "FLOW503 at 3:6", "FLOW202 at 4:47");
        assertThat(c.diagnostics().get(3).message()).contains("\"lnt\"", "did you mean \"lint\"?");
        // the editor reports the same on the library, and nothing on a library without mistakes
        assertThat(validate(parse(file))).extracting(i -> i.getCode()).contains("FLOW105", "FLOW503", "FLOW202");
        Files.writeString(file, "import \"gates.yaml\"\ngate typed { run [\"mypy\"] after lint }\n");
        assertThat(validate(parse(file))).extracting(i -> i.getCode()).doesNotContain("FLOW105", "FLOW503", "FLOW202");
        assertThat(PIPELINE.compile(file, "lib.flow", LoadOptions.DEFAULT).diagnostics()).extracting(d -> d.code().id()).containsExactly("FLOW003");
    }

    @Test
    void aRegistryReadWithTheYamlBridgeGivesTheGatesAYamlWorkflowGets() throws IOException {
        Files.writeString(dir.resolve("gates.yaml"), REGISTRY);
        Files.writeString(dir.resolve("w.yaml"), "id: w\nname: W\nentry_point: t\nnodes:\n  - {id: t, type: gate, gate_config: {gate_type: test}}\nedges: []\n");
        var yaml = PIPELINE.compile(dir.resolve("w.yaml"), "w.yaml", LoadOptions.DEFAULT);
        var flow = check("import \"gates.yaml\"\nworkflow w {\n    gate t uses test\n    start -> t -> end\n}\n", "gates.yaml", REGISTRY);
        assertThat(flow.graph().orElseThrow().main().gates()).isEqualTo(yaml.graph().orElseThrow().main().gates());
        assertThat(yaml.diagnostics()).extracting(Diagnostic::code).isEqualTo(flow.diagnostics().stream().map(Diagnostic::code).toList());
    }

    /** Two registries imported in order: the later overlays the earlier, as --gates base.yaml --gates overlay.yaml does for YAML. */
    @Test
    void aLaterImportedRegistryRefinesTheGatesOfAnEarlierOne() throws IOException {
        Files.writeString(dir.resolve("gates.yaml"), REGISTRY);
        Files.writeString(dir.resolve("project.yaml"), "gates:\n  test:\n    timeout: 900\n    working_dir: api\n  test_gate:\n    command: [\"true\"]\n");
        var c = check("import \"gates.yaml\"\nimport \"project.yaml\"\nworkflow w {\n    gate t uses test_gate\n    gate u uses test\n"
                + "    start -> t -> u -> end\n}\n", "unused", null);
        assertThat(c.diagnostics()).isEmpty();
        var gates = c.graph().orElseThrow().main().gates();
        assertThat(gates).extracting(GateDef::name).containsExactly("test", "lint", "test_gate");
        GateDef test = gates.get(0);
        assertThat(test.timeout()).isEqualTo(Duration.ofSeconds(900));
        assertThat(test.cwd()).isEqualTo("api");
        assertThat(test.description()).isEqualTo("Run unit tests");
        assertThat(test.source().file()).isEqualTo("project.yaml");
        // The same files read by a YAML workflow with --gates give the same gates.
        Files.writeString(dir.resolve("w.yaml"), "id: w\nname: W\nentry_point: t\nnodes:\n  - {id: t, type: gate, gate_config: {gate_type: test}}\nedges: []\n");
        var yaml = PIPELINE.compile(dir.resolve("w.yaml"), "w.yaml",
                LoadOptions.DEFAULT.withGatesFiles(List.of(dir.resolve("gates.yaml"), dir.resolve("project.yaml"))));
        assertThat(yaml.graph().orElseThrow().main().gates()).extracting(GateDef::timeout, GateDef::cwd)
                .isEqualTo(gates.stream().map(g -> org.assertj.core.groups.Tuple.tuple(g.timeout(), g.cwd())).toList());
    }

    @Test
    void aGateThatNoImportedRegistryGivesACommandIsReported() throws IOException {
        Files.writeString(dir.resolve("project.yaml"), "gates:\n  test:\n    timeout: 900\n");
        var c = check("import \"project.yaml\"\nworkflow w {\n    gate t uses test\n    start -> t -> end\n}\n", "unused", null);
        assertThat(c.diagnostics()).extracting(d -> d.code().id() + " " + d.source().file() + ":" + d.source().line())
                .containsExactly("FLOW606 project.yaml:2");
    }
}

package dev.flow.yaml;

import static dev.flow.yaml.YamlTestSupport.read;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.frontend.LoadOptions;
import dev.flow.frontend.SourceFile;
import dev.flow.model.GateDef;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Dialect detection, --dialect, the gate registry, and what the reader returns. */
class YamlWorkflowReaderTest {

    static final String DIALECT1 = "id: w\nname: W\nentry_point: a\nnodes:\n  - {id: a, type: task, task_config: {role: r}}\nedges: []\n";
    static final String DIALECT2 = "workflow: w\nnodes:\n  a: {type: checkpoint, outputs: [done]}\nedges:\n  - {from: START, to: a}\n  - {from: a, to: END}\n";

    private static LoadOptions dialect(String d) {
        return new LoadOptions(List.of(), Optional.of(d), Optional.empty());
    }

    @Test
    void detectsEachDialectFromItsTopLevelKeys() {
        assertThat(read(DIALECT1).dialect()).contains(Dialect.SUPERVISOR);
        assertThat(read(DIALECT2).dialect()).contains(Dialect.GRAPH_LOOP);
        // The shape of nodes decides when the keys alone do not.
        assertThat(read("nodes: []\nedges: []\n").dialect()).contains(Dialect.SUPERVISOR);
        assertThat(read("nodes: {}\nedges: []\n").dialect()).contains(Dialect.GRAPH_LOOP);
    }

    @Test
    void readsTheDialectThatDialectForcesWhateverTheKeysSay() {
        YamlDocument doc = read(DIALECT1, dialect("2"));
        assertThat(doc.dialect()).contains(Dialect.GRAPH_LOOP);
        assertThat(doc.diagnostics()).extracting(Diagnostic::code).contains(Code.YAML_UNKNOWN_KEY, Code.YAML_WRONG_TYPE);
        assertThat(read(DIALECT2, dialect("graph-loop")).diagnostics()).isEmpty();
        assertThat(read(DIALECT1, dialect("supervisor")).diagnostics()).isEmpty();
    }

    @Test
    void reportsAnUnknownDialectOption() {
        YamlDocument doc = read(DIALECT1, dialect("3"));
        assertThat(doc.graph()).isEmpty();
        assertThat(doc.diagnostics()).extracting(Diagnostic::message)
                .containsExactly("unknown YAML dialect \"3\": use --dialect 1 (supervisor) or 2 (graph-loop)");
    }

    @Test
    void reportsAFileInNeitherDialect() {
        YamlDocument doc = read("title: x\nsteps: [a, b]\n");
        assertThat(doc.graph()).isEmpty();
        Diagnostic d = doc.diagnostics().get(0);
        assertThat(d.code()).isEqualTo(Code.YAML_UNKNOWN_DIALECT);
        assertThat(d.source().line()).isEqualTo(1);
        assertThat(d.message()).contains("neither YAML dialect").contains("--dialect");
        assertThat(read("- a\n- b\n").diagnostics().get(0).message()).startsWith("a workflow is a mapping of keys");
        assertThat(read("# nothing\n").diagnostics()).extracting(Diagnostic::code).containsExactly(Code.YAML_UNKNOWN_DIALECT);
    }

    @Test
    void checksAGateRegistryAsARegistryWhenItIsGivenAsAWorkflow() {
        YamlDocument valid = read("gates:\n  t: {command: [x]}\n");
        assertThat(valid.graph()).isEmpty();
        assertThat(valid.diagnostics()).isEmpty();
        YamlDocument broken = read("gates:\n  t: {comand: [x]}\n");
        assertThat(broken.graph()).isEmpty();
        // "comand" is one unknown key (a warning), read as the "command" it suggests: not also a missing command
        assertThat(broken.diagnostics()).extracting(Diagnostic::code).containsExactly(Code.YAML_UNKNOWN_GATE_KEY);
        // Forcing a dialect still reads it as a workflow.
        assertThat(read("gates:\n  t: {command: [x]}\n", dialect("2")).diagnostics()).isNotEmpty();
    }

    @Test
    void aRegistryCheckedAloneReportsWhatAWorkflowUsingItWouldReportInIt() {
        YamlDocument doc = read("""
                gates:
                  t:
                    command: ["true"]
                    timeout: -5
                    depends_on: ["lnt"]
                  lint:
                    command: []
                """);
        assertThat(doc.diagnostics()).extracting(d -> d.code().id() + " at " + d.source().line() + ":" + d.source().column())
                .containsExactly("FLOW503 at 2:3", "FLOW202 at 5:18", "FLOW105 at 7:14");
        assertThat(doc.diagnostics().get(1).message()).contains("did you mean \"lint\"?");
    }

    @Test
    void givesNoGraphForYamlThatDoesNotParse() {
        YamlDocument doc = read("id: w\nnodes: [\n");
        assertThat(doc.graph()).isEmpty();
        assertThat(doc.diagnostics()).extracting(Diagnostic::code).containsExactly(Code.YAML_SYNTAX);
    }

    @Test
    void readsTheRegistryGivenWithGates(@TempDir Path dir) throws Exception {
        Path gates = Files.writeString(dir.resolve("my-gates.yaml"), "gates:\n  test:\n    command: [pytest]\n    colour: red\n");
        YamlDocument doc = read(DIALECT1, LoadOptions.DEFAULT.withGatesFile(gates));
        assertThat(doc.graph().orElseThrow().main().gates()).extracting(GateDef::name).containsExactly("test");
        assertThat(doc.graph().orElseThrow().main().gate("test").orElseThrow().source().file()).isEqualTo(gates.toString());
        assertThat(doc.diagnostics()).extracting(Diagnostic::code).containsExactly(Code.YAML_UNKNOWN_GATE_KEY);
        assertThat(doc.diagnostics().get(0).isError()).isFalse();
        assertThat(doc.diagnostics().get(0).source().file()).isEqualTo(gates.toString());
        assertThat(doc.sources()).containsKey(gates.toString());
        assertThat(doc.toCompilation().text(gates.toString())).isPresent();
    }

    @Test
    void reportsARegistryGivenWithGatesThatDoesNotExist(@TempDir Path dir) {
        YamlDocument doc = read(DIALECT1, LoadOptions.DEFAULT.withGatesFile(dir.resolve("missing.yaml")));
        assertThat(doc.diagnostics()).extracting(Diagnostic::code).containsExactly(Code.UNKNOWN_IMPORT);
        assertThat(doc.diagnostics().get(0).source().file()).isEqualTo(YamlTestSupport.FILE);
        assertThat(doc.graph()).isPresent();
    }

    @Test
    void findsTheRegistryBesideTheWorkflow(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("gates.yaml"), "gates:\n  lint:\n    command: [ruff]\n");
        Path workflow = Files.writeString(dir.resolve("flow.yaml"), DIALECT1);
        String shown = "some/dir/flow.yaml";
        YamlDocument doc = YamlWorkflowReader.read(new SourceFile(workflow, shown, DIALECT1), LoadOptions.DEFAULT);
        GateDef lint = doc.graph().orElseThrow().main().gate("lint").orElseThrow();
        assertThat(lint.source().file()).isEqualTo(Path.of("some/dir/gates.yaml").toString());
        assertThat(doc.sources()).containsKey(Path.of("some/dir/gates.yaml").toString());
        assertThat(doc.registries()).singleElement().satisfies(r -> {
            assertThat(r.path()).isEqualTo(dir.resolve("gates.yaml"));
            assertThat(r.contents().gates()).containsExactly(lint);
        });
    }

    @Test
    void aDialect2WorkflowLeavesTheRegistryBesideItToDialect1Files(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("gates.yaml"), "gates:\n  lint:\n    command: [ruff]\n");
        Path workflow = Files.writeString(dir.resolve("flow.yaml"), DIALECT2);
        YamlDocument beside = YamlWorkflowReader.read(new SourceFile(workflow, "flow.yaml", DIALECT2), LoadOptions.DEFAULT);
        assertThat(beside.registries()).isEmpty();
        assertThat(beside.graph().orElseThrow().main().gates()).isEmpty();
        YamlDocument given = YamlWorkflowReader.read(new SourceFile(workflow, "flow.yaml", DIALECT2),
                LoadOptions.DEFAULT.withGatesFile(dir.resolve("gates.yaml")));
        assertThat(given.graph().orElseThrow().main().gates()).extracting(GateDef::name).containsExactly("lint");
    }

    @Test
    void readsNoRegistryWhenNoneIsBesideTheWorkflow(@TempDir Path dir) throws Exception {
        Path workflow = Files.writeString(dir.resolve("flow.yaml"), DIALECT1);
        YamlDocument doc = YamlWorkflowReader.read(new SourceFile(workflow, "flow.yaml", DIALECT1), LoadOptions.DEFAULT);
        assertThat(doc.diagnostics()).isEmpty();
        assertThat(doc.graph().orElseThrow().main().gates()).isEmpty();
    }

    @Test
    void leavesCommentsOutOfTheCompilationButKeepsThemInTheDocument() {
        YamlDocument doc = read("# Debugging\n" + DIALECT1);
        assertThat(doc.comments().header()).containsExactly("Debugging");
        assertThat(doc.toCompilation().graph()).isEqualTo(doc.graph());
    }

    /** {@code --gates base.yaml --gates overlay.yaml}: the overlay's gates join the base's, refining those it names. */
    @Test
    void readsSeveralRegistriesEachOverlayingTheOnesBefore(@TempDir Path dir) throws Exception {
        Path base = Files.writeString(dir.resolve("base.yaml"), "gates:\n  test: {command: [pytest], timeout: 300}\n  lint: {command: [ruff]}\n");
        Path overlay = Files.writeString(dir.resolve("overlay.yaml"), "gates:\n  test: {timeout: 900}\n  test_gate: {command: [\"true\"]}\n");
        String workflow = "id: w\nname: W\nentry_point: t\nnodes:\n  - {id: t, type: gate, gate_config: {gate_type: test_gate}}\nedges: []\n";
        YamlDocument doc = read(workflow, LoadOptions.DEFAULT.withGatesFiles(List.of(base, overlay)));
        assertThat(doc.diagnostics()).isEmpty();
        var gates = doc.graph().orElseThrow().main().gates();
        assertThat(gates).extracting(GateDef::name).containsExactly("test", "lint", "test_gate");
        assertThat(gates.get(0).timeout()).isEqualTo(Duration.ofSeconds(900));
        assertThat(gates.get(0).command()).isNotNull();
        assertThat(doc.registries()).extracting(YamlDocument.Registry::path).containsExactly(base, overlay);
        assertThat(doc.sources()).containsKeys(base.toString(), overlay.toString());
    }

    /** {@code flow check --gates base.yaml overlay.yaml}: the overlay is checked over the base it refines. */
    @Test
    void checksAnOverlayRegistryTogetherWithTheBaseItOverlays(@TempDir Path dir) throws Exception {
        Path base = Files.writeString(dir.resolve("base.yaml"), "gates:\n  test: {command: [pytest]}\n");
        String text = "gates:\n  test: {timeout: 900, depends_on: [lint]}\n";
        Path overlay = Files.writeString(dir.resolve("overlay.yaml"), text);
        YamlDocument alone = YamlWorkflowReader.read(new SourceFile(overlay, "overlay.yaml", text), LoadOptions.DEFAULT);
        assertThat(alone.diagnostics()).extracting(d -> d.code().id() + " at " + d.source().line() + ":" + d.source().column())
                .containsExactly("FLOW606 at 2:3", "FLOW202 at 2:37");
        YamlDocument over = YamlWorkflowReader.read(new SourceFile(overlay, "overlay.yaml", text), LoadOptions.DEFAULT.withGatesFile(base));
        assertThat(over.graph()).isEmpty();
        assertThat(over.diagnostics()).extracting(d -> d.code().id() + " at " + d.source().line() + ":" + d.source().column())
                .containsExactly("FLOW202 at 2:37");
    }
}

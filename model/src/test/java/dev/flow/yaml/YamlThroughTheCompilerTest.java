package dev.flow.yaml;

import static dev.flow.yaml.YamlTestSupport.corpus;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.frontend.Compilation;
import dev.flow.frontend.Compiler;
import dev.flow.frontend.LoadOptions;
import dev.flow.model.SourceRef;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** YAML workflows read by the compiler pipeline that flow check, compile and graph use. */
class YamlThroughTheCompilerTest {

    private static final Compiler COMPILER = Compiler.withInstalledFrontEnds();

    private static Compilation compile(Path file) {
        return COMPILER.compile(file, file.getFileName().toString(), LoadOptions.DEFAULT);
    }

    @Test
    void readsYamlAndYmlFiles(@TempDir Path dir) throws Exception {
        for (String name : List.of("w.yaml", "w.yml", "W.YAML")) {
            Path file = Files.writeString(dir.resolve(name), YamlWorkflowReaderTest.DIALECT2);
            Compilation c = compile(file);
            assertThat(c.diagnostics()).as(name).isEmpty();
            assertThat(c.graph()).as(name).isPresent();
        }
        assertThat(COMPILER.frontEndFor("yaml")).get().isInstanceOf(YamlFrontEnd.class);
    }

    @Test
    void refusesAFileThatIsNotUtf8BeforeTheYamlReaderSeesIt(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("latin1.yaml");
        Files.write(file, "workflow: w\ndescription: caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        Compilation c = compile(file);
        assertThat(c.graph()).isEmpty();
        assertThat(c.diagnostics()).extracting(Diagnostic::code).containsExactly(Code.UNREADABLE_INPUT);
        assertThat(c.diagnostics().get(0).source().line()).isEqualTo(2);
        assertThat(c.diagnostics().get(0).source().column()).isEqualTo(17);
    }

    @Test
    void refusesAnAliasBombWithAPosition(@TempDir Path dir) throws Exception {
        var bomb = new StringBuilder("workflow: w\na: &a [x, x, x, x, x, x, x, x, x, x]\n");
        for (char c = 'b'; c <= 'k'; c++) {
            bomb.append(c).append(": &").append(c).append(" [").append(String.join(", ", Collections.nCopies(10, "*" + (char) (c - 1)))).append("]\n");
        }
        Compilation c = compile(Files.writeString(dir.resolve("bomb.yaml"), bomb));
        assertThat(c.graph()).isEmpty();
        assertThat(c.diagnostics()).extracting(Diagnostic::code).containsExactly(Code.INPUT_TOO_LARGE);
        assertThat(c.diagnostics().get(0).source().line()).isGreaterThan(1);
    }

    @Test
    void refusesDeepNestingWithAPosition(@TempDir Path dir) throws Exception {
        Compilation c = compile(Files.writeString(dir.resolve("deep.yaml"), "workflow: w\nnodes: " + "{a: ".repeat(10_000) + "\n"));
        assertThat(c.diagnostics()).extracting(Diagnostic::code).containsExactly(Code.INPUT_TOO_LARGE);
        assertThat(c.diagnostics().get(0).source().line()).isEqualTo(2);
    }

    @Test
    void refusesAFileOfManyMegabytes(@TempDir Path dir) throws Exception {
        // 40 MB: above the YAML reader's limit, below the compiler's file limit.
        Path file = dir.resolve("huge.yaml");
        try (var out = Files.newBufferedWriter(file)) {
            out.write("workflow: w\n");
            String line = "# " + "x".repeat(1022) + "\n";
            for (int i = 0; i < 40 * 1024; i++) {
                out.write(line);
            }
        }
        Compilation c = compile(file);
        assertThat(c.graph()).isEmpty();
        assertThat(c.diagnostics()).extracting(Diagnostic::code).containsExactly(Code.INPUT_TOO_LARGE);
        assertThat(c.diagnostics().get(0).source()).isEqualTo(SourceRef.of("huge.yaml", 0, 0, 1, 1));
    }

    @Test
    void readsEveryCorpusWorkflowWithItsRegistryAndNoProblemOfItsOwn() throws Exception {
        try (var files = Files.list(corpus("supervisor-yaml"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml") && !f.getFileName().toString().equals("gates.yaml")).toList()) {
                Compilation c = compile(file);
                assertThat(c.graph()).as(file.toString()).isPresent();
                assertThat(c.diagnostics()).as(file.toString())
                        .noneMatch(d -> d.isError() && (d.code().id().startsWith("FLOW6") || d.code().id().startsWith("FLOW0")));
                assertThat(c.graph().orElseThrow().main().gates()).as(file.toString()).hasSize(5);
            }
        }
    }

    /**
     * What {@code flow check parallel_review.yaml --gates gates.yaml} must report: the three gates
     * the workflow names that the registry does not define, each at its line with the nearest
     * registered gate. FLOW202 comes from the checker (issue 2), not from the YAML reader.
     */
    @Test
    void reportsTheThreeUnknownGatesOfTheCorpusAtTheirLinesWithTheNearestRegisteredGate() {
        Path workflow = corpus("supervisor-yaml", "parallel_review.yaml");
        Path gates = corpus("supervisor-yaml", "gates.yaml");
        Compilation c = COMPILER.compile(workflow, "parallel_review.yaml", LoadOptions.DEFAULT.withGatesFile(gates));
        var unknown = c.diagnostics().stream().filter(d -> d.code() == Code.UNKNOWN_GATE).toList();
        assertThat(unknown).extracting(d -> d.source().line()).containsExactly(26, 32, 38);
        assertThat(unknown).extracting(d -> d.source().column()).containsExactly(18, 18, 18);
        assertThat(unknown).extracting(d -> d.suggestions().get(0)).containsExactly("lint", "test", "security");
        assertThat(c.hasErrors()).isTrue();
    }

    /** debug_workflow's test_gate and simple_workflow's task gate are unknown too, for the same reason. */
    @Test
    void reportsTheUnknownGatesOfTheOtherCorpusWorkflows() {
        Compilation debug = compile(corpus("supervisor-yaml", "debug_workflow.yaml"));
        assertThat(debug.diagnostics()).filteredOn(d -> d.code() == Code.UNKNOWN_GATE)
                .extracting(d -> d.source().line() + ":" + d.suggestions()).containsExactly("26:[test]");
        Compilation simple = compile(corpus("supervisor-yaml", "simple_workflow.yaml"));
        assertThat(simple.diagnostics()).filteredOn(d -> d.code() == Code.UNKNOWN_GATE)
                .extracting(d -> d.source().line() + ":" + d.suggestions()).containsExactly("23:[test]");
    }
}

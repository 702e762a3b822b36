package dev.flow.dsl.ide.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.dsl.ide.diagnostics.LspDiagnostics;
import dev.flow.frontend.Compiler;
import dev.flow.frontend.LoadOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * YAML documents in the editor: a workflow of either dialect and a registry get the diagnostics
 * {@code flow check} gives, at the same places, as they are edited; names can be hovered,
 * completed and followed into {@code gates.yaml}; any other YAML file is left alone.
 */
class YamlDocumentsTest {
    static final String REGISTRY = """
            gates:
              tests:
                description: "Run the unit tests"
                command: ["mvn", "-q", "test"]
                timeout: 600
            """;

    /** Dialect 1 with a gate node that names a gate the registry does not have ({@code tsets}). */
    static final String DIALECT_1 = """
            id: fix-loop
            name: Fix loop
            entry_point: fix
            exit_points: [done]
            nodes:
              - id: fix
                type: task
                task_config:
                  role: implementer
                  task_template: "Fix it: {input}"
              - id: test
                type: gate
                gate_config:
                  gate_type: tsets
              - id: done
                type: task
                task_config:
                  role: reviewer
                  task_template: "Review: {input}"
            edges:
              - { id: e1, source: fix, target: test }
              - { id: e2, source: test, target: done }
            """;

    /** Dialect 2 with an edge to a node that does not exist ({@code reveiw}). */
    static final String DIALECT_2 = """
            workflow: review-loop
            nodes:
              implement:
                type: task
                agent: claude
                prompt: "Implement the change"
                outputs: [done]
              review:
                type: task
                agent: codex
                prompt: "Review the change"
                outputs: [clean, dirty]
            edges:
              - {from: START, to: implement}
              - {from: implement, to: reveiw}
              - {from: review, to: END, condition: clean}
            """;

    static final String COMPOSE = """
            services:
              web:
                image: nginx
                ports: ["80:80"]
            """;

    @TempDir
    Path dir;
    Compiler compiler = Compiler.withInstalledFrontEnds();
    YamlDocuments documents;

    @BeforeEach
    void setUp() throws IOException {
        Files.writeString(dir.resolve("gates.yaml"), REGISTRY);
        documents = new YamlDocuments(compiler, new LspDiagnostics("https://flow.dev/docs/diagnostics"));
    }

    String open(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        String uri = file.toUri().toString();
        documents.open(uri, 1, text);
        return uri;
    }

    List<Diagnostic> diagnostics(String uri) {
        return documents.check(uri).orElseThrow().getDiagnostics();
    }

    /** What {@code flow check FILE} reports for the saved file: code, line and column (1-based). */
    List<String> flowCheck(String name) {
        Path file = dir.resolve(name);
        return compiler.compile(file, file.toString(), LoadOptions.DEFAULT).diagnostics().stream()
                .filter(d -> d.source().file().equals(file.toString()))
                .map(d -> d.code().id() + "@" + d.source().line() + ":" + d.source().column() + " " + d.message()).toList();
    }

    static List<String> asFlowCheck(List<Diagnostic> diagnostics) {
        return diagnostics.stream().map(d -> d.getCode().getLeft() + "@" + (d.getRange().getStart().getLine() + 1) + ":"
                + (d.getRange().getStart().getCharacter() + 1) + " " + d.getMessage().getLeft()).toList();
    }

    static Position at(String text, String marker) {
        int offset = text.indexOf(marker);
        assertThat(offset).as(marker).isNotNegative();
        String before = text.substring(0, offset);
        int line = (int) before.chars().filter(c -> c == '\n').count();
        return new Position(line, offset - before.lastIndexOf('\n') - 1);
    }

    @Test
    void aDialect1WorkflowGetsTheDiagnosticsOfFlowCheckAtTheSamePlaces() throws IOException {
        String uri = open("fix-loop.yaml", DIALECT_1);
        var found = diagnostics(uri);
        assertThat(asFlowCheck(found)).isNotEmpty().isEqualTo(flowCheck("fix-loop.yaml"));
        Diagnostic unknown = found.stream().filter(d -> d.getCode().getLeft().equals("FLOW202")).findFirst().orElseThrow();
        assertThat(unknown.getRange().getStart()).isEqualTo(at(DIALECT_1, "tsets"));
        assertThat(unknown.getSeverity()).isEqualTo(DiagnosticSeverity.Error);
        assertThat(unknown.getSource()).isEqualTo("flow");
        assertThat(unknown.getCodeDescription().getHref()).endsWith("#flow202-unknown-gate");
    }

    @Test
    void aDialect2WorkflowGetsTheDiagnosticsOfFlowCheckAtTheSamePlaces() throws IOException {
        String uri = open("review-loop.yaml", DIALECT_2);
        var found = diagnostics(uri);
        assertThat(asFlowCheck(found)).isNotEmpty().isEqualTo(flowCheck("review-loop.yaml"));
        assertThat(found).anySatisfy(d -> assertThat(d.getRange().getStart()).isEqualTo(at(DIALECT_2, "reveiw")));
    }

    @Test
    void aRegistryIsCheckedAsFlowCheckChecksIt() throws IOException {
        String broken = REGISTRY.replace("timeout: 600", "timeout: soon");
        String uri = open("gates.yaml", broken);
        assertThat(asFlowCheck(diagnostics(uri))).isNotEmpty().isEqualTo(flowCheck("gates.yaml"));
    }

    @Test
    void diagnosticsFollowTheEditsAsTheyAreTyped() throws IOException {
        String uri = open("fix-loop.yaml", DIALECT_1);
        assertThat(diagnostics(uri)).extracting(d -> d.getCode().getLeft()).contains("FLOW202");

        // the editor sends the edit, not the file: replace "tsets" with "tests"
        Position start = at(DIALECT_1, "tsets");
        var edit = new TextDocumentContentChangeEvent(new Range(start, new Position(start.getLine(), start.getCharacter() + 5)), "tests");
        documents.change(uri, 2, List.of(edit));
        var after = documents.check(uri).orElseThrow();
        assertThat(after.getVersion()).isEqualTo(2);
        assertThat(after.getDiagnostics()).noneMatch(d -> d.getSeverity() == DiagnosticSeverity.Error);
    }

    @Test
    void otherYamlFilesAreLeftAlone() throws IOException {
        String uri = open("docker-compose.yml", COMPOSE);
        assertThat(documents.check(uri)).isEmpty();
        assertThat(documents.hover(uri, at(COMPOSE, "web"))).isEmpty();
        assertThat(documents.complete(uri, at(COMPOSE, "image"))).isEmpty();
        assertThat(documents.definition(uri, at(COMPOSE, "nginx"))).isEmpty();
        assertThat(documents.close(uri)).isEmpty();
    }

    @Test
    void aWorkflowEditedIntoOtherYamlHasItsDiagnosticsClearedOnce() throws IOException {
        String uri = open("fix-loop.yaml", DIALECT_1);
        assertThat(diagnostics(uri)).isNotEmpty();
        documents.change(uri, 2, List.of(new TextDocumentContentChangeEvent(COMPOSE)));
        assertThat(documents.check(uri).orElseThrow().getDiagnostics()).isEmpty();
        assertThat(documents.check(uri)).isEmpty();
    }

    @Test
    void hoverSaysWhatAGateAndANodeAre() throws IOException {
        String text = DIALECT_1.replace("tsets", "tests");
        String uri = open("fix-loop.yaml", text);
        var gate = documents.hover(uri, at(text, "tests")).orElseThrow();
        assertThat(gate.getContents().getRight().getValue()).contains("**gate** `tests`", "Run the unit tests", "mvn -q test", "gates.yaml");
        assertThat(gate.getRange().getStart()).isEqualTo(at(text, "tests"));

        var node = documents.hover(uri, at(text, "fix, target")).orElseThrow();
        assertThat(node.getContents().getRight().getValue()).contains("**task** `fix`");
    }

    @Test
    void hoverOnANodeListsItsOutputsAndAWordThatNamesNothingHasNone() throws IOException {
        String uri = open("review-loop.yaml", DIALECT_2);
        String text = DIALECT_2;
        assertThat(documents.hover(uri, at(text, "dirty"))).isEmpty(); // an output name on its own is no node or gate
        var review = documents.hover(uri, at(text, "review:")).orElseThrow();
        assertThat(review.getContents().getRight().getValue()).contains("`review`", "`clean`", "`dirty`");
    }

    @Test
    void definitionGoesFromAGateReferenceIntoGatesYaml() throws IOException {
        String text = DIALECT_1.replace("tsets", "tests");
        String uri = open("fix-loop.yaml", text);
        var found = documents.definition(uri, at(text, "tests"));
        assertThat(found).hasSize(1);
        assertThat(found.get(0).getUri()).isEqualTo(dir.resolve("gates.yaml").toUri().toString());
        assertThat(found.get(0).getRange().getStart().getLine()).isEqualTo(1); // "  tests:" in the registry

        var node = documents.definition(uri, at(text, "done }"));
        assertThat(node).singleElement().satisfies(l -> assertThat(l.getUri()).isEqualTo(uri));
    }

    @Test
    void completionOffersNodesGatesAndFieldsEachOnce() throws IOException {
        String text = DIALECT_1.replace("tsets", "tests");
        String uri = open("fix-loop.yaml", text);
        var labels = documents.complete(uri, at(text, "edges:")).stream().map(CompletionItem::getLabel).toList();
        assertThat(labels).contains("fix", "test", "done", "tests").doesNotHaveDuplicates();

        String uri2 = open("review-loop.yaml", DIALECT_2 + "# review.\n");
        var fields = documents.complete(uri2, new Position(DIALECT_2.split("\n").length, "# review.".length())).stream()
                .map(CompletionItem::getLabel).toList();
        assertThat(fields).containsExactly("clean", "dirty");
    }

    @Test
    void aYamlWorkflowIsDrawnAndOtherYamlIsNot() throws IOException {
        String uri = open("review-loop.yaml", DIALECT_2.replace("reveiw", "review"));
        var picture = documents.graph(uri);
        assertThat(picture.mermaid()).contains("flowchart TD", "implement", "review");
        assertThat(picture.errors()).isZero();

        String compose = open("compose.yaml", COMPOSE);
        assertThat(documents.graph(compose).mermaid()).isNull();
        assertThat(documents.graph(compose).problem()).contains("not a Flow workflow");
    }
}

package dev.flow.lsp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.frontend.Compiler;
import dev.flow.frontend.LoadOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.FoldingRangeRequestParams;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.SemanticTokensParams;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * YAML files against the packaged server over standard input and output: a workflow of either
 * dialect gets the diagnostics {@code flow check} gives, at the same places, after each edit and
 * after its registry is saved; gate names hover and lead into {@code gates.yaml}; any other YAML
 * file gets nothing, and no request about one fails.
 */
class YamlIT {
    /** Dialect 1: the gate node names {@code tsets}, which the registry beside it lacks (line 12). */
    static final String DIALECT_1 = """
            id: fix-loop
            name: Fix loop
            entry_point: fix
            exit_points: [done]
            nodes:
              - id: fix
                type: task
                task_config: {role: implementer, task_template: "Fix it"}
              - id: test
                type: gate
                gate_config:
                  gate_type: tsets
              - id: done
                type: task
                task_config: {role: reviewer, task_template: "Review"}
            edges:
              - { id: e1, source: fix, target: test }
              - { id: e2, source: test, target: done }
            """;

    /** Dialect 2: an edge to {@code reveiw}, and a node with no way out on one of its outputs. */
    static final String DIALECT_2 = """
            workflow: review-loop
            nodes:
              implement:
                type: task
                agent: claude
                prompt: "Implement the change"
                outputs: [done, blocked]
              review:
                type: task
                agent: codex
                prompt: "Review the change"
                outputs: [clean]
            edges:
              - {from: START, to: implement}
              - {from: implement, to: reveiw, condition: done}
              - {from: review, to: END, condition: clean}
            """;

    static final String COMPOSE = "services:\n  web:\n    image: nginx\n";

    @TempDir
    static Path workspace;
    static ServerProcess server;

    @BeforeAll
    static void startServer() throws Exception {
        server = ServerProcess.start(workspace, Map.of("gates.yaml", Workflows.REGISTRY, "registered.flow", Workflows.REGISTERED,
                "fix-loop.yaml", DIALECT_1, "review-loop.yaml", DIALECT_2, "compose.yaml", COMPOSE));
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    static <T> T get(java.util.concurrent.CompletableFuture<T> future) throws Exception {
        return future.get(RecordingClient.WAIT.toSeconds(), TimeUnit.SECONDS);
    }

    static TextDocumentIdentifier doc(String uri) {
        return new TextDocumentIdentifier(uri);
    }

    /** {@code flow check FILE} on the saved file, as CODE@LINE:COLUMN (1-based) message. */
    static List<String> flowCheck(String file) {
        Path path = workspace.resolve(file);
        return Compiler.withInstalledFrontEnds().compile(path, path.toString(), LoadOptions.DEFAULT).diagnostics().stream()
                .filter(d -> d.source().file().equals(path.toString()))
                .map(d -> d.code().id() + "@" + d.source().line() + ":" + d.source().column() + " " + d.message()).toList();
    }

    static List<String> asFlowCheck(List<Diagnostic> diagnostics) {
        return diagnostics.stream().map(d -> d.getCode().getLeft() + "@" + (d.getRange().getStart().getLine() + 1) + ":"
                + (d.getRange().getStart().getCharacter() + 1) + " " + d.getMessage().getLeft()).toList();
    }

    static boolean has(List<Diagnostic> all, String code) {
        return all.stream().anyMatch(d -> code.equals(d.getCode().getLeft()));
    }

    @Test
    void aDialect1WorkflowShowsWhatFlowCheckShowsAndFollowsTheEdits() throws Exception {
        String uri = server.open("fix-loop.yaml");
        var found = server.client.await(uri, "the unknown gate is reported", d -> has(d, "FLOW202"));
        assertThat(asFlowCheck(found)).isEqualTo(flowCheck("fix-loop.yaml"));
        assertThat(found).filteredOn(d -> d.getCode().getLeft().equals("FLOW202")).singleElement()
                .satisfies(d -> assertThat(d.getRange()).isEqualTo(Cursor.rangeOf(DIALECT_1, "tsets", "gate_type: ")));

        server.change(uri, DIALECT_1.replace("tsets", "lint"));
        server.client.await(uri, "the unknown gate is gone", d -> !has(d, "FLOW202"));
        server.change(uri, DIALECT_1);
        server.client.await(uri, "the unknown gate is back", d -> has(d, "FLOW202"));
    }

    @Test
    void closingAWorkflowClearsItsDiagnosticsAndReopeningItChecksItAgain() throws Exception {
        String uri = server.open("closed.yaml", DIALECT_1);
        server.client.await(uri, "the unknown gate is reported", d -> has(d, "FLOW202"));
        server.server.getTextDocumentService().didClose(new org.eclipse.lsp4j.DidCloseTextDocumentParams(doc(uri)));
        server.client.await(uri, "the closed file's diagnostics are cleared", List::isEmpty);
        // reopened at once, before the clearing has been sent: the new text is checked, not forgotten
        server.server.getTextDocumentService().didClose(new org.eclipse.lsp4j.DidCloseTextDocumentParams(doc(server.open("closed.yaml", DIALECT_1))));
        server.open("closed.yaml", DIALECT_1);
        server.client.await(uri, "the reopened file is checked", d -> has(d, "FLOW202"));
        assertThat(get(server.server.getTextDocumentService().hover(new HoverParams(doc(uri), Cursor.rangeOf(DIALECT_1, "fix", "source: ").getStart()))))
                .as("the reopened document is known").isNotNull();
    }

    @Test
    void aDialect2WorkflowShowsWhatFlowCheckShows() throws Exception {
        String uri = server.open("review-loop.yaml");
        var found = server.client.await(uri, "the unknown node is reported", d -> d.stream().anyMatch(x -> x.getMessage().getLeft().contains("reveiw")));
        assertThat(asFlowCheck(found)).isEqualTo(flowCheck("review-loop.yaml"));
    }

    @Test
    void savingTheRegistryChecksTheOpenWorkflowsAgain() throws Exception {
        String uri = server.open("registry-user.yaml", DIALECT_1.replace("tsets", "security"));
        Files.writeString(workspace.resolve("registry-user.yaml"), DIALECT_1.replace("tsets", "security"));
        server.client.await(uri, "the gate is unknown", d -> has(d, "FLOW202"));
        String registry = Workflows.REGISTRY + "  security:\n    command: [\"true\"]\n";
        try {
            Files.writeString(workspace.resolve("gates.yaml"), registry);
            server.fileChanged("gates.yaml");
            server.client.await(uri, "the gate is found in the saved registry", d -> !has(d, "FLOW202"));
        } finally {
            Files.writeString(workspace.resolve("gates.yaml"), Workflows.REGISTRY);
            server.fileChanged("gates.yaml");
        }
    }

    @Test
    void aGateNameHoversAndLeadsIntoGatesYaml() throws Exception {
        String text = DIALECT_1.replace("tsets", "lint");
        String uri = server.open("hover.yaml", text);
        Position lint = Cursor.rangeOf(text, "lint", "gate_type: ").getStart();
        var hover = get(server.server.getTextDocumentService().hover(new HoverParams(doc(uri), lint)));
        assertThat(hover.getContents().getRight().getValue()).contains("**gate** `lint`", "Run linter", "ruff check .", "gates.yaml");

        var definition = get(server.server.getTextDocumentService().definition(new DefinitionParams(doc(uri), lint))).getLeft();
        assertThat(definition).singleElement().satisfies(l -> {
            assertThat(l.getUri()).isEqualTo(server.uri("gates.yaml"));
            assertThat(l.getRange().getStart().getLine()).isEqualTo(1);
        });

        var completion = get(server.server.getTextDocumentService().completion(new CompletionParams(doc(uri), lint))).getLeft();
        assertThat(completion).extracting(c -> c.getLabel()).contains("lint", "type_check", "fix", "test", "done").doesNotHaveDuplicates();
    }

    @Test
    void otherYamlGetsNothingAndNoRequestAboutItFails() throws Exception {
        String compose = server.open("compose.yaml");
        var position = new Position(1, 3);
        var text = server.server.getTextDocumentService();
        assertThat(get(text.hover(new HoverParams(doc(compose), position)))).isNull();
        assertThat(get(text.completion(new CompletionParams(doc(compose), position))).getLeft()).isEmpty();
        assertThat(get(text.definition(new DefinitionParams(doc(compose), position))).getLeft()).isEmpty();
        assertThat(get(text.documentSymbol(new DocumentSymbolParams(doc(compose))))).isEmpty();
        assertThat(get(text.foldingRange(new FoldingRangeRequestParams(doc(compose))))).isEmpty();
        assertThat(get(text.semanticTokensFull(new SemanticTokensParams(doc(compose)))).getData()).isEmpty();
        // YAML documents are checked one at a time in the order they were opened: once a workflow
        // opened after it has its diagnostics, compose.yaml has had its turn.
        String after = server.open("after-compose.yaml", DIALECT_1);
        server.client.await(after, "the workflow opened after it is checked", d -> has(d, "FLOW202"));
        assertThat(server.client.publishedFor(compose)).isEmpty();
    }

    @Test
    void aFlowWorkflowThatImportsTheRegistryStillUsesIt() throws Exception {
        String uri = server.open("registered.flow");
        var found = server.client.await(uri, "the workflow is checked", d -> true);
        assertThat(found).noneMatch(d -> "FLOW202".equals(d.getCode().getLeft()));
    }
}

package dev.flow.lsp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.FoldingRangeRequestParams;
import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.ReferenceContext;
import org.eclipse.lsp4j.ReferenceParams;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.SemanticTokensParams;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextEdit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What an author does in the editor, against the packaged server: complete, hover, navigate, rename, fix. */
class EditingIT {
    @TempDir
    static Path workspace;
    static ServerProcess server;

    @BeforeAll
    static void startServer() throws Exception {
        server = ServerProcess.start(workspace, Map.of("gates.flow", Workflows.LIBRARY, "review.flow", Workflows.REVIEW,
                "gates.yaml", Workflows.REGISTRY, "registered.flow", Workflows.REGISTERED));
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    static <T> T get(CompletableFuture<T> future) throws Exception {
        return future.get(RecordingClient.WAIT.toSeconds(), TimeUnit.SECONDS);
    }

    static TextDocumentIdentifier doc(String uri) {
        return new TextDocumentIdentifier(uri);
    }

    List<CompletionItem> complete(String file, String marked) throws Exception {
        var cursor = Cursor.in(marked);
        String uri = server.open(file, cursor.text());
        var result = get(server.server.getTextDocumentService().completion(new CompletionParams(doc(uri), cursor.position())));
        return result.isLeft() ? result.getLeft() : result.getRight().getItems();
    }

    static List<String> labels(List<CompletionItem> items) {
        return items.stream().map(CompletionItem::getLabel).toList();
    }

    @Test
    void completesStateVariablesInputsAndTheOutputsOfTheNodeLeftInACondition() throws Exception {
        var items = complete("complete-condition.flow", Workflows.reviewWith("analyze -> fix when done", "analyze -> fix when <|>"));
        assertThat(labels(items)).contains("attempts", "issue", "done", "blocked", "analyze");
        assertThat(detail(items, "attempts")).isEqualTo("state: int");
        assertThat(detail(items, "issue")).isEqualTo("input: string");
        assertThat(detail(items, "done")).isEqualTo("output of analyze");
    }

    @Test
    void completesTheOutputsOfUpstreamNodesInACondition() throws Exception {
        var items = complete("complete-upstream.flow", Workflows.reviewWith("test -> end when test.passed", "test -> end when <|>"));
        // test is a gate: its outputs are the defaults of its kind; analyze and fix ran before it.
        assertThat(labels(items)).contains("attempts", "passed", "failed", "test.passed", "fix.done", "analyze.blocked", "analyze.output");
        assertThat(detail(items, "analyze.blocked")).isEqualTo("bool");
        assertThat(detail(items, "analyze.output")).isEqualTo("enum(done, blocked)");
        assertThat(labels(items)).doesNotContain("done", "blocked");
    }

    static String detail(List<CompletionItem> items, String label) {
        return items.stream().filter(i -> i.getLabel().equals(label)).findFirst()
                .orElseThrow(() -> new AssertionError("no completion '" + label + "' in " + labels(items))).getDetail();
    }

    @Test
    void completesTheOutputsOfTheNodeAfterRetryOn() throws Exception {
        var items = complete("complete-retry-on.flow", Workflows.reviewWith("outputs done, blocked\n", "outputs done, blocked\n        retry 2 on <|>\n"));
        assertThat(labels(items)).contains("done", "blocked");
    }

    @Test
    void completesTheFieldsOfANodeResultWithTheirTypes() throws Exception {
        var items = complete("complete-field.flow", Workflows.reviewWith("test -> end when test.passed", "test -> end when test.<|>"));
        assertThat(labels(items)).contains("passed", "exit_code", "test_status", "output");
        assertThat(labels(items)).as("punctuation is typed, not offered").doesNotContain(".", "}", "->");
        var passed = items.stream().filter(i -> i.getLabel().equals("passed")).findFirst().orElseThrow();
        assertThat(passed.getDetail()).isEqualTo("bool");
    }

    @Test
    void completesANameBeingTypedWhenTheBlockClosesOnTheSameLine() throws Exception {
        String oneLine = "workflow one { task a { agent claude prompt \"x\" outputs done, blocked } start -> a -> end when d<|> }\n";
        assertThat(labels(complete("complete-one-line.flow", oneLine))).contains("done", "a.done");
        String agent = "workflow one { task a { agent cl<|> } start -> a -> end }\n";
        assertThat(labels(complete("complete-one-line-agent.flow", agent))).containsExactly("claude");
        var typed = complete("complete-typed.flow", Workflows.reviewWith("test -> end when test.passed", "test -> end when test.pa<|> }"));
        assertThat(labels(typed)).containsExactly("passed");
    }

    @Test
    void offersStartOnlyWhereAnEdgeLeavesAndEndOnlyWhereOneArrives() throws Exception {
        var targets = labels(complete("complete-target.flow", Workflows.reviewWith("    fix -> test\n", "    fix -> <|>\n")));
        assertThat(targets).contains("test", "analyze", "end").doesNotContain("start");
        var sources = labels(complete("complete-source.flow", Workflows.reviewWith("    fix -> test\n", "    fix -> test\n    <|>\n")));
        assertThat(sources).contains("start", "analyze", "fix").doesNotContain("end");
        var branch = labels(complete("complete-branch.flow", Workflows.reviewWith("gate test uses tests",
                "gate test uses tests\n    branch again { if attempts < 3 then <|> }")));
        assertThat(branch).contains("analyze", "end").doesNotContain("start");
    }

    @Test
    void completesTheNodesAndTheKeysFlowWritesInATasksInputs() throws Exception {
        var nodes = labels(complete("complete-inputs-node.flow", Workflows.reviewWith("prompt \"Fix it\"", "prompt \"Fix it\"\n        inputs { prior = <|> }")));
        assertThat(nodes).contains("analyze", "test", "run");
        var keys = complete("complete-inputs-key.flow", Workflows.reviewWith("prompt \"Fix it\"", "prompt \"Fix it\"\n        inputs { prior = analyze[<|>] }"));
        assertThat(labels(keys)).contains("\"out.summary\"", "\"err.summary\"", "\"out.last_stdout_path\"");
        var cursor = Cursor.in(Workflows.reviewWith("prompt \"Fix it\"", "prompt \"Fix it\"\n        inp<|>uts { prior = analyze[\"out.summary\"] }"));
        String uri = server.open("hover-inputs.flow", cursor.text());
        var hover = get(server.server.getTextDocumentService().hover(new HoverParams(doc(uri), cursor.position())));
        assertThat(hover.getContents().getRight().getValue()).contains("key-value store", "kv get");
    }

    @Test
    void completesGatesWithTheirCommand() throws Exception {
        var items = complete("complete-gate.flow", Workflows.reviewWith("gate test uses tests", "gate test uses <|>"));
        var tests = items.stream().filter(i -> i.getLabel().equals("tests")).findFirst().orElseThrow();
        assertThat(tests.getDetail()).isEqualTo("mvn -q test");
    }

    @Test
    void completesTheGatesOfAnImportedRegistryWithTheirCommand() throws Exception {
        var items = complete("complete-registry.flow", Workflows.REGISTERED.replace("gate style uses lint", "gate style uses <|>"));
        assertThat(labels(items)).contains("lint", "type_check");
        assertThat(detail(items, "type_check")).isEqualTo("mypy .");
    }

    @Test
    void aGateWrittenInFlowTakesThePlaceOfTheRegisteredOneInCompletion() throws Exception {
        String shadowing = Workflows.REGISTERED.replace("gate style uses lint", "gate lint { run [\"eslint\", \".\"] }\n    gate style uses <|>");
        var items = complete("complete-shadowed.flow", shadowing);
        assertThat(items.stream().filter(i -> i.getLabel().equals("lint")).map(CompletionItem::getDetail)).containsExactly("eslint .");
    }

    @Test
    void showsARegisteredGateOnHover() throws Exception {
        var cursor = Cursor.in(Workflows.REGISTERED.replace("uses lint", "uses li<|>nt"));
        String uri = server.open("hover-registry.flow", cursor.text());
        var hover = get(server.server.getTextDocumentService().hover(new HoverParams(doc(uri), cursor.position())));
        assertThat(hover.getContents().getRight().getValue()).contains("registered gate", "lint", "Run linter", "ruff check .", "1m",
                "gates.yaml:2");
        assertThat(hover.getRange()).isEqualTo(Cursor.rangeOf(Workflows.REGISTERED, "lint", "uses "));
    }

    @Test
    void goesToAGateInTheRegistry() throws Exception {
        var location = definitionAt("definition-registry.flow", Workflows.REGISTERED.replace("uses lint", "uses li<|>nt"));
        assertThat(location.getUri()).isEqualTo(server.uri("gates.yaml"));
        assertThat(location.getRange()).isEqualTo(Cursor.rangeOf(Workflows.REGISTRY, "lint", "  "));
    }

    /** The one place go to definition leads from the marked position of this text, opened as {@code file}. */
    Location definitionAt(String file, String marked) throws Exception {
        var cursor = Cursor.in(marked);
        String uri = server.open(file, cursor.text());
        var result = get(server.server.getTextDocumentService().definition(new DefinitionParams(doc(uri), cursor.position())));
        List<? extends Location> locations = result.getLeft();
        assertThat(locations).hasSize(1);
        return locations.get(0);
    }

    @Test
    void offersASnippetForEachKindOfNode() throws Exception {
        var items = complete("complete-snippet.flow", Workflows.reviewWith("gate test uses tests", "gate test uses tests\n    <|>"));
        var snippets = items.stream().filter(i -> i.getInsertTextFormat() == org.eclipse.lsp4j.InsertTextFormat.Snippet).toList();
        assertThat(labels(snippets)).contains("task …", "gate …", "branch …", "parallel …", "merge …", "human …", "checkpoint …");
    }

    @Test
    void completesTheParticipantsOfASupervisorAndDocumentsItsWords() throws Exception {
        String party = "workflow party {\n    task venue { agent claude prompt \"v\" }\n    task budget { agent claude prompt \"b\" }\n"
                + "    supervisor planner { agent claude prompt \"p\" participants venue, <|> max rounds 3 }\n    start -> planner\n}\n";
        assertThat(labels(complete("complete-participants.flow", party))).contains("budget", "venue");
        var cursor = Cursor.in(party.replace("participants venue, <|>", "partici<|>pants venue, budget"));
        String uri = server.open("hover-participants.flow", cursor.text());
        var hover = get(server.server.getTextDocumentService().hover(new HoverParams(doc(uri), cursor.position())));
        assertThat(hover.getContents().getRight().getValue()).contains("hands work to", "session continue");
        var items = complete("complete-supervisor-snippet.flow", Workflows.reviewWith("gate test uses tests", "gate test uses tests\n    <|>"));
        assertThat(labels(items)).contains("supervisor …");
    }

    @Test
    void showsTheTypeAndDescriptionOfAStateVariableOnHover() throws Exception {
        var cursor = Cursor.in(Workflows.reviewWith("set attempts = attempts + 1", "set attempts = att<|>empts + 1"));
        String uri = server.open("hover-variable.flow", cursor.text());
        var hover = get(server.server.getTextDocumentService().hover(new HoverParams(doc(uri), cursor.position())));
        String text = hover.getContents().getRight().getValue();
        assertThat(text).contains("state variable", "attempts", "int", "How many fixes were tried");
    }

    @Test
    void showsAGateDefinitionFromItsLibraryOnHover() throws Exception {
        var cursor = Cursor.in(Workflows.reviewWith("gate test uses tests", "gate test uses te<|>sts"));
        String uri = server.open("hover-gate.flow", cursor.text());
        var hover = get(server.server.getTextDocumentService().hover(new HoverParams(doc(uri), cursor.position())));
        String text = hover.getContents().getRight().getValue();
        assertThat(text).contains("gate definition", "tests", "Run the unit tests", "mvn -q test", "gates.flow");
    }

    @Test
    void documentsKeywordsOnHover() throws Exception {
        var cursor = Cursor.in(Workflows.reviewWith("loop max 3", "lo<|>op max 3"));
        String uri = server.open("hover-keyword.flow", cursor.text());
        var hover = get(server.server.getTextDocumentService().hover(new HoverParams(doc(uri), cursor.position())));
        assertThat(hover.getContents().getRight().getValue()).containsIgnoringCase("loop");
        var session = Cursor.in(Workflows.reviewWith("prompt \"Fix it\"", "prompt \"Fix it\"\n        ses<|>sion continue"));
        String sessionUri = server.open("hover-session.flow", session.text());
        var sessionHover = get(server.server.getTextDocumentService().hover(new HoverParams(doc(sessionUri), session.position())));
        assertThat(sessionHover.getContents().getRight().getValue()).contains("--resume", "FLOW_SESSION_ID");
    }

    @Test
    void completesAndDocumentsPlannersAndEscalations() throws Exception {
        var items = complete("complete-planner.flow", Workflows.reviewWith("prompt \"Fix it\"", "prompt \"Fix it\"\n        plan<|>"));
        assertThat(labels(items)).contains("planner");
        var targets = complete("complete-escalate.flow",
                Workflows.reviewWith("prompt \"Fix it\"", "prompt \"Fix it\"\n        on failure escalate to <|>"));
        assertThat(labels(targets)).contains("analyze");
        var cursor = Cursor.in(Workflows.reviewWith("prompt \"Fix it\"", "prompt \"Fix it\"\n        on failure esca<|>late auto"));
        String uri = server.open("hover-escalate.flow", cursor.text());
        var hover = get(server.server.getTextDocumentService().hover(new HoverParams(doc(uri), cursor.position())));
        assertThat(hover.getContents().getRight().getValue()).contains("fails for good", "retry");
    }

    @Test
    void goesToAGateDefinedInAnotherFile() throws Exception {
        var location = definitionAt("definition.flow", Workflows.reviewWith("gate test uses tests", "gate test uses te<|>sts"));
        assertThat(location.getUri()).isEqualTo(server.uri("gates.flow"));
        assertThat(location.getRange()).isEqualTo(Cursor.rangeOf(Workflows.LIBRARY, "tests", "gate "));
    }

    @Test
    void findsTheUsesOfANode() throws Exception {
        String uri = server.open("review.flow");
        var at = Cursor.rangeOf(Workflows.REVIEW, "analyze", "task ").getStart();
        var params = new ReferenceParams(doc(uri), at, new ReferenceContext(false));
        var references = get(server.server.getTextDocumentService().references(params));
        // start -> analyze, analyze -> fix, analyze -> end, test -> analyze
        assertThat(references).hasSize(4);
    }

    @Test
    void renamesAGateInItsLibraryAndInTheWorkflowsThatUseIt() throws Exception {
        String library = server.uri("gates.flow");
        String user = server.open("review.flow");
        server.open("gates.flow");
        var at = Cursor.rangeOf(Workflows.LIBRARY, "tests", "gate ").getStart();
        var edit = get(server.server.getTextDocumentService().rename(new RenameParams(doc(library), at, "unit_tests")));
        var changes = edit.getChanges() != null && !edit.getChanges().isEmpty() ? edit.getChanges() : fromDocumentChanges(edit);
        assertThat(changes).containsKeys(library, user);
        assertThat(changes.get(library)).extracting(TextEdit::getNewText).containsOnly("unit_tests");
        assertThat(changes.get(user)).extracting(TextEdit::getNewText).containsOnly("unit_tests");
        assertThat(changes.get(user)).extracting(TextEdit::getRange)
                .containsExactly(Cursor.rangeOf(Workflows.REVIEW, "tests", "gate test uses "));
    }

    @Test
    void refusesARenameToANameFlowCannotWrite() throws Exception {
        String uri = server.open("rename-refused.flow", Workflows.REVIEW);
        var at = Cursor.rangeOf(Workflows.REVIEW, "analyze", "task ").getStart();
        for (String name : List.of("", "   ", "`odd`", "two\nlines")) {
            var refused = org.assertj.core.api.Assertions.catchThrowableOfType(ExecutionException.class,
                    () -> get(server.server.getTextDocumentService().rename(new RenameParams(doc(uri), at, name))));
            assertThat(refused).as("rename to %s", name).isNotNull();
            var error = ((org.eclipse.lsp4j.jsonrpc.ResponseErrorException) refused.getCause()).getResponseError();
            assertThat(error.getCode()).isEqualTo(org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode.InvalidParams.getValue());
            assertThat(error.getMessage()).contains("cannot be a name in Flow");
        }
        var edit = get(server.server.getTextDocumentService().rename(new RenameParams(doc(uri), at, "look into")));
        assertThat(edit).as("a name with a space is written in backquotes").isNotNull();
    }

    @Test
    void answersQuietlyOutsideAWorkflowPastTheTextAndForReversedRanges() throws Exception {
        String text = "} stray\n" + Workflows.REVIEW;
        String uri = server.open("outside.flow", text);
        var documents = server.server.getTextDocumentService();
        var outside = new org.eclipse.lsp4j.Position(0, 0);
        assertThat(get(documents.definition(new DefinitionParams(doc(uri), outside))).getLeft()).isEmpty();
        assertThat(get(documents.references(new ReferenceParams(doc(uri), outside, new ReferenceContext(true))))).isEmpty();
        assertThat(get(documents.prepareRename(new org.eclipse.lsp4j.PrepareRenameParams(doc(uri), outside)))).isNull();
        var past = new org.eclipse.lsp4j.Position(9999, 3);
        var pastLine = new org.eclipse.lsp4j.Position(2, 500);
        get(documents.hover(new HoverParams(doc(uri), past)));
        get(documents.completion(new CompletionParams(doc(uri), pastLine)));
        get(documents.definition(new DefinitionParams(doc(uri), pastLine)));
        var reversed = new org.eclipse.lsp4j.Range(new org.eclipse.lsp4j.Position(12, 4), new org.eclipse.lsp4j.Position(3, 0));
        get(documents.codeAction(new CodeActionParams(doc(uri), reversed, new CodeActionContext(List.of()))));
        get(documents.rangeFormatting(new org.eclipse.lsp4j.DocumentRangeFormattingParams(doc(uri), new FormattingOptions(4, true), reversed)));
        assertThat(server.log()).doesNotContain("Exception");
    }

    static List<String> titles(List<org.eclipse.lsp4j.jsonrpc.messages.Either<org.eclipse.lsp4j.Command, org.eclipse.lsp4j.CodeAction>> actions) {
        return actions.stream().map(a -> a.isRight() ? a.getRight().getTitle() : a.getLeft().getTitle()).toList();
    }

    static Map<String, List<TextEdit>> fromDocumentChanges(org.eclipse.lsp4j.WorkspaceEdit edit) {
        var changes = new HashMap<String, List<TextEdit>>();
        for (var change : edit.getDocumentChanges()) {
            var text = change.getLeft();
            changes.put(text.getTextDocument().getUri(), text.getEdits().stream().filter(e -> e.isLeft()).map(e -> e.getLeft()).toList());
        }
        return changes;
    }

    @Test
    void outlinesAWorkflowWithItsMembersGroupedByKind() throws Exception {
        String uri = server.open("review.flow");
        var symbols = get(server.server.getTextDocumentService().documentSymbol(new DocumentSymbolParams(doc(uri))));
        DocumentSymbol workflow = symbols.get(0).getRight();
        assertThat(workflow.getName()).isEqualTo("review_loop");
        assertThat(workflow.getChildren()).extracting(DocumentSymbol::getName).containsExactly("inputs", "state", "tasks", "gates");
        DocumentSymbol tasks = workflow.getChildren().get(2);
        assertThat(tasks.getChildren()).extracting(DocumentSymbol::getName).containsExactly("analyze", "fix");
        assertThat(tasks.getChildren().get(0).getChildren()).extracting(DocumentSymbol::getName).containsExactly("done", "blocked");
    }

    @Test
    void foldsBlocks() throws Exception {
        String uri = server.open("review.flow");
        var ranges = get(server.server.getTextDocumentService().foldingRange(new FoldingRangeRequestParams(doc(uri))));
        int workflowLine = Cursor.rangeOf(Workflows.REVIEW, "workflow", "").getStart().getLine();
        int analyzeLine = Cursor.rangeOf(Workflows.REVIEW, "task analyze", "").getStart().getLine();
        assertThat(ranges).anyMatch(r -> r.getStartLine() == workflowLine);
        assertThat(ranges).anyMatch(r -> r.getStartLine() == analyzeLine && r.getEndLine() == analyzeLine + 4);
    }

    @Test
    void formatsAWorkflowToTheHouseStyle() throws Exception {
        String messy = "workflow   w {\ntask a {agent claude   prompt \"x\"}\n  start->a\n      a -> end\n}\n";
        String uri = server.open("format.flow", messy);
        var edits = get(server.server.getTextDocumentService().formatting(new DocumentFormattingParams(doc(uri), new FormattingOptions(4, true))));
        assertThat(TextEdits.apply(messy, edits)).isEqualTo("""
                workflow w {
                    task a {
                        agent claude
                        prompt "x"
                    }
                    start -> a
                    a -> end
                }
                """);
    }

    @Test
    void coloursNamesByWhatTheyMean() throws Exception {
        String uri = server.open("review.flow");
        var legend = server.initialized.getCapabilities().getSemanticTokensProvider().getLegend().getTokenTypes();
        var tokens = get(server.server.getTextDocumentService().semanticTokensFull(new SemanticTokensParams(doc(uri)))).getData();
        var types = new HashMap<String, String>();
        int line = 0;
        int character = 0;
        var lines = Workflows.REVIEW.lines().toList();
        for (int i = 0; i < tokens.size(); i += 5) {
            line += tokens.get(i);
            character = tokens.get(i) == 0 ? character + tokens.get(i + 1) : tokens.get(i + 1);
            String word = lines.get(line).substring(character, character + tokens.get(i + 2));
            types.putIfAbsent(word, legend.get(tokens.get(i + 3)));
        }
        assertThat(types).containsEntry("analyze", "function").containsEntry("attempts", "variable")
                .containsEntry("issue", "parameter").containsEntry("tests", "macro").containsEntry("done", "enumMember");
    }

    @Test
    void fixesAnUnknownGateByTakingTheSuggestedName() throws Exception {
        String broken = Workflows.reviewWith("gate test uses tests", "gate test uses tsets");
        String uri = server.open("quickfix.flow", broken);
        var diagnostics = server.client.await(uri, "FLOW202 is reported", d -> DiagnosticsIT.has(d, "FLOW202"));
        var unknown = DiagnosticsIT.withCode(diagnostics, "FLOW202");
        var actions = get(server.server.getTextDocumentService().codeAction(
                new CodeActionParams(doc(uri), unknown.get(0).getRange(), new CodeActionContext(unknown))));
        var change = actions.stream().map(a -> a.getRight()).filter(a -> a.getTitle().equals("Change to 'tests'")).findFirst()
                .orElseThrow(() -> new AssertionError("no fix 'Change to 'tests'' among " + titles(actions) + " for " + unknown));
        var edits = change.getEdit().getChanges().get(uri);
        String fixed = TextEdits.apply(broken, edits);
        assertThat(fixed).isEqualTo(Workflows.REVIEW);
        server.change(uri, fixed);
        server.client.await(uri, "FLOW202 is gone after the fix", d -> !DiagnosticsIT.has(d, "FLOW202"));
    }

    @Test
    void fixesAnUncontrolledCycleWithALoopLimit() throws Exception {
        String broken = Workflows.reviewWith("test -> analyze loop max 3 when", "test -> analyze when");
        String uri = server.open("quickfix-loop.flow", broken);
        var cycle = DiagnosticsIT.withCode(server.client.await(uri, "FLOW306 is reported", d -> DiagnosticsIT.has(d, "FLOW306")), "FLOW306");
        var actions = get(server.server.getTextDocumentService().codeAction(
                new CodeActionParams(doc(uri), cycle.get(0).getRange(), new CodeActionContext(cycle))));
        var limit = actions.stream().map(a -> a.getRight()).filter(a -> a.getTitle().startsWith("Add a loop limit")).findFirst()
                .orElseThrow(() -> new AssertionError("no loop limit fix among " + titles(actions)));
        String fixed = TextEdits.apply(broken, limit.getEdit().getChanges().get(uri));
        assertThat(fixed).contains("test -> analyze loop max 3 when !test.passed");
        server.change(uri, fixed);
        server.client.await(uri, "FLOW306 is gone after the fix", d -> !DiagnosticsIT.has(d, "FLOW306"));
    }

    @Test
    void fixesAMissingOutputByDeclaringIt() throws Exception {
        String broken = Workflows.reviewWith("analyze -> end when blocked", "analyze -> end when any(stuck)");
        String uri = server.open("quickfix-output.flow", broken);
        var missing = DiagnosticsIT.withCode(server.client.await(uri, "FLOW206 is reported", d -> DiagnosticsIT.has(d, "FLOW206")), "FLOW206");
        var actions = get(server.server.getTextDocumentService().codeAction(
                new CodeActionParams(doc(uri), missing.get(0).getRange(), new CodeActionContext(missing))));
        var declare = actions.stream().map(a -> a.getRight()).filter(a -> a.getTitle().equals("Declare the missing output")).findFirst()
                .orElseThrow(() -> new AssertionError("no declaration fix among " + titles(actions)));
        String fixed = TextEdits.apply(broken, declare.getEdit().getChanges().get(uri));
        assertThat(fixed).contains("outputs done, blocked, stuck");
        server.change(uri, fixed);
        server.client.await(uri, "FLOW206 is gone after the fix", d -> !DiagnosticsIT.has(d, "FLOW206"));
    }

    @Test
    void fixesAMissingGateByDeclaringIt() throws Exception {
        String broken = Workflows.reviewWith("gate test uses tests", "gate test uses lint");
        String uri = server.open("quickfix-declare.flow", broken);
        var missing = DiagnosticsIT.withCode(server.client.await(uri, "FLOW202 is reported", d -> DiagnosticsIT.has(d, "FLOW202")), "FLOW202");
        var actions = get(server.server.getTextDocumentService().codeAction(
                new CodeActionParams(doc(uri), missing.get(0).getRange(), new CodeActionContext(missing))));
        var declare = actions.stream().map(a -> a.getRight()).filter(a -> a.getTitle().equals("Declare the missing gate")).findFirst()
                .orElseThrow(() -> new AssertionError("no declaration fix among " + titles(actions)));
        String fixed = TextEdits.apply(broken, declare.getEdit().getChanges().get(uri));
        assertThat(fixed).contains("    gate lint {\n        description");
        server.change(uri, fixed);
        server.client.await(uri, "FLOW202 is gone after the fix", d -> !DiagnosticsIT.has(d, "FLOW202"));
    }
}

package dev.flow.lsp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.DocumentHighlightParams;
import org.eclipse.lsp4j.DocumentRangeFormattingParams;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.FoldingRangeRequestParams;
import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PrepareRenameParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.ReferenceContext;
import org.eclipse.lsp4j.ReferenceParams;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.SemanticTokensParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.lsp4j.services.TextDocumentService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A storm of random edits and requests against the packaged server, as a hurried author and an
 * eager editor make them: edits that break the text anywhere, then definition, references, hover,
 * completion, rename (to empty and invalid names too), formatting and code actions at random
 * positions and ranges, reversed ones and ones past the end of the document included. An answer may
 * be empty or a clear refusal, never an internal error, and the server logs no exception.
 *
 * <p>The seed is fixed, so a failure replays exactly; the storm is bounded (a few hundred steps,
 * a few seconds against a warm server) because it guards against regressions of the defects an
 * unbounded storm found, rather than hunting for new ones on every build.
 */
class EditStormIT {
    /** -Dflow.storm.seed=N and -Dflow.storm.steps=N replay another storm, or a longer one. */
    static final long SEED = Long.getLong("flow.storm.seed", 20261124L);
    static final int STEPS = Integer.getInteger("flow.storm.steps", 400);

    /** What the storm types: pieces of Flow, broken on purpose, and plain noise. */
    static final List<String> FRAGMENTS = List.of("", "}", "{", "->", " -> ", "when ", ".", "..", "\n", "\"", "'", "(", ")", "[", "]",
            "task x { run [\"true\"] }", "gate g uses ", "loop max 3", "loop max 0", "on limit", "state.", "input.", "import \"",
            "workflow w {", "start -> end", "end -> start", "analyze.", "test.passed && ", "${", "`", "^", "//", "/*", "with { x = 1 }",
            "branch b { if x then ", "interrupt before ", "é", "\t", "9", "-", "!", "==", "outputs done, ", "set attempts = ", "human h {");

    /** New names for rename: valid, clashing, empty and unwritable ones. */
    static final List<String> NAMES = List.of("renamed", "", " ", "a b", "9lives", "start", "end", "task", "`quoted name`", "^merge",
            "analyze", "x".repeat(300), "é");

    @TempDir
    Path workspace;

    @Test
    void answersEveryRequestWithoutAnInternalErrorWhateverTheEdits() throws Exception {
        try (ServerProcess server = ServerProcess.start(workspace, Map.of("gates.flow", Workflows.LIBRARY, "review.flow", Workflows.REVIEW,
                "gates.yaml", Workflows.REGISTRY, "registered.flow", Workflows.REGISTERED))) {
            var storm = new Storm(server, new Random(SEED));
            storm.run();
            assertThat(storm.failures).as("internal errors (seed %d)", SEED).isEmpty();
            assertThat(server.log()).as("the server's log").doesNotContain("Exception", "ERROR");
        }
    }

    /** One storm: the text as the server should have it, and what went wrong so far. */
    static final class Storm {
        final ServerProcess server;
        final Random random;
        final TextDocumentService documents;
        final List<String> failures = new ArrayList<>();
        String text = Workflows.REVIEW;
        String uri;
        int version = 1;
        int step;

        Storm(ServerProcess server, Random random) {
            this.server = server;
            this.random = random;
            this.documents = server.server.getTextDocumentService();
        }

        void run() throws Exception {
            uri = server.open("storm.flow", text);
            for (step = 0; step < STEPS; step++) {
                int what = random.nextInt(20);
                if (what < 6) {
                    edit();
                } else if (what == 6) {
                    replaceAll(random.nextInt(3) == 0 ? Workflows.REGISTERED : Workflows.REVIEW);
                } else {
                    request(what);
                }
            }
        }

        /** An edit an editor sends: a range of the current text replaced, as an incremental change. */
        void edit() {
            Range range = range(false);
            if (Cursor.offset(text, range.getStart()) > Cursor.offset(text, range.getEnd())) {
                range = new Range(range.getEnd(), range.getStart());
            }
            String inserted = FRAGMENTS.get(random.nextInt(FRAGMENTS.size()));
            int from = Cursor.offset(text, range.getStart());
            int to = Cursor.offset(text, range.getEnd());
            text = text.substring(0, from) + inserted + text.substring(to);
            send(new TextDocumentContentChangeEvent(range, inserted));
        }

        void replaceAll(String newText) {
            text = newText;
            send(new TextDocumentContentChangeEvent(newText));
        }

        private void send(TextDocumentContentChangeEvent change) {
            documents.didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(uri, ++version), List.of(change)));
        }

        void request(int what) throws Exception {
            TextDocumentIdentifier doc = new TextDocumentIdentifier(uri);
            Position at = position(true);
            String where = at(at);
            switch (what % 12) {
                case 0 -> answer("definition at " + where, documents.definition(new DefinitionParams(doc, at)));
                case 1 -> answer("references at " + where, documents.references(new ReferenceParams(doc, at, new ReferenceContext(random.nextBoolean()))));
                case 2 -> answer("hover at " + where, documents.hover(new HoverParams(doc, at)));
                case 3 -> answer("completion at " + where, documents.completion(new CompletionParams(doc, at)));
                case 4 -> {
                    String name = NAMES.get(random.nextInt(NAMES.size()));
                    answer("rename to '" + shortened(name) + "' at " + where, documents.rename(new RenameParams(doc, at, name)));
                }
                case 5 -> answer("prepareRename at " + where, documents.prepareRename(new PrepareRenameParams(doc, at)));
                case 6 -> answer("formatting", documents.formatting(new DocumentFormattingParams(doc, new FormattingOptions(4, true))));
                case 7 -> {
                    Range range = range(true);
                    answer("rangeFormatting of " + of(range), documents.rangeFormatting(new DocumentRangeFormattingParams(doc,
                            new FormattingOptions(4, true), range)));
                }
                case 8 -> {
                    Range range = range(true);
                    answer("codeAction in " + of(range), documents.codeAction(new CodeActionParams(doc, range, new CodeActionContext(diagnostics()))));
                }
                case 9 -> answer("documentHighlight at " + where, documents.documentHighlight(new DocumentHighlightParams(doc, at)));
                case 10 -> answer("documentSymbol", documents.documentSymbol(new DocumentSymbolParams(doc)));
                default -> {
                    answer("foldingRange", documents.foldingRange(new FoldingRangeRequestParams(doc)));
                    answer("semanticTokens", documents.semanticTokensFull(new SemanticTokensParams(doc)));
                }
            }
        }

        /** The diagnostics published last, maybe for an older version of the text, as editors send them with code actions. */
        private List<Diagnostic> diagnostics() {
            return server.client.latest(uri);
        }

        private void answer(String request, CompletableFuture<?> answer) throws Exception {
            try {
                answer.get(RecordingClient.WAIT.toSeconds(), TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof ResponseErrorException error
                        && error.getResponseError().getCode() != ResponseErrorCode.InternalError.getValue()) {
                    return; // a clear refusal, such as a rename to a name that cannot be written
                }
                failures.add("step " + step + ", " + request + ": " + e.getCause().getMessage()
                        + "\n--- text ---\n" + text + "\n------------");
            }
        }

        /**
         * A position in the text, or past it: beyond the end of a line or of the document when
         * {@code wild} (editors send those while the server still has an older version).
         */
        Position position(boolean wild) {
            String[] lines = text.split("\n", -1);
            if (wild && random.nextInt(10) == 0) {
                return new Position(lines.length + random.nextInt(100), random.nextInt(200));
            }
            int line = random.nextInt(lines.length);
            int extra = wild && random.nextInt(5) == 0 ? 1 + random.nextInt(20) : 0;
            return new Position(line, random.nextInt(lines[line].length() + 1) + extra);
        }

        /** Two positions, in either order when {@code wild}. */
        Range range(boolean wild) {
            Position a = position(wild);
            Position b = random.nextInt(4) == 0 ? a : position(wild);
            return new Range(a, b);
        }

        private static String at(Position p) {
            return (p.getLine() + 1) + ":" + (p.getCharacter() + 1);
        }

        private static String of(Range r) {
            return at(r.getStart()) + "-" + at(r.getEnd());
        }

        private static String shortened(String name) {
            return name.length() > 20 ? name.substring(0, 20) + "..." : name;
        }
    }
}

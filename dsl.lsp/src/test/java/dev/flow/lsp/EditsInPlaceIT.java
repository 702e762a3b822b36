package dev.flow.lsp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server applies an editor's incremental changes to the open file's model in place, parsing
 * again only the element each change touches. Two packaged servers are given the same edits: one
 * as an editor sends them (ranges and their new texts, now and then several in one notification), the other as the whole new text, which the
 * server always parses whole. After every edit both must publish the same diagnostics, for the
 * file edited and for the file that imports it.
 *
 * <p>Each step waits for a request that Xtext runs after the edit's build (a document's symbols),
 * so the diagnostics compared are those of that edit. Two servers and a few hundred builds: a few
 * seconds.
 */
class EditsInPlaceIT {
    static final long SEED = Long.getLong("flow.inplace.seed", 20261127L);
    static final int STEPS = Integer.getInteger("flow.inplace.steps", 150);

    /** Typing, mostly; now and then a fragment that breaks the text, and its undoing. */
    static final List<String> TYPED = List.of("x", " ", "\n", "", "e", "1");
    static final List<String> FRAGMENTS = List.of("}", "{", " -> ", "when ", ".", "\"", "(", ")", "task x { run [\"true\"] }",
            "gate g uses tests", "loop max 3", "state.", "&& ", "//", "on done set attempts = 2");

    @TempDir
    Path incremental;

    @TempDir
    Path whole;

    @Test
    void editsAppliedInPlaceGiveTheDiagnosticsOfTheWholeNewText() throws Exception {
        Map<String, String> files = Map.of("gates.flow", Workflows.LIBRARY, "review.flow", Workflows.REVIEW);
        try (ServerProcess edited = ServerProcess.start(incremental, files); ServerProcess reference = ServerProcess.start(whole, files)) {
            var random = new Random(SEED);
            var texts = new HashMap<>(files);
            var versions = new HashMap<String, Integer>();
            for (String file : files.keySet()) {
                edited.open(file, files.get(file));
                reference.open(file, files.get(file));
                versions.put(file, 1);
            }
            for (int step = 0; step < STEPS; step++) {
                // the importing file most of the time; the library now and then, which is edited the usual way
                String file = random.nextInt(8) == 0 ? "gates.flow" : "review.flow";
                String text = texts.get(file);
                // one change, or several in one notification (a multi-cursor edit: each change's range is in the text the one before left)
                int count = random.nextInt(5) == 0 ? 2 + random.nextInt(2) : 1;
                var changes = new ArrayList<TextDocumentContentChangeEvent>();
                for (int c = 0; c < count; c++) {
                    int from = random.nextInt(text.length() + 1);
                    boolean typing = random.nextInt(10) < 7;
                    int to = Math.min(text.length(), from + (typing ? random.nextInt(2) : random.nextInt(10)));
                    String inserted = typing ? TYPED.get(random.nextInt(TYPED.size())) : FRAGMENTS.get(random.nextInt(FRAGMENTS.size()));
                    changes.add(new TextDocumentContentChangeEvent(new Range(Cursor.position(text, from), Cursor.position(text, to)), inserted));
                    text = text.substring(0, from) + inserted + text.substring(to);
                }
                texts.put(file, text);
                int version = versions.merge(file, 1, Integer::sum);

                change(edited, file, version, changes);
                change(reference, file, version, List.of(new TextDocumentContentChangeEvent(text)));
                for (String each : files.keySet()) {
                    assertThat(diagnostics(edited, each)).as("step %d (seed %d), %s after an edit of %s; its text:\n%s", step, SEED, each, file,
                            texts.get(each)).isEqualTo(diagnostics(reference, each));
                }
            }
            assertThat(edited.log()).as("the server's log").doesNotContain("Exception", "ERROR");
        }
    }

    private static void change(ServerProcess server, String file, int version, List<TextDocumentContentChangeEvent> changes) {
        server.server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(
                new VersionedTextDocumentIdentifier(server.uri(file), version), changes));
    }

    /** The file's diagnostics once the server has built every edit sent so far. */
    private static List<String> diagnostics(ServerProcess server, String file) throws Exception {
        String uri = server.uri(file);
        server.server.getTextDocumentService().documentSymbol(new DocumentSymbolParams(new TextDocumentIdentifier(uri)))
                .get(RecordingClient.WAIT.toSeconds(), TimeUnit.SECONDS);
        return server.client.latest(uri).stream().map(d -> describe(d, server.workspace)).sorted().toList();
    }

    /** A diagnostic in one line, its messages' mentions of the workspace's folder (which differs between the servers) left out. */
    private static String describe(Diagnostic d, Path workspace) {
        String message = d.getMessage().isLeft() ? d.getMessage().getLeft() : d.getMessage().getRight().getValue();
        return d.getRange().getStart().getLine() + ":" + d.getRange().getStart().getCharacter() + "-" + d.getRange().getEnd().getLine() + ":"
                + d.getRange().getEnd().getCharacter() + " " + d.getSeverity() + " " + (d.getCode() == null ? "-" : d.getCode().getLeft())
                + " " + message.replace(workspace.toString(), "WORKSPACE");
    }
}

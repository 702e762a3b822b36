package dev.flow.dsl.ide.yaml;

import dev.flow.dsl.ide.diagnostics.LspDiagnostics;
import dev.flow.dsl.ide.graph.GraphRequest;
import dev.flow.frontend.Compiler;
import dev.flow.frontend.WorkflowFiles;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.xtext.ide.server.Document;

/**
 * The YAML documents open in the editor, beside Xtext's workspace (which builds only {@code .flow}
 * files). Each is checked, as it is typed, by the pipeline of {@code flow check} when its content
 * makes it Flow's ({@link WorkflowFiles#isFlowYaml}); any other YAML file gets no diagnostics, no
 * hover, no completion and no definition, so that it stays another extension's. Thread-safe.
 */
public final class YamlDocuments {
    private final Compiler compiler;
    private final LspDiagnostics diagnostics;
    private final Map<String, Document> open = new HashMap<>();
    private final Map<String, YamlFile> checked = new HashMap<>();
    /** The documents that have diagnostics in the editor, to be cleared when they stop being Flow's. */
    private final Set<String> published = new HashSet<>();

    public YamlDocuments(Compiler compiler, LspDiagnostics diagnostics) {
        this.compiler = compiler;
        this.diagnostics = diagnostics;
    }

    /** Whether the server treats a document at this address as YAML. */
    public static boolean isYaml(String uri) {
        return uri != null && WorkflowFiles.isYamlName(uri);
    }

    public synchronized void open(String uri, int version, String text) {
        open.put(uri, new Document(version, text));
        checked.remove(uri);
    }

    public synchronized void change(String uri, int version, List<TextDocumentContentChangeEvent> changes) {
        Document document = open.get(uri);
        if (document != null) {
            open.put(uri, new Document(version, document.applyTextDocumentChanges(changes).getContents()));
            checked.remove(uri);
        }
    }

    /** Forgets a closed document; the diagnostics to clear, if it had any. */
    public synchronized Optional<PublishDiagnosticsParams> close(String uri) {
        open.remove(uri);
        checked.remove(uri);
        return published.remove(uri) ? Optional.of(new PublishDiagnosticsParams(uri, List.of())) : Optional.empty();
    }

    /** The open YAML documents. */
    public synchronized List<String> openUris() {
        return new ArrayList<>(open.keySet());
    }

    /** Forgets what was read of every document, so that each is read again (a registry beside them changed). */
    public synchronized void invalidate() {
        checked.clear();
    }

    /**
     * Checks the document as it is now: its diagnostics when it is Flow's, an empty list when it was
     * and no longer is, nothing when it never was (a CI configuration stays untouched).
     */
    public synchronized Optional<PublishDiagnosticsParams> check(String uri) {
        Optional<YamlFile> file = file(uri);
        if (file.isEmpty()) {
            return Optional.empty();
        }
        if (!file.get().isFlows()) {
            return published.remove(uri) ? Optional.of(new PublishDiagnosticsParams(uri, List.of(), open.get(uri).getVersion()))
                    : Optional.empty();
        }
        YamlFile f = file.get();
        var found = f.compilation().orElseThrow().diagnostics().stream()
                .filter(d -> d.source().file().isEmpty() || d.source().file().equals(f.displayName()))
                .map(d -> diagnostics.of(d, f::uriOf))
                .toList();
        published.add(uri);
        return Optional.of(new PublishDiagnosticsParams(uri, found, open.get(uri).getVersion()));
    }

    public synchronized Optional<Hover> hover(String uri, Position position) {
        return flows(uri).flatMap(f -> new YamlNames(f).hover(offset(uri, position)));
    }

    public synchronized List<CompletionItem> complete(String uri, Position position) {
        return flows(uri).map(f -> new YamlNames(f).complete(offset(uri, position))).orElse(List.of());
    }

    public synchronized List<Location> definition(String uri, Position position) {
        return flows(uri).map(f -> new YamlNames(f).definition(offset(uri, position))).orElse(List.of());
    }

    /** The {@code flow/graph} answer for an open YAML document. */
    public synchronized GraphRequest.GraphResult graph(String uri) {
        Optional<YamlFile> file = file(uri);
        if (file.isEmpty()) {
            return new GraphRequest.GraphResult(null, "The file is not open in the editor.", 0);
        }
        if (!file.get().isFlows()) {
            return new GraphRequest.GraphResult(null, "This YAML file is not a Flow workflow: a workflow has a top-level \"nodes:\" key.", 0);
        }
        return GraphRequest.picture(file.get().compilation().orElseThrow());
    }

    private Optional<YamlFile> flows(String uri) {
        return file(uri).filter(YamlFile::isFlows);
    }

    private Optional<YamlFile> file(String uri) {
        Document document = open.get(uri);
        if (document == null) {
            return Optional.empty();
        }
        return Optional.of(checked.computeIfAbsent(uri, u -> YamlFile.read(compiler, u, document.getContents())));
    }

    private int offset(String uri, Position position) {
        Document document = open.get(uri);
        try {
            return document.getOffSet(position);
        } catch (IndexOutOfBoundsException e) {
            return document.getContents().length();
        }
    }
}

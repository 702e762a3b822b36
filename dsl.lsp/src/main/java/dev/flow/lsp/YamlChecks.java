package dev.flow.lsp;

import dev.flow.dsl.ide.yaml.YamlDocuments;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.services.LanguageClient;

/**
 * Checks the open YAML documents as they are typed and publishes their diagnostics, off the
 * thread that reads the client's messages, one check at a time, in the order of the edits (each
 * check reads the document as it is when it runs, so a burst of edits ends with the last text).
 */
final class YamlChecks {
    private final YamlDocuments documents;
    private final ExecutorService checks = Executors.newSingleThreadExecutor(r -> {
        Thread thread = new Thread(r, "flow-yaml-checks");
        thread.setDaemon(true);
        return thread;
    });
    private volatile LanguageClient client;

    YamlChecks(YamlDocuments documents) {
        this.documents = documents;
    }

    YamlDocuments documents() {
        return documents;
    }

    void connect(LanguageClient client) {
        this.client = client;
    }

    void opened(String uri, int version, String text) {
        documents.open(uri, version, text);
        check(uri);
    }

    void changed(String uri, int version, List<TextDocumentContentChangeEvent> changes) {
        documents.change(uri, version, changes);
        check(uri);
    }

    /**
     * Forgets the document at once (a reopening right after must not be forgotten by a late close);
     * a check still queued for it then finds it closed and publishes nothing.
     */
    void closed(String uri) {
        documents.close(uri).ifPresent(clear -> checks.execute(() -> publish(clear)));
    }

    /**
     * Reads every open YAML document again: a registry they read from disk ({@code gates.yaml}
     * beside a dialect 1 workflow) was saved or changed.
     */
    void filesChanged() {
        documents.invalidate();
        documents.openUris().forEach(this::check);
    }

    private void check(String uri) {
        checks.execute(() -> documents.check(uri).ifPresent(this::publish));
    }

    private void publish(PublishDiagnosticsParams params) {
        LanguageClient to = client;
        if (to != null) {
            to.publishDiagnostics(params);
        }
    }
}

package dev.flow.lsp;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import org.eclipse.lsp4j.ApplyWorkspaceEditParams;
import org.eclipse.lsp4j.ApplyWorkspaceEditResponse;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.services.LanguageClient;

/** The editor's side: keeps the latest diagnostics of every file and lets tests wait for them. */
final class RecordingClient implements LanguageClient {
    /** Generous: a cold server checks a file in well under a second; CI machines are slow and shared. */
    static final Duration WAIT = Duration.ofSeconds(60);

    private final Map<String, List<Diagnostic>> diagnostics = new HashMap<>();
    private final List<String> messages = new ArrayList<>();
    private final Set<String> published = new HashSet<>();

    @Override
    public synchronized void publishDiagnostics(PublishDiagnosticsParams params) {
        diagnostics.put(params.getUri(), List.copyOf(params.getDiagnostics()));
        published.add(params.getUri());
        notifyAll();
    }

    /** Waits until the diagnostics of this file satisfy the condition, and returns them. */
    synchronized List<Diagnostic> await(String uri, String what, Predicate<List<Diagnostic>> condition) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!diagnostics.containsKey(uri) || !condition.test(diagnostics.get(uri))) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("no diagnostics for " + uri + " where " + what + " within " + WAIT.toSeconds()
                        + " s; the last were: " + describe(diagnostics.get(uri)));
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return diagnostics.get(uri);
    }

    /** The diagnostics published last for this file; none before the first. */
    synchronized List<Diagnostic> latest(String uri) {
        return diagnostics.getOrDefault(uri, List.of());
    }

    /** Which of these files the server published diagnostics for, ever (an empty list counts). */
    synchronized List<String> publishedFor(String... uris) {
        return Arrays.stream(uris).filter(published::contains).toList();
    }

    /** Forgets what was published, so that the next wait sees only newer diagnostics. */
    synchronized void forget(String uri) {
        diagnostics.remove(uri);
    }

    static String describe(List<Diagnostic> list) {
        if (list == null) {
            return "(none published)";
        }
        var lines = new ArrayList<String>();
        for (Diagnostic d : list) {
            lines.add((d.getRange().getStart().getLine() + 1) + ":" + (d.getRange().getStart().getCharacter() + 1) + " "
                    + (d.getCode() == null ? "-" : d.getCode().getLeft()) + " " + d.getMessage());
        }
        return lines.isEmpty() ? "(empty)" : String.join("; ", lines);
    }

    @Override
    public void telemetryEvent(Object object) {}

    @Override
    public synchronized void showMessage(MessageParams params) {
        messages.add(params.getMessage());
    }

    @Override
    public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams params) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public synchronized void logMessage(MessageParams params) {
        messages.add(params.getMessage());
    }

    @Override
    public CompletableFuture<ApplyWorkspaceEditResponse> applyEdit(ApplyWorkspaceEditParams params) {
        return CompletableFuture.completedFuture(new ApplyWorkspaceEditResponse(false));
    }
}

package dev.flow.diagnostic;

import dev.flow.model.Severity;
import dev.flow.model.SourceRef;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A problem found in a workflow, by any stage: parsing, YAML reading, linking or checking.
 *
 * @param source the range of the offending token
 * @param message one line that quotes the names involved and says what to do
 * @param related other places that explain the problem (the other end of a cycle, the definition a
 *     name should match)
 * @param suggestions names the author probably meant, nearest first; quick fixes offer them
 * @param tags hints for editors
 */
public record Diagnostic(
        Code code,
        Severity severity,
        String message,
        SourceRef source,
        List<Related> related,
        List<String> suggestions,
        Set<Tag> tags) {

    /** Sorted by file, then position, then code: the order every tool prints. */
    public static final Comparator<Diagnostic> ORDER = Comparator.comparing((Diagnostic d) -> d.source().file())
            .thenComparingInt(d -> d.source().offset())
            .thenComparingInt(d -> d.source().line())
            .thenComparingInt(d -> d.source().column())
            .thenComparing(d -> d.code().id())
            .thenComparing(Diagnostic::message);

    public Diagnostic {
        Objects.requireNonNull(code, "code");
        severity = severity == null ? code.defaultSeverity() : severity;
        Objects.requireNonNull(message, "message");
        source = source == null ? SourceRef.NONE : source;
        related = related == null ? List.of() : List.copyOf(related);
        suggestions = suggestions == null ? List.of() : List.copyOf(suggestions);
        tags = tags == null ? Set.of() : Set.copyOf(tags);
    }

    /** A diagnostic with the code's default severity and nothing related. */
    public static Diagnostic of(Code code, String message, SourceRef source) {
        return new Diagnostic(code, code.defaultSeverity(), message, source, List.of(), List.of(), Set.of());
    }

    public Diagnostic withRelated(List<Related> more) {
        return new Diagnostic(code, severity, message, source, more, suggestions, tags);
    }

    public Diagnostic withSuggestions(List<String> names) {
        return new Diagnostic(code, severity, message, source, related, names, tags);
    }

    public Diagnostic withTags(Set<Tag> more) {
        return new Diagnostic(code, severity, message, source, related, suggestions, more);
    }

    public Diagnostic withSeverity(Severity other) {
        return new Diagnostic(code, other, message, source, related, suggestions, tags);
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /** Another place that explains a diagnostic. */
    public record Related(SourceRef source, String message) {}

    /** Hints for editors, as in LSP's DiagnosticTag. */
    public enum Tag {
        /** The range is unused or unreachable; editors may fade it. */
        UNNECESSARY
    }
}

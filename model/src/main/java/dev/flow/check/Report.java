package dev.flow.check;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.SourceRef;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Where the rules put what they find; hands it back sorted, each diagnostic once. */
final class Report {
    private final List<Diagnostic> found = new ArrayList<>();
    private final boolean keep;

    private Report(boolean keep) {
        this.keep = keep;
    }

    Report() {
        this(true);
    }

    /** A report that forgets everything: for typing an expression a second time, quietly. */
    static Report discard() {
        return new Report(false);
    }

    void add(Diagnostic diagnostic) {
        if (keep) {
            found.add(diagnostic);
        }
    }

    /** Adds a diagnostic with the code's default severity; returns nothing to chain, by design. */
    void add(Code code, SourceRef at, String message) {
        add(Diagnostic.of(code, message, at));
    }

    /**
     * Reports a name that resolves to nothing: {@code PROBLEM; did you mean "x"?}, or
     * {@code PROBLEM; FIX} when no candidate is near. Suggestions are the candidates the author
     * probably meant, nearest first.
     *
     * @param problem what is wrong, e.g. {@code unknown gate "tset"}
     */
    void unknown(Code code, SourceRef at, String problem, String name, Collection<String> candidates, String fix) {
        List<String> suggestions = NameSuggester.suggest(name, candidates);
        String tail = suggestions.isEmpty() ? "; " + fix : Messages.hint(suggestions);
        add(Diagnostic.of(code, problem + tail, at).withSuggestions(suggestions));
    }

    /** Everything found, each once, in {@link Diagnostic#ORDER}. */
    List<Diagnostic> sorted() {
        return found.stream().distinct().sorted(Diagnostic.ORDER).toList();
    }

    /** The first position that points at text, else the last one given (which may be unknown). */
    static SourceRef at(SourceRef... candidates) {
        for (SourceRef candidate : candidates) {
            if (candidate != null && !candidate.isUnknown()) {
                return candidate;
            }
        }
        return candidates.length == 0 || candidates[candidates.length - 1] == null
                ? SourceRef.NONE
                : candidates[candidates.length - 1];
    }
}

package dev.flow.frontend;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.FlowGraph;
import dev.flow.model.SourceRef;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What reading and checking one file gave: the graph (absent when the file could not be turned
 * into one at all) and every diagnostic, sorted.
 *
 * @param sources the texts the diagnostics point into, by display name (the file itself and any
 *     library or registry it imported), so that tools can quote the offending line
 * @param misread the elements (by the position of their name) that the front end read with errors
 *     of their own, such as a node whose condition does not parse: what the checker would say about
 *     them there only follows from those errors ({@link dev.flow.check.Cascades})
 */
public record Compilation(
        SourceFile source, Optional<FlowGraph> graph, List<Diagnostic> diagnostics, Map<String, String> sources,
        Set<SourceRef> misread) {
    public Compilation {
        graph = graph == null ? Optional.empty() : graph;
        diagnostics = diagnostics.stream().sorted(Diagnostic.ORDER).toList();
        sources = sources == null ? Map.of() : Map.copyOf(sources);
        misread = misread == null ? Set.of() : Set.copyOf(misread);
    }

    /** A compilation whose front end read every element it kept without an error of its own. */
    public Compilation(SourceFile source, Optional<FlowGraph> graph, List<Diagnostic> diagnostics, Map<String, String> sources) {
        this(source, graph, diagnostics, sources, null);
    }

    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }

    /** The text of a file the diagnostics name, when it was read. */
    public Optional<String> text(String displayName) {
        if (displayName.equals(source.displayName())) {
            return Optional.of(source.text());
        }
        return Optional.ofNullable(sources.get(displayName));
    }
}

package dev.flow.dsl.compiler;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.FlowGraph;
import java.util.List;
import java.util.Optional;

/**
 * What compiling a file gave: the graph (absent when no workflow could be chosen) and the
 * compiler's own diagnostics (which workflow to take). Unknown names are not among them: they are
 * in the graph as written, for the checker.
 */
public record Compiled(Optional<FlowGraph> graph, List<Diagnostic> diagnostics) {
    public Compiled {
        graph = graph == null ? Optional.empty() : graph;
        diagnostics = List.copyOf(diagnostics);
    }
}

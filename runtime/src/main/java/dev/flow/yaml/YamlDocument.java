package dev.flow.yaml;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.frontend.Compilation;
import dev.flow.frontend.SourceFile;
import dev.flow.model.FlowGraph;
import dev.flow.yaml.read.YamlComments;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A YAML workflow as read: the graph (absent when the YAML could not be read at all), the dialect,
 * every problem the reader found (not the checker's), the comments attached to the elements they
 * document (for {@code flow import}), and the texts of the other files read (the gate registry).
 *
 * @param sources the texts the diagnostics point into besides the workflow's, by display name
 */
public record YamlDocument(
        SourceFile source, Optional<Dialect> dialect, Optional<FlowGraph> graph, List<Diagnostic> diagnostics, YamlComments comments,
        Map<String, String> sources) {

    public YamlDocument {
        dialect = dialect == null ? Optional.empty() : dialect;
        graph = graph == null ? Optional.empty() : graph;
        diagnostics = diagnostics.stream().sorted(Diagnostic.ORDER).toList();
        comments = comments == null ? YamlComments.NONE : comments;
        sources = sources == null ? Map.of() : Map.copyOf(sources);
    }

    /** What the front end hands to the compiler (the comments are left out). */
    public Compilation toCompilation() {
        return new Compilation(source, graph, diagnostics, sources);
    }

    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }
}

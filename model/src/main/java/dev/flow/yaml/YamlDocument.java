package dev.flow.yaml;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.frontend.Compilation;
import dev.flow.frontend.SourceFile;
import dev.flow.model.FlowGraph;
import dev.flow.yaml.read.YamlComments;
import dev.flow.yaml.gates.GateRegistry;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A YAML workflow as read: the graph (absent when the YAML could not be read at all), the dialect,
 * every problem the reader found (not the checker's), the comments attached to the elements they
 * document (for {@code flow import}), the gate registries it was read with, and the texts of the
 * other files read (the gate registries).
 *
 * @param registries the registries whose gates the workflow's gates include, earliest first (each
 *     later one overlays those before it); empty when none was used
 * @param sources the texts the diagnostics point into besides the workflow's, by display name
 * @param misread the nodes (by the position of their id) that had errors of their own
 */
public record YamlDocument(
        SourceFile source, Optional<Dialect> dialect, Optional<FlowGraph> graph, List<Diagnostic> diagnostics, YamlComments comments,
        List<Registry> registries, Map<String, String> sources, Set<dev.flow.model.SourceRef> misread) {

    /** A document with no node read with errors. */
    public YamlDocument(SourceFile source, Optional<Dialect> dialect, Optional<FlowGraph> graph, List<Diagnostic> diagnostics, YamlComments comments,
            List<Registry> registries, Map<String, String> sources) {
        this(source, dialect, graph, diagnostics, comments, registries, sources, null);
    }

    /**
     * A gate registry as a workflow used it.
     *
     * @param path the registry file (as given, or beside the workflow)
     * @param contents what it holds; its gates are those of the workflow that do not come from the workflow itself
     */
    public record Registry(Path path, GateRegistry contents) {}

    public YamlDocument {
        dialect = dialect == null ? Optional.empty() : dialect;
        registries = registries == null ? List.of() : List.copyOf(registries);
        graph = graph == null ? Optional.empty() : graph;
        diagnostics = diagnostics.stream().sorted(Diagnostic.ORDER).toList();
        comments = comments == null ? YamlComments.NONE : comments;
        sources = sources == null ? Map.of() : Map.copyOf(sources);
        misread = misread == null ? Set.of() : Set.copyOf(misread);
    }

    /** What the front end hands to the compiler (the comments are left out). */
    public Compilation toCompilation() {
        return new Compilation(source, graph, diagnostics, sources, misread);
    }

    /** The problems the reader found in the workflow file itself (not in the registry it read). */
    public List<Diagnostic> ownDiagnostics() {
        return diagnostics.stream().filter(d -> d.source().file().equals(source.displayName())).toList();
    }

    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }
}

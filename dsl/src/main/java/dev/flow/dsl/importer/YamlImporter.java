package dev.flow.dsl.importer;

import com.google.inject.Inject;
import dev.flow.dsl.frontend.FlowFrontEnd;
import dev.flow.dsl.print.FlowPrinter;
import dev.flow.frontend.Compilation;
import dev.flow.frontend.LoadOptions;
import dev.flow.frontend.SourceFile;
import dev.flow.model.FlowGraph;
import dev.flow.model.GateDef;
import dev.flow.model.Workflow;
import dev.flow.model.json.GraphJson;
import dev.flow.yaml.YamlDocument;
import dev.flow.yaml.gates.GateOverlay;
import dev.flow.yaml.gates.GateRegistry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Turns a YAML workflow, as {@link dev.flow.yaml.YamlWorkflowReader} read it, into formatted Flow
 * source that compiles to an equal graph (equal by {@link GraphJson#writeWithoutSources}): the
 * graph printed by {@link FlowPrinter}, the YAML's comments beside the same elements (see
 * {@link ImportedComments}), and, when the workflow was read with gate registries, an
 * {@code import} of each in the same order (by its path relative to the Flow file), so that both
 * files keep sharing them and the later ones overlay the earlier ones alike. Gates the workflow
 * names but no registry has stay unknown, and the Flow file reports them as the YAML did.
 */
public final class YamlImporter {

    private final FlowPrinter printer;

    @Inject
    public YamlImporter(FlowPrinter printer) {
        this.printer = printer;
    }

    /** An importer from the language's shared injector. */
    public static YamlImporter create() {
        return FlowFrontEnd.injector().getInstance(YamlImporter.class);
    }

    /**
     * The Flow source for {@code document}, meant to be saved as {@code target} (which decides the
     * path of the registry import).
     *
     * @throws IllegalArgumentException when the document holds no graph, or the graph holds something
     *     the language cannot write (the message says what)
     */
    public String toFlow(YamlDocument document, Path target) {
        FlowGraph graph = document.graph().orElseThrow(() -> new IllegalArgumentException(
                "\"" + document.source().displayName() + "\" holds no workflow to import"));
        List<String> imports = new ArrayList<>();
        if (!document.registries().isEmpty()) {
            var registered = new HashSet<>(GateOverlay.definitions(
                    GateRegistry.combine(document.registries().stream().map(YamlDocument.Registry::contents).toList())));
            graph = keepGates(graph, g -> !registered.contains(g));
            document.registries().forEach(r -> imports.add(importPath(target, r.path())));
        }
        return printer.print(graph, ImportedComments.of(document.comments(), graph), imports);
    }

    /**
     * Compiles {@code text} as the Flow file {@code target} and compares its graph with
     * {@code expected}, positions aside: empty when they are equal, else the first difference.
     */
    public Optional<String> verify(String text, Path target, FlowGraph expected) {
        Compilation compiled = new FlowFrontEnd().load(new SourceFile(target, target.toString(), text), LoadOptions.DEFAULT);
        if (compiled.graph().isEmpty()) {
            return Optional.of("the printed source does not compile: " + compiled.diagnostics());
        }
        return firstDifference(GraphJson.writeWithoutSources(expected), GraphJson.writeWithoutSources(compiled.graph().get()));
    }

    /** The first line where two JSON texts differ, with the line before it for context. */
    static Optional<String> firstDifference(String expected, String actual) {
        String[] a = expected.split("\n", -1);
        String[] b = actual.split("\n", -1);
        for (int i = 0; i < Math.max(a.length, b.length); i++) {
            String x = i < a.length ? a[i].strip() : "(end)";
            String y = i < b.length ? b[i].strip() : "(end)";
            if (!x.equals(y)) {
                String context = i > 0 ? " after " + a[i - 1].strip() : "";
                return Optional.of("line " + (i + 1) + " of the graph" + context + ": the YAML gives " + x + ", the Flow source " + y);
            }
        }
        return Optional.empty();
    }

    /**
     * The graph with only those gates of the main workflow that {@code keep} accepts: what to print
     * when an import provides the others.
     */
    public static FlowGraph keepGates(FlowGraph graph, Predicate<GateDef> keep) {
        Workflow w = graph.main();
        var own = w.gates().stream().filter(keep).toList();
        var main = w.toBuilder().gates(own).build();
        return new FlowGraph(main, graph.subworkflows());
    }

    /** {@code registry} relative to the folder of {@code target}, with forward slashes; absolute when that is impossible. */
    static String importPath(Path target, Path registry) {
        Path from = target.toAbsolutePath().normalize().getParent();
        Path to = registry.toAbsolutePath().normalize();
        try {
            Path relative = from.relativize(to);
            var parts = new ArrayList<String>();
            relative.forEach(p -> parts.add(p.toString()));
            return String.join("/", parts);
        } catch (IllegalArgumentException e) {
            // Another drive (Windows): only an absolute path reaches it.
            return to.toString().replace('\\', '/');
        }
    }
}

package dev.flow.yaml;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.frontend.LoadOptions;
import dev.flow.frontend.SourceFile;
import dev.flow.model.FlowGraph;
import dev.flow.model.SourceRef;
import dev.flow.model.Workflow;
import dev.flow.yaml.gates.GateOverlay;
import dev.flow.yaml.gates.GateRegistry;
import dev.flow.yaml.gates.GateRegistryReader;
import dev.flow.yaml.graphloop.GraphLoopReader;
import dev.flow.yaml.read.CommentAttacher;
import dev.flow.yaml.read.Problems;
import dev.flow.yaml.dialect.ReadContext;
import dev.flow.yaml.read.WorkflowIds;
import dev.flow.yaml.read.YMap;
import dev.flow.yaml.read.YamlRead;
import dev.flow.yaml.read.YamlReader;
import dev.flow.yaml.supervisor.GateFolders;
import dev.flow.yaml.supervisor.SupervisorReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a YAML workflow in either dialect into the graph model: parses the YAML (with its limits on
 * hostile input), picks the dialect ({@link LoadOptions#dialect()} or the top-level keys), loads
 * the gate registries ({@link LoadOptions#gatesFiles()}, else for dialect 1 a {@code gates.yaml} beside
 * the workflow), and runs the dialect's reader. Reports every problem it finds and still returns a graph
 * whenever the YAML parses, so that the checker can add its own.
 */
public final class YamlWorkflowReader {
    /** The registry looked for beside a workflow when none is given. */
    public static final String REGISTRY_NAME = "gates.yaml";

    private YamlWorkflowReader() {}

    public static YamlDocument read(SourceFile file, LoadOptions options) {
        YamlRead read = YamlReader.read(file.text(), file.displayName());
        SourceRef top = read.positions().range(0, 0);
        if (read.root().isEmpty()) {
            var diagnostics = read.diagnostics().isEmpty()
                    ? List.of(Diagnostic.of(Code.YAML_UNKNOWN_DIALECT, "\"" + file.displayName()
                            + "\" holds no YAML data; a workflow starts with \"id:\" (dialect 1) or \"workflow:\" (dialect 2)", top))
                    : read.diagnostics();
            return new YamlDocument(file, Optional.empty(), Optional.empty(), diagnostics, null, List.of(), null);
        }
        if (!(read.root().get() instanceof YMap root)) {
            return failed(file, read, Diagnostic.of(Code.YAML_UNKNOWN_DIALECT, "a workflow is a mapping of keys such as \"workflow:\" or \"id:\", not "
                    + read.root().get().description(), read.root().get().source()));
        }
        Optional<Dialect> dialect = dialect(root, options);
        if (dialect.isEmpty() && options.dialect().isEmpty() && DialectDetector.isGateRegistry(root)) {
            // `flow check *.yaml` meets the registry beside the workflows: check it as a registry,
            // over the registries --gates names when it is an overlay of them.
            var layers = new ArrayList<YamlDocument.Registry>(given(options, top));
            layers.add(new YamlDocument.Registry(file.path(), GateRegistryReader.read(file.text(), file.displayName())));
            var found = new ArrayList<Diagnostic>();
            layers.forEach(l -> found.addAll(l.contents().diagnostics()));
            var combined = GateRegistry.combine(layers.stream().map(YamlDocument.Registry::contents).toList());
            found.addAll(GateOverlay.missingCommands(combined));
            found.addAll(dev.flow.check.Checker.checkGateDefinitions(GateOverlay.definitions(combined)));
            var bases = layers.subList(0, layers.size() - 1);
            return new YamlDocument(file, Optional.empty(), Optional.empty(), found, null, bases, sources(bases));
        }
        if (dialect.isEmpty()) {
            return failed(file, read, Diagnostic.of(Code.YAML_UNKNOWN_DIALECT, whyNoDialect(file, root, options), WorkflowIds.firstKey(root)));
        }
        var registries = registries(file, dialect.get(), options, top);
        var problems = new Problems();
        problems.addAll(read.diagnostics());
        registries.forEach(r -> problems.addAll(r.contents().diagnostics()));
        var comments = new CommentAttacher();
        var combined = GateRegistry.combine(registries.stream().map(YamlDocument.Registry::contents).toList());
        problems.addAll(GateOverlay.missingCommands(combined));
        var ctx = new ReadContext(read, problems, comments, combined);
        Workflow workflow = dialect.get() == Dialect.SUPERVISOR
                ? GateFolders.atRepositoryRoot(SupervisorReader.read(root, ctx), file.path())
                : GraphLoopReader.read(root, ctx);
        return new YamlDocument(file, dialect, Optional.of(FlowGraph.of(workflow)), problems.all(), comments.attach(read.comments()), registries,
                sources(registries), problems.misread());
    }

    private static Optional<Dialect> dialect(YMap root, LoadOptions options) {
        if (options.dialect().isPresent()) {
            return Dialect.parse(options.dialect().get());
        }
        return DialectDetector.detect(root);
    }

    private static String whyNoDialect(SourceFile file, YMap root, LoadOptions options) {
        if (options.dialect().isPresent()) {
            return "unknown YAML dialect \"" + options.dialect().get() + "\": use --dialect 1 (supervisor) or 2 (graph-loop)";
        }
        if (DialectDetector.isGateRegistry(root)) {
            return "\"" + file.displayName() + "\" is a gate registry, not a workflow: pass it with --gates";
        }
        return "\"" + file.displayName() + "\" is in neither YAML dialect Flow reads: dialect 1 (supervisor) has \"id\", \"entry_point\" and a "
                + "\"nodes\" list; dialect 2 (graph-loop) has \"workflow\" and a \"nodes\" map; use --dialect 1 or 2 to choose";
    }

    /**
     * The registries named by the options, else for dialect 1 the one beside the workflow when there
     * is one (dialect 2 has no gates of its own: a registry beside it serves the dialect 1 files there).
     */
    private static List<YamlDocument.Registry> registries(SourceFile file, Dialect dialect, LoadOptions options, SourceRef top) {
        if (!options.gatesFiles().isEmpty()) {
            return given(options, top);
        }
        if (file.path() == null || dialect != Dialect.SUPERVISOR) {
            return List.of();
        }
        Path beside = file.path().resolveSibling(REGISTRY_NAME);
        if (!Files.isRegularFile(beside) || file.path().getFileName().toString().equals(REGISTRY_NAME)) {
            return List.of();
        }
        String name = Path.of(file.displayName()).resolveSibling(REGISTRY_NAME).toString();
        return List.of(new YamlDocument.Registry(beside, GateRegistryReader.read(beside, name, top)));
    }

    /** The registries {@code --gates} names, in order. */
    private static List<YamlDocument.Registry> given(LoadOptions options, SourceRef top) {
        return options.gatesFiles().stream()
                .map(gates -> new YamlDocument.Registry(gates, GateRegistryReader.read(gates, gates.toString(), top)))
                .toList();
    }

    /** The texts of the registries read, by display name. */
    private static Map<String, String> sources(List<YamlDocument.Registry> registries) {
        Map<String, String> sources = new HashMap<>();
        registries.forEach(r -> r.contents().text().ifPresent(t -> sources.put(r.contents().displayName(), t)));
        return sources;
    }

    private static YamlDocument failed(SourceFile file, YamlRead read, Diagnostic why) {
        var all = new ArrayList<>(read.diagnostics());
        all.add(why);
        return new YamlDocument(file, Optional.empty(), Optional.empty(), all, null, List.of(), null);
    }
}

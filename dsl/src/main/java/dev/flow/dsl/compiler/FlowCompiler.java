package dev.flow.dsl.compiler;

import com.google.inject.Inject;
import dev.flow.check.Checker;
import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.dsl.flow.FlowFile;
import dev.flow.dsl.flow.Workflow;
import dev.flow.dsl.imports.Imports;
import dev.flow.dsl.naming.SourceNames;
import dev.flow.dsl.scoping.SyntaxTree;
import dev.flow.model.FlowGraph;
import dev.flow.model.GateDef;
import dev.flow.model.Severity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.eclipse.xtext.linking.impl.LinkingHelper;

/**
 * Compiles a parsed Flow file into the graph model: the entry point for the front end (and through
 * it the CLI), the editor's validator and the importer's round-trip tests.
 *
 * <p>A file may hold several workflows. {@link #compile} takes the chosen one, or when none is
 * chosen the only workflow, or the only one that no other workflow of the file calls as a
 * subgraph; otherwise it reports FLOW004 with the names to choose from. Every workflow the chosen
 * one reaches through subgraph nodes (in the same file or an imported one) is compiled too, as the
 * graph's subworkflows.
 *
 * <p>Positions follow {@link SourceRefs}; names are compiled as {@link ExpressionCompiler} says.
 * Create one instance per compilation through Guice ({@code injector.getInstance(FlowCompiler.class)}).
 */
public final class FlowCompiler {

    private final LinkingHelper linking;
    private final Imports imports;

    @Inject
    public FlowCompiler(LinkingHelper linking, Imports imports) {
        this.linking = linking;
        this.imports = imports;
    }

    /**
     * Compiles the workflow named {@code chosen} (or the default one, see above) and the workflows it calls.
     *
     * @param names how positions name the files
     * @param registryGates gate definitions from a registry given outside the file ({@code --gates}),
     *     which join each workflow's gates after those of the registries the file imports
     */
    public Compiled compile(FlowFile file, Optional<String> chosen, SourceNames names, Map<String, GateDef> registryGates) {
        List<Workflow> workflows = SyntaxTree.topLevel(file, Workflow.class);
        var positions = new SourceRefs(names);
        if (workflows.isEmpty()) {
            var at = file == null ? dev.flow.model.SourceRef.NONE : positions.range(file.eResource(), 0, 0);
            var found = new ArrayList<Diagnostic>();
            found.add(new Diagnostic(Code.UNREADABLE_INPUT, Severity.INFO,
                    "this file holds no workflow, only definitions for other files to import: nothing to run", at,
                    List.of(), List.of(), Set.of()));
            if (file != null) {
                found.addAll(libraryProblems(file, positions, registryGates));
            }
            return new Compiled(Optional.empty(), found);
        }
        var main = choose(workflows, chosen);
        if (main.isEmpty()) {
            return new Compiled(Optional.empty(), List.of(ambiguity(workflows, chosen, positions)));
        }
        return new Compiled(Optional.of(graph(main.get(), positions, registryGates)), List.of());
    }

    /**
     * What the checker's rules on definitions find in a gate library checked on its own, the problems
     * a workflow using it would report in it; those of the files it imports stay theirs.
     */
    public List<Diagnostic> libraryProblems(FlowFile file, SourceRefs positions) {
        return libraryProblems(file, positions, Map.of());
    }

    private List<Diagnostic> libraryProblems(FlowFile file, SourceRefs positions, Map<String, GateDef> registryGates) {
        var registries = new ArrayList<GateDef>(imports.foreignGates(file, positions.names()).values());
        registries.addAll(registryGates.values());
        var gates = new WorkflowCompiler(positions, new NameRefs(linking, positions), registries).libraryGates(file);
        String here = positions.names().displayName(file.eResource().getURI());
        return Checker.checkGateDefinitions(gates).stream().filter(d -> d.source().file().equals(here)).toList();
    }

    /** The same, with no registry. */
    public Compiled compile(FlowFile file, Optional<String> chosen, SourceNames names) {
        return compile(file, chosen, names, Map.of());
    }

    /**
     * Every workflow of the file as the main workflow of its own graph, in file order (for the
     * editor), with the positions the language checks already read.
     */
    public List<FlowGraph> compileEach(FlowFile file, SourceRefs positions) {
        var out = new ArrayList<FlowGraph>();
        for (Workflow w : SyntaxTree.topLevel(file, Workflow.class)) {
            out.add(graph(w, positions, Map.of()));
        }
        return out;
    }

    private FlowGraph graph(Workflow main, SourceRefs positions, Map<String, GateDef> registryGates) {
        var nameRefs = new NameRefs(linking, positions);
        Map<FlowFile, Map<String, GateDef>> foreign = new HashMap<>();
        var reached = new LinkedHashSet<Workflow>();
        reached.add(main);
        var queue = new ArrayList<Workflow>(List.of(main));
        for (int i = 0; i < queue.size(); i++) {
            for (Workflow called : WorkflowCompiler.called(queue.get(i))) {
                if (reached.add(called)) {
                    queue.add(called);
                }
            }
        }
        var compiled = new ArrayList<dev.flow.model.Workflow>();
        for (Workflow w : reached) {
            FlowFile file = SyntaxTree.fileOf(w);
            Map<String, GateDef> fileGates = foreign.computeIfAbsent(file, f -> imports.foreignGates(f, positions.names()));
            var registries = new ArrayList<GateDef>(fileGates.values());
            registries.addAll(registryGates.values());
            var compiler = new WorkflowCompiler(positions, nameRefs, registries);
            compiled.add(compiler.compile(w));
        }
        return new FlowGraph(compiled.get(0), compiled.subList(1, compiled.size()));
    }

    private static Optional<Workflow> choose(List<Workflow> workflows, Optional<String> chosen) {
        if (chosen.isPresent()) {
            return workflows.stream().filter(w -> chosen.get().equals(w.getName())).findFirst();
        }
        if (workflows.size() == 1) {
            return Optional.of(workflows.get(0));
        }
        List<Workflow> roots = roots(workflows);
        if (roots.isEmpty()) {
            // Every workflow is run by another: they run each other in a circle. Taking the first lets
            // the checker report that circle (FLOW311) rather than hide it behind an ambiguity.
            return Optional.of(workflows.get(0));
        }
        return roots.size() == 1 ? Optional.of(roots.get(0)) : Optional.empty();
    }

    /** The workflows no other workflow of the same list calls as a subgraph. */
    private static List<Workflow> roots(List<Workflow> workflows) {
        var called = new HashSet<Workflow>();
        for (Workflow w : workflows) {
            for (Workflow c : WorkflowCompiler.called(w)) {
                if (c != w) {
                    called.add(c);
                }
            }
        }
        return workflows.stream().filter(w -> !called.contains(w)).toList();
    }

    private static Diagnostic ambiguity(List<Workflow> workflows, Optional<String> chosen, SourceRefs positions) {
        List<String> names = workflows.stream().map(Workflow::getName).toList();
        List<Workflow> roots = roots(workflows);
        List<String> offered = roots.isEmpty() ? names : roots.stream().map(Workflow::getName).toList();
        String list = String.join(", ", offered.stream().map(n -> "\"" + n + "\"").toList());
        String message = chosen.isPresent()
                ? "no workflow of this file is named \"" + chosen.get() + "\"; it holds " + list
                : "this file holds several workflows (" + list + "): choose one with --workflow";
        var d = Diagnostic.of(Code.AMBIGUOUS_WORKFLOW, message, positions.name(workflows.get(0)));
        return chosen.isPresent() ? d.withSuggestions(NearestNames.of(chosen.get(), names)) : d.withSuggestions(offered);
    }
}

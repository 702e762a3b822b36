package dev.flow.yaml.supervisor;

import dev.flow.model.Config;
import dev.flow.model.Edge;
import dev.flow.model.GateDef;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.SourceRef;
import dev.flow.model.Workflow;
import dev.flow.yaml.agents.AgentSettings;
import dev.flow.yaml.gates.GateDefinitions;
import dev.flow.yaml.gates.GateOverlay;
import dev.flow.yaml.graph.EdgeAssembly;
import dev.flow.yaml.graph.EdgeDraft;
import dev.flow.yaml.read.Fields;
import dev.flow.yaml.read.Located;
import dev.flow.yaml.dialect.ReadContext;
import dev.flow.yaml.read.WorkflowIds;
import dev.flow.yaml.read.YMap;
import dev.flow.yaml.read.YamlComments;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a dialect 1 workflow into the graph model: the nodes in the order written between the
 * implicit {@code start} and {@code end}; an edge from start to the {@code entry_point}; the written
 * edges; the edges the branches imply; and an edge from each exit point to end (from every node
 * without outgoing edges when {@code exit_points} is empty).
 */
public final class SupervisorReader {
    static final List<String> TOP_KEYS = List.of("id", "name", "description", "version", "entry_point", "exit_points", "nodes", "edges",
            "config", "gates", AgentSettings.KEY);
    private static final List<String> DIALECT2_KEYS = List.of("workflow", "state", "limits", "interrupts", "completion");

    private final ReadContext ctx;

    private SupervisorReader(ReadContext ctx) {
        this.ctx = ctx;
    }

    public static Workflow read(YMap root, ReadContext ctx) {
        return new SupervisorReader(ctx).workflow(root);
    }

    private Workflow workflow(YMap root) {
        var problems = ctx.problems();
        var top = new Fields(root, "the workflow", WorkflowIds.firstKey(root), problems);
        top.allowOnly(TOP_KEYS, key -> DIALECT2_KEYS.contains(key)
                ? "\"" + key + "\" belongs to dialect 2 (graph-loop), and this file reads as dialect 1 (supervisor)" : null);
        top.require("id", "name the workflow, such as id: debug-workflow");
        top.require("name", "give the workflow a title, such as name: \"Debug with retry loop\"");
        top.require("entry_point", "name the node where runs begin");
        top.require("nodes", "list the nodes, each with an id and a type");
        top.require("edges", "list the edges, each with an id, a source and a target (edges: [] when there are none)");
        WorkflowIds.registerSections(root, ctx.comments());

        var id = top.text("id");
        var nodes = top.list("nodes", "a list of nodes (- id: ...)").map(seq -> new SupervisorNodes(problems).read(seq.items())).orElse(List.of());
        var written = top.list("edges", "a list of edges (- {id: e1, source: a, target: b})")
                .map(seq -> new SupervisorEdges(problems).read(seq.items())).orElse(List.of());
        var branchRules = BranchRules.apply(nodes, written);
        var entry = top.text("entry_point");
        var exits = top.texts("exit_points").orElse(List.of());

        SourceRef startAt = top.keySource("entry_point").orElse(id.map(Located::source).orElse(top.anchor()));
        SourceRef endAt = top.keySource("exit_points").orElse(id.map(Located::source).orElse(top.anchor()));
        var drafts = new ArrayList<EdgeDraft>();
        entry.ifPresent(e -> drafts.add(EdgeDraft.of(EdgeAssembly.startRef(startAt), e.toNameRef(), null, e.source())));
        if (entry.isEmpty()) {
            // FLOW606 says the entry point is missing; that nothing leaves start (FLOW301) only repeats it
            ctx.problems().misread(startAt);
        }
        branchRules.written().forEach(e -> drafts.add(e.draft()));
        drafts.addAll(branchRules.implied());
        drafts.addAll(exitEdges(exits, nodes, drafts));
        var settled = EdgeAssembly.settle(drafts);

        var modelNodes = new ArrayList<Node>();
        modelNodes.add(EdgeAssembly.start(startAt));
        for (NodeDraft n : settleBranches(nodes, settled)) {
            modelNodes.add(n.node());
            ctx.comments().add(YamlComments.Target.node(n.id()), n.span());
        }
        modelNodes.add(EdgeAssembly.end(endAt));
        int firstWritten = entry.isPresent() ? 1 : 0;
        var edges = GateEdges.apply(modelNodes, settled, firstWritten, branchRules.written().size(), problems);
        for (int i = 0; i < branchRules.written().size(); i++) {
            Edge e = edges.get(firstWritten + i);
            ctx.comments().add(YamlComments.Target.edge(e.id()), e.source());
        }

        return Workflow.builder()
                .id(id.map(Located::value).orElse(WorkflowIds.fromFile(ctx.file())))
                .name(top.text("name").map(Located::value).orElse(null))
                .version(top.text("version").map(Located::value).orElse(null))
                .description(top.text("description").map(Located::value).orElse(null))
                .gates(gates(top))
                .agents(AgentSettings.read(top))
                .nodes(modelNodes)
                .edges(edges)
                .config(config(top))
                .source(id.map(Located::source).orElse(top.anchor()))
                .build();
    }

    /** An edge to end from each exit point; with none written, from every node that no edge leaves. */
    private static List<EdgeDraft> exitEdges(List<Located<String>> exits, List<NodeDraft> nodes, List<EdgeDraft> edges) {
        var out = new ArrayList<EdgeDraft>();
        if (!exits.isEmpty()) {
            for (Located<String> exit : exits) {
                out.add(EdgeDraft.of(exit.toNameRef(), EdgeAssembly.endRef(exit.source()), null, exit.source()));
            }
            return out;
        }
        Set<String> left = new HashSet<>();
        edges.forEach(e -> left.add(e.from().name()));
        for (NodeDraft n : nodes) {
            if (left.add(n.id())) {
                SourceRef at = n.node().source();
                out.add(EdgeDraft.of(new NameRef(n.id(), at), EdgeAssembly.endRef(at), null, at));
            }
        }
        return out;
    }

    /**
     * Each branch's condition, its bare field read from the branch's single predecessor; with
     * several predecessors (or only start) the field stays bare and the checker reports it.
     */
    private static List<NodeDraft> settleBranches(List<NodeDraft> nodes, List<Edge> edges) {
        Map<String, Set<String>> predecessors = new LinkedHashMap<>();
        for (Edge e : edges) {
            predecessors.computeIfAbsent(e.to().name(), k -> new LinkedHashSet<>()).add(e.from().name());
        }
        var out = new ArrayList<NodeDraft>(nodes.size());
        for (NodeDraft n : nodes) {
            if (n.branch().isEmpty()) {
                out.add(n);
                continue;
            }
            Set<String> before = predecessors.getOrDefault(n.id(), Set.of());
            String scope = before.size() == 1 && !before.contains(Node.START_ID) ? before.iterator().next() : null;
            var condition = n.branch().get().condition().map(c -> c.toExpr(scope)).orElse(null);
            out.add(n.withSpec(new NodeSpec.Branch(condition)));
        }
        return out;
    }

    /** The registry's gates, and the workflow's own {@code gates:} (a Flow extension), which take precedence. */
    private List<GateDef> gates(Fields top) {
        var ownEntries = top.mapping("gates", "a mapping of gate names to their definitions")
                .map(m -> GateDefinitions.read(m, ctx.problems(), ctx.comments()))
                .orElse(List.of());
        ctx.problems().addAll(GateOverlay.missingCommands(ownEntries));
        var own = GateOverlay.definitions(ownEntries);
        var all = new ArrayList<>(own);
        Set<String> names = new HashSet<>();
        own.forEach(g -> names.add(g.name()));
        GateOverlay.definitions(ctx.registryGates()).stream().filter(g -> !names.contains(g.name())).forEach(all::add);
        return all;
    }

    private static Config config(Fields top) {
        Optional<Fields> config = top.child("config", "the config of the workflow");
        if (config.isEmpty()) {
            return Config.DEFAULT;
        }
        Fields c = config.get();
        c.allowOnly(List.of("max_parallel_nodes", "fail_fast"));
        int maxParallel = c.whole("max_parallel_nodes", "a whole number")
                .map(n -> (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, n.value())))
                .orElse(Config.DEFAULT_MAX_PARALLEL);
        boolean failFast = c.bool("fail_fast").map(Located::value).orElse(true);
        return new Config(maxParallel, failFast, top.keySource("config").orElse(c.anchor()));
    }
}

package dev.flow.yaml.graphloop;

import dev.flow.model.Config;
import dev.flow.model.Node;
import dev.flow.model.SourceRef;
import dev.flow.model.Workflow;
import dev.flow.yaml.agents.AgentSettings;
import dev.flow.yaml.graph.EdgeAssembly;
import dev.flow.yaml.graph.EdgeDraft;
import dev.flow.yaml.read.Fields;
import dev.flow.yaml.read.Located;
import dev.flow.yaml.dialect.ReadContext;
import dev.flow.yaml.read.WorkflowIds;
import dev.flow.yaml.read.YMap;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a dialect 2 workflow into the graph model: the nodes in the order of the map between the
 * implicit {@code start} and {@code end}, the written edges, then the edges parallel nodes and joins
 * imply; state variables (those of {@code state.variables}, then those {@code on_output} handlers
 * first store), limits, interrupts and completion conditions. Supervisors are wired last.
 */
public final class GraphLoopReader {
    static final List<String> TOP_KEYS = List.of("workflow", "description", "version", "nodes", "edges", "state", "limits", "interrupts",
            "completion", "isolate", "repository", AgentSettings.KEY);
    private static final List<String> DIALECT1_KEYS = List.of("id", "name", "entry_point", "exit_points", "config");

    private GraphLoopReader() {}

    public static Workflow read(YMap root, ReadContext ctx) {
        var top = new Fields(root, "the workflow", WorkflowIds.firstKey(root), ctx.problems());
        top.allowOnly(TOP_KEYS, key -> DIALECT1_KEYS.contains(key)
                ? "\"" + key + "\" belongs to dialect 1 (supervisor), and this file reads as dialect 2 (graph-loop)" : null);
        top.require("workflow", "name the workflow, such as workflow: feature-implementation");
        top.require("nodes", "a mapping of node ids to their definitions");
        top.require("edges", "a list of edges such as - {from: START, to: first_node}");
        WorkflowIds.registerSections(root, ctx.comments());

        var id = top.text("workflow");
        var settings = new GraphLoopSettings(ctx);
        Config config = settings.config(top);
        var nodes = top.mapping("nodes", "a mapping of node ids to their definitions (research: {type: parallel, ...})")
                .map(m -> new GraphLoopNodes(ctx, config.isolation()).read(m)).orElse(List.of());
        var edgeReader = new GraphLoopEdges(ctx);
        var written = top.list("edges", "a list of edges (- from: START ...)").map(s -> edgeReader.read(s.items())).orElse(List.of());
        nodes = GraphLoopNodes.outputsFromUse(nodes, written);
        var drafts = new ArrayList<EdgeDraft>(written);
        drafts.addAll(GraphLoopEdges.implied(nodes, written));
        var edges = EdgeAssembly.settle(drafts);
        edgeReader.registerComments(edges, written.size());

        SourceRef workflowAt = id.map(Located::source).orElse(top.anchor());
        var modelNodes = new ArrayList<Node>();
        modelNodes.add(EdgeAssembly.start(edgeReader.firstStart().map(Located::source).orElse(workflowAt)));
        nodes.forEach(n -> modelNodes.add(n.node()));
        modelNodes.add(EdgeAssembly.end(edgeReader.firstEnd().map(Located::source).orElse(workflowAt)));

        var state = new ArrayList<>(settings.state(top));
        state.addAll(GraphLoopSettings.declaredByUpdates(state, modelNodes));
        return dev.flow.lowering.SupervisionWiring.wire(Workflow.builder()
                .id(id.map(Located::value).orElse(WorkflowIds.fromFile(ctx.file())))
                .version(top.text("version").map(Located::value).orElse(null))
                .description(top.text("description").map(Located::value).orElse(null))
                .state(state)
                .gates(dev.flow.yaml.gates.GateOverlay.definitions(ctx.registryGates()))
                .agents(AgentSettings.read(top))
                .nodes(modelNodes)
                .edges(edges)
                .limits(settings.limits(top))
                .interrupts(settings.interrupts(top))
                .completion(settings.completion(top))
                .config(config)
                .source(workflowAt)
                .build());
    }
}

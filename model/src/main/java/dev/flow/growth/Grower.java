package dev.flow.growth;

import dev.flow.model.Edge;
import dev.flow.model.EdgeIds;
import dev.flow.model.Expr;
import dev.flow.model.FlowGraph;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.Provenance;
import dev.flow.model.SourceRef;
import dev.flow.model.Value;
import dev.flow.model.WaitMode;
import dev.flow.model.Workflow;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Joins the nodes a planner's answer proposes to the graph a run has, so that they run after the
 * planner and before what came after it:
 * <ul>
 *   <li>every added node that no edge of the answer enters (a root) gets an edge from the planner;
 *   <li>every added node that no edge of the answer leaves (a leaf) gets an edge to the planner's
 *       join node {@code PLANNER-grown}, a checkpoint that waits for all of them;
 *   <li>the first time a planner grows the graph, its join node is made and the planner's forward
 *       edges (neither loop nor limit edges) move to it, their conditions and mappings still reading
 *       the planner ({@link Relocation}); later answers of the same planner join the same node;
 *   <li>an escalation node that grows the graph gets an edge from its join node to the failed node,
 *       which runs again there when the escalation said {@code retry}.
 * </ul>
 * Nodes keep their ids, existing edges their ids and, for every node but the planner, their order:
 * the rows and edge decisions a run has stored stay valid. Added nodes carry their {@link
 * Provenance}.
 */
public final class Grower {
    private Grower() {}

    /**
     * The graph grown.
     *
     * @param addedNodes the ids of the nodes added, the join node last when it is new
     * @param addedEdges the ids of the edges added (moved edges keep their ids and are not listed)
     * @param join the planner's join node; null when the answer left nothing to join (its every node
     *     leads to end)
     */
    public record Grown(FlowGraph graph, List<String> addedNodes, List<String> addedEdges, String join) {}

    /** The id of the node where what {@code planner} adds is joined. */
    public static String joinId(String planner) {
        return planner + "-grown";
    }

    /**
     * @param workflowId the workflow the planner belongs to (the main one or a subworkflow)
     * @param version the version the grown graph will be
     * @param handles the failed node the planner handles as an escalation node; null for a plain planner
     */
    public static Grown grow(FlowGraph graph, String workflowId, String planner, Proposal proposal, int version, String handles) {
        Workflow w = graph.workflow(workflowId).orElseThrow(() -> new IllegalArgumentException("no workflow " + workflowId));
        Set<String> added = new LinkedHashSet<>();
        proposal.nodes().forEach(n -> added.add(n.id()));
        Set<String> entered = new HashSet<>();
        Set<String> left = new HashSet<>();
        for (Edge e : proposal.edges()) {
            if (!e.isLoop()) {
                entered.add(e.to().name());
                left.add(e.from().name());
            }
        }
        Map<String, Value> mark = Map.of("grown_by", new Value.Str(planner), "version", new Value.Int(version));
        Node existingJoin = w.nodes().stream().filter(n -> Provenance.joins(n).filter(planner::equals).isPresent()).findFirst().orElse(null);
        List<String> leaves = added.stream().filter(id -> !left.contains(id)).toList();
        boolean newJoin = existingJoin == null && !leaves.isEmpty();
        String join = existingJoin != null ? existingJoin.id() : leaves.isEmpty() ? null : joinId(planner);

        var ids = new EdgeIds();
        w.edges().forEach(e -> ids.reserve(e.id()));
        proposal.edges().forEach(e -> ids.reserve(e.id()));
        var edges = new ArrayList<Edge>();
        for (Edge e : w.edges()) {
            boolean moves = newJoin && e.from().name().equals(planner) && !e.isLoop() && !e.onLimitReached();
            edges.add(moves ? new Edge(e.id(), NameRef.of(join), e.to(), Relocation.of(e.condition(), planner), null, false,
                    Relocation.of(e.dataMapping(), planner), e.source()) : e);
        }
        var addedEdges = new ArrayList<String>();
        for (Edge e : proposal.edges()) {
            edges.add(e);
            addedEdges.add(e.id());
        }
        for (String root : added) {
            if (!entered.contains(root)) {
                edges.add(plain(ids.next(planner, root), planner, root, addedEdges));
            }
        }
        for (String leaf : leaves) {
            Expr exit = exitOf(proposal.edges(), leaf);
            if (exit != null) {
                edges.add(new Edge(ids.next(leaf, join), NameRef.of(leaf), NameRef.of(join), exit == ALWAYS ? null : exit, null, false, List.of(),
                        SourceRef.NONE));
                addedEdges.add(edges.get(edges.size() - 1).id());
            }
        }
        if (join != null && handles != null && edges.stream().noneMatch(e -> e.from().name().equals(join) && e.to().name().equals(handles))) {
            edges.add(plain(ids.next(join, handles), join, handles, addedEdges));
        }

        var grown = new ArrayList<Node>();
        proposal.nodes().forEach(n -> grown.add(Provenance.mark(n, mark)));
        var addedNodes = new ArrayList<>(added);
        if (newJoin) {
            Node joining = Node.builder().id(join).label("after the nodes \"" + planner + "\" added").spec(new NodeSpec.Checkpoint())
                    .waitForIncoming(WaitMode.ALL).build();
            grown.add(Provenance.mark(joining, Map.of("joins", new Value.Str(planner), "grown_by", new Value.Str(planner), "version",
                    new Value.Int(version))));
            addedNodes.add(join);
        }
        var nodes = new ArrayList<>(w.nodes());
        int at = existingJoin != null ? nodes.indexOf(existingJoin) : indexAfter(nodes, planner);
        nodes.addAll(at, grown);

        Workflow next = w.toBuilder().nodes(nodes).edges(edges).build();
        return new Grown(replace(graph, next), addedNodes, addedEdges, join);
    }

    /**
     * The graph with an automatic escalation node for {@code failed} (no edges: escalation reaches
     * it), placed after the failed node and marked as grown by it and handling it.
     */
    public static Grown addEscalationNode(FlowGraph graph, String workflowId, String failed, Node node, int version) {
        Workflow w = graph.workflow(workflowId).orElseThrow(() -> new IllegalArgumentException("no workflow " + workflowId));
        var nodes = new ArrayList<>(w.nodes());
        nodes.add(indexAfter(nodes, failed), Provenance.mark(node, Map.of("grown_by", new Value.Str(failed), "version", new Value.Int(version),
                "escalates", new Value.Str(failed))));
        Workflow next = w.toBuilder().nodes(nodes).build();
        return new Grown(replace(graph, next), List.of(node.id()), List.of(), null);
    }

    /** Stands for "no condition" in {@link #exitOf}. */
    private static final Expr ALWAYS = new Expr.Literal(new Value.Bool(true), SourceRef.NONE);

    /**
     * The condition on which a leaf leaves for the join: always, unless loop edges of the answer
     * leave it, and then only when none of them is taken ({@code !(c1 || c2)}), so that the join
     * waits until the loop is over rather than firing after its first pass. Null when a loop edge
     * has no condition: that loop goes round until its limit, and a spent loop with no {@code on
     * limit} edge stops the run, as a workflow's own loop does.
     */
    private static Expr exitOf(List<Edge> answer, String leaf) {
        Expr loops = null;
        for (Edge e : answer) {
            if (!e.isLoop() || !e.from().name().equals(leaf)) {
                continue;
            }
            if (e.condition() == null) {
                return null;
            }
            loops = loops == null ? e.condition() : new Expr.Binary(Expr.BinaryOp.OR, loops, e.condition(), SourceRef.NONE);
        }
        return loops == null ? ALWAYS : new Expr.Unary(Expr.UnaryOp.NOT, loops, SourceRef.NONE);
    }

    private static Edge plain(String id, String from, String to, List<String> addedEdges) {
        addedEdges.add(id);
        return new Edge(id, NameRef.of(from), NameRef.of(to), null, null, false, List.of(), SourceRef.NONE);
    }

    private static int indexAfter(List<Node> nodes, String planner) {
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).id().equals(planner)) {
                return i + 1;
            }
        }
        return nodes.size();
    }

    private static FlowGraph replace(FlowGraph graph, Workflow w) {
        if (graph.main().id().equals(w.id())) {
            return new FlowGraph(w, graph.subworkflows());
        }
        return new FlowGraph(graph.main(), graph.subworkflows().stream().map(s -> s.id().equals(w.id()) ? w : s).toList());
    }
}

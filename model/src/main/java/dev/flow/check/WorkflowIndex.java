package dev.flow.check;

import dev.flow.model.Edge;
import dev.flow.model.FlowGraph;
import dev.flow.model.Node;
import dev.flow.model.SourceRef;
import dev.flow.model.Workflow;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What every rule needs to know about one workflow, built once in O(nodes + edges) and shared:
 * nodes by id, edges by source and target, a dense numbering of the nodes for the graph
 * algorithms, the {@link FlowAnalysis} of its control flow and the {@link ExprSite}s of its
 * expressions. Rules never search the workflow's lists.
 *
 * <p>Broken input is expected: where ids repeat, the first node counts (and the implicit
 * {@code start}/{@code end} win over a node that misuses their names); {@code start} and
 * {@code end} always have a number even when a front end forgot them.
 *
 * <p>An edge that names an unknown node is reported once, as an unknown name with the nearest
 * known one ("did you mean"). When the name is used once only, it is most likely that node
 * misspelt, and every other rule reads the edge as if it named it ({@link #resolve}), so that one
 * misspelt name does not also make {@code start} look unconnected, a node a dead end or a loop edge
 * close no cycle. A name used several times is more likely a node whose declaration is missing, and
 * a name with no near node cannot be placed: such edges are kept in the by-name maps but left out
 * of the control-flow graph, which gives them the benefit of the doubt ({@link FlowAnalysis}).
 */
final class WorkflowIndex {
    private static final List<Edge> NONE = List.of();

    private final FlowGraph graph;
    private final Workflow workflow;
    private final TypeResolver names;
    private final List<String> ids = new ArrayList<>();
    private final Map<String, Integer> numbers = new HashMap<>();
    private final Map<String, List<Edge>> from = new HashMap<>();
    private final Map<String, List<Edge>> to = new HashMap<>();
    private final Map<String, String> assumed = new HashMap<>();
    /** Each edge's ends as {@link #resolve} reads them, found once: the rules ask for them many times an edge. */
    private final Map<Edge, Ends> ends = new IdentityHashMap<>();
    private final List<Node> nodes = new ArrayList<>();
    private final FlowAnalysis flow;
    private final List<ExprSite> sites;

    WorkflowIndex(Workflow workflow, FlowGraph graph) {
        this.graph = graph;
        this.workflow = workflow;
        this.names = TypeResolver.of(workflow);
        names.nodeIds().forEach(this::number);
        number(Node.START_ID);
        number(Node.END_ID);
        for (String id : ids) {
            names.node(id).ifPresent(nodes::add);
        }
        var unknownUses = new HashMap<String, Integer>();
        for (Edge edge : workflow.edges()) {
            for (String end : List.of(edge.from().name(), edge.to().name())) {
                if (!numbers.containsKey(end)) {
                    unknownUses.merge(end, 1, Integer::sum);
                }
            }
        }
        unknownUses.forEach((name, uses) -> {
            if (uses == 1 && !name.isEmpty()) {
                NameSuggester.best(name, ids).ifPresent(id -> assumed.put(name, id));
            }
        });
        for (Edge edge : workflow.edges()) {
            String from = resolve(edge.from().name());
            String to = resolve(edge.to().name());
            int f = number(from, -1);
            int t = number(to, -1);
            ends.put(edge, new Ends(from, to, f, t, flows(edge, f, t)));
        }
        for (Edge edge : workflow.edges()) {
            // Most nodes have one edge in and one out: start every list small.
            from.computeIfAbsent(from(edge), k -> new ArrayList<>(2)).add(edge);
            to.computeIfAbsent(to(edge), k -> new ArrayList<>(2)).add(edge);
        }
        this.flow = new FlowAnalysis(this);
        this.sites = ExprSites.of(this);
    }

    /** The id a name stands for: itself when known, the nearest id when it is an unknown name near one, else itself. */
    String resolve(String name) {
        return numbers.containsKey(name) ? name : assumed.getOrDefault(name, name);
    }

    /** The node an edge leaves, as {@link #resolve} reads it. */
    String from(Edge edge) {
        Ends known = ends.get(edge);
        return known != null ? known.from() : resolve(edge.from().name());
    }

    /** The node an edge enters, as {@link #resolve} reads it. */
    String to(Edge edge) {
        Ends known = ends.get(edge);
        return known != null ? known.to() : resolve(edge.to().name());
    }

    /** The number of the node an edge leaves, as {@link #resolve} reads it; -1 when it names no known node. */
    int fromNumber(Edge edge) {
        Ends known = ends.get(edge);
        return known != null ? known.fromNumber() : number(from(edge), -1);
    }

    /** The number of the node an edge enters, as {@link #resolve} reads it; -1 when it names no known node. */
    int toNumber(Edge edge) {
        Ends known = ends.get(edge);
        return known != null ? known.toNumber() : number(to(edge), -1);
    }

    private record Ends(String from, String to, int fromNumber, int toNumber, boolean flows) {}

    private void number(String id) {
        if (!numbers.containsKey(id)) {
            numbers.put(id, ids.size());
            ids.add(id);
        }
    }

    FlowGraph graph() {
        return graph;
    }

    Workflow workflow() {
        return workflow;
    }

    TypeResolver names() {
        return names;
    }

    FlowAnalysis flow() {
        return flow;
    }

    List<ExprSite> sites() {
        return sites;
    }

    /** The node with this id; empty for unknown ids and for a {@code start}/{@code end} a front end left out. */
    Optional<Node> node(String id) {
        return names.node(id);
    }

    /** Whether edges may name this id: a node's, or the implicit {@code start}/{@code end}. */
    boolean isKnown(String id) {
        return numbers.containsKey(id);
    }

    /** The nodes, one per id, in declaration order. */
    List<Node> nodes() {
        return Collections.unmodifiableList(nodes);
    }

    /** Every edge that leaves {@code id} (or an unknown name taken as it), whatever its target, in declaration order. */
    List<Edge> edgesFrom(String id) {
        return from.getOrDefault(id, NONE);
    }

    /** Every edge that enters {@code id} (or an unknown name taken as it), whatever its source, in declaration order. */
    List<Edge> edgesTo(String id) {
        return to.getOrDefault(id, NONE);
    }

    /** How many numbered nodes there are: ids {@code 0..size()-1}. */
    int size() {
        return ids.size();
    }

    /** The number of a node, or -1 for an unknown id. */
    int number(String id, int ifUnknown) {
        Integer n = numbers.get(id);
        return n == null ? ifUnknown : n;
    }

    String id(int number) {
        return ids.get(number);
    }

    /** Where a node was written; the workflow's position for an implicit node without one. */
    SourceRef sourceOf(String id) {
        return Report.at(names.node(id).map(Node::source).orElse(SourceRef.NONE), workflow.source());
    }

    /**
     * Whether the edge takes part in the control flow: both ends known, and it neither enters
     * {@code start} nor leaves {@code end} (those are reported, and following them would only make
     * every other finding wrong).
     */
    boolean isFlowEdge(Edge edge) {
        Ends known = ends.get(edge);
        return known != null ? known.flows() : flows(edge, fromNumber(edge), toNumber(edge));
    }

    private static boolean flows(Edge edge, int from, int to) {
        return from >= 0 && to >= 0 && !Node.START_ID.equals(edge.to().name()) && !Node.END_ID.equals(edge.from().name());
    }

    /** How messages name an edge: {@code "a" -> "b"}. */
    static String name(Edge edge) {
        return Messages.q(edge.from().name()) + " -> " + Messages.q(edge.to().name());
    }
}

package dev.flow.lowering;

import dev.flow.model.Edge;
import dev.flow.model.EdgeIds;
import dev.flow.model.Expr;
import dev.flow.model.LoopControl;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeKind;
import dev.flow.model.NodeSpec;
import dev.flow.model.OutputDecl;
import dev.flow.model.SessionMode;
import dev.flow.model.SourceRef;
import dev.flow.model.Supervision;
import dev.flow.model.Value;
import dev.flow.model.Workflow;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Wires the supervisors of a workflow with ordinary nodes and edges, so that the checker, the
 * pictures and the runtime see nothing but the graph model. Every front end that reads source
 * (the language, YAML dialect 2) calls {@link #wire} once on what it read; a compiled graph is
 * already wired. For a supervisor S with participants P... and ask node H:
 *
 * <ul>
 *   <li>S's outputs are its participants' names, then H's name, then {@value Supervision#FINISH_OUTPUT}
 *       (unless it may not finish);
 *   <li>an edge {@code S -> P when P} for each participant and {@code S -> H when H}, and a loop edge
 *       {@code P -> S loop max ROUNDS} back from each (the runtime counts the rounds over all of
 *       them together);
 *   <li>{@code S -> end when finish}, unless an edge the author wrote leaving S already tests
 *       {@code finish};
 *   <li>an edge the author wrote as {@code S -> X on limit} becomes {@code P -> X on limit} for
 *       each participant and H: it is taken when the rounds run out;
 *   <li>H, when no node has its name, is a human node that asks {@code ${S.user_prompt}} and
 *       answers {@value Supervision#ANSWERED_OUTPUT}; a human node of that name that says neither
 *       gets them;
 *   <li>a participant that runs an agent and does not say {@code session ...} continues its
 *       conversation from one round to the next ({@code session continue}).
 * </ul>
 *
 * Edges the author wrote come first, in their order; then the {@code finish} edges, then each
 * supervisor's edges, in a fixed order: so a graph printed as source and read again is wired the
 * same way.
 */
public final class SupervisionWiring {
    private SupervisionWiring() {}

    /** What an edge that the wiring makes does. */
    public enum Role {
        /** {@code S -> P when P}: the supervisor hands the work to P (or asks H). */
        ROUTE,
        /** {@code P -> S loop max N}: P's result goes back to the supervisor. */
        RETURN
    }

    /** The supervision of a node when it is a supervisor. */
    public static Optional<Supervision> of(Node node) {
        return node.spec() instanceof NodeSpec.Task t && t.steering().supervises() ? Optional.of(t.steering().supervisor()) : Optional.empty();
    }

    /** The supervisor nodes of a workflow, in declaration order. */
    public static List<Node> supervisors(Workflow w) {
        return w.nodes().stream().filter(n -> of(n).isPresent()).toList();
    }

    /**
     * Whether {@code e} is one of the edges that wiring {@code supervisor} makes, and which: a route
     * to one of its targets taken on that target's output, or a loop edge back from one of them.
     */
    public static Optional<Role> role(Node supervisor, Edge e) {
        Optional<Supervision> s = of(supervisor);
        if (s.isEmpty()) {
            return Optional.empty();
        }
        List<String> targets = s.get().targets();
        String from = e.from().name();
        String to = e.to().name();
        if (from.equals(supervisor.id()) && targets.contains(to) && !e.isLoop() && !e.onLimitReached() && isTestOf(e.condition(), to)
                && e.dataMapping().isEmpty()) {
            return Optional.of(Role.ROUTE);
        }
        if (to.equals(supervisor.id()) && targets.contains(from) && e.isLoop() && e.condition() == null && e.dataMapping().isEmpty()) {
            return Optional.of(Role.RETURN);
        }
        return Optional.empty();
    }

    /** The supervisor whose wiring {@code e} is, if any. */
    public static Optional<Node> wiredBy(Workflow w, Edge e) {
        for (String end : List.of(e.from().name(), e.to().name())) {
            Optional<Node> n = w.node(end);
            if (n.isPresent() && role(n.get(), e).isPresent()) {
                return n;
            }
        }
        return Optional.empty();
    }

    private static boolean isTestOf(Expr condition, String output) {
        return condition instanceof Expr.OutputTest t && t.quantifier() == Expr.Quantifier.ANY && t.outputs().size() == 1
                && t.outputs().get(0).name().equals(output);
    }

    /** The workflow with every supervisor wired (see the class comment); a workflow without one as it is. */
    public static Workflow wire(Workflow w) {
        List<Node> supervisors = supervisors(w);
        if (supervisors.isEmpty()) {
            return w;
        }
        // Replacements by id, applied to the first node of that id (the checker reports duplicates).
        var nodes = new LinkedHashMap<String, Node>();
        var extra = new ArrayList<Node>();
        for (Node n : w.nodes()) {
            nodes.putIfAbsent(n.id(), n);
        }
        var userEdges = new ArrayList<Edge>();
        var limits = new LinkedHashMap<String, List<Edge>>();
        for (Edge e : w.edges()) {
            Optional<Node> from = w.node(e.from().name());
            if (e.onLimitReached() && from.isPresent() && of(from.get()).isPresent()) {
                limits.computeIfAbsent(from.get().id(), k -> new ArrayList<>()).add(e);
            } else {
                userEdges.add(e);
            }
        }
        for (Node s : supervisors) {
            Supervision sup = of(s).orElseThrow();
            List<NameRef> targets = targets(w, s);
            nodes.put(s.id(), withOutputs(s, outputs(s, sup, targets)));
            for (NameRef p : sup.participants()) {
                if (targets.contains(p) && nodes.get(p.name()) != null) {
                    nodes.put(p.name(), continuing(nodes.get(p.name())));
                }
            }
            if (sup.ask() != null) {
                Node asked = nodes.get(sup.ask().name());
                if (asked == null && targets.contains(sup.ask()) && extra.stream().noneMatch(n -> n.id().equals(sup.ask().name()))) {
                    extra.add(Node.builder().id(sup.ask().name()).spec(new NodeSpec.Human(null, question(s), null))
                            .outputs(List.of(new OutputDecl(Supervision.ANSWERED_OUTPUT, null, sup.ask().source()))).source(sup.ask().source())
                            .build());
                } else if (asked != null && asked.spec() instanceof NodeSpec.Human) {
                    nodes.put(asked.id(), asking(asked, s));
                }
            }
        }
        var ids = new EdgeIds();
        userEdges.forEach(e -> ids.reserve(e.id()));
        var edges = new ArrayList<>(userEdges);
        for (Node s : supervisors) {
            if (of(s).orElseThrow().mayFinish() && userEdges.stream().noneMatch(e -> e.from().name().equals(s.id()) && testsFinish(e.condition(), s.id()))) {
                var finish = new Expr.OutputTest(Expr.Quantifier.ANY, List.of(new NameRef(Supervision.FINISH_OUTPUT, s.source())), s.source());
                edges.add(new Edge(ids.next(s.id(), Node.END_ID), new NameRef(s.id(), s.source()), new NameRef(Node.END_ID, s.source()), finish,
                        null, false, List.of(), s.source()));
            }
        }
        for (Node s : supervisors) {
            edges.addAll(edgesOf(s, of(s).orElseThrow(), targets(w, s), limits.getOrDefault(s.id(), List.of()), ids));
        }
        return w.toBuilder().nodes(withExtra(replaced(w.nodes(), nodes), extra)).edges(edges).build();
    }

    /** The supervisor's routes and returns, then its limit routes from each of its targets. */
    private static List<Edge> edgesOf(Node s, Supervision sup, List<NameRef> targets, List<Edge> limitRoutes, EdgeIds ids) {
        var out = new ArrayList<Edge>();
        int max = sup.maxRounds() == null ? 0 : sup.maxRounds();
        SourceRef roundsAt = sup.rounds() == null ? s.source() : sup.rounds().source();
        var self = new NameRef(s.id(), s.source());
        for (NameRef t : targets) {
            var test = new Expr.OutputTest(Expr.Quantifier.ANY, List.of(t), t.source());
            out.add(new Edge(ids.next(s.id(), t.name()), self, t, test, null, false, List.of(), t.source()));
            out.add(new Edge(ids.next(t.name(), s.id()), t, self, null, new LoopControl(max, roundsAt), false, List.of(), t.source()));
        }
        for (Edge limit : limitRoutes) {
            for (NameRef t : targets) {
                out.add(new Edge(ids.next(t.name(), limit.to().name()), new NameRef(t.name(), limit.from().source()), limit.to(),
                        limit.condition(), null, true, limit.dataMapping(), limit.source()));
            }
        }
        return out;
    }

    /**
     * What the wiring connects the supervisor to: each participant that is a node that can take part
     * ({@link #canTakePart}), once; then the ask node, when it is a human node or no node has its
     * name. Anything else is left out, for the checker to report once (FLOW701, FLOW702).
     */
    public static List<NameRef> targets(Workflow w, Node s) {
        Supervision sup = of(s).orElseThrow();
        var out = new ArrayList<NameRef>();
        var seen = new HashSet<String>();
        seen.add(s.id());
        for (NameRef p : sup.participants()) {
            Optional<Node> n = w.node(p.name());
            if (n.isPresent() && canTakePart(n.get()) && seen.add(p.name())) {
                out.add(p);
            }
        }
        if (sup.ask() != null) {
            Optional<Node> n = w.node(sup.ask().name());
            if ((n.isEmpty() || n.get().kind() == NodeKind.HUMAN) && seen.add(sup.ask().name())) {
                out.add(sup.ask());
            }
        }
        return out;
    }

    /** Whether a node can be a participant: a task that is not itself a supervisor, a gate node, or a subgraph. */
    public static boolean canTakePart(Node n) {
        return n.spec().accept(new NodeSpec.Visitor<Boolean>() {
            @Override
            public Boolean task(NodeSpec.Task task) {
                return !task.steering().supervises();
            }

            @Override
            public Boolean gate(NodeSpec.Gate gate) {
                return true;
            }

            @Override
            public Boolean branch(NodeSpec.Branch branch) {
                return false;
            }

            @Override
            public Boolean parallel(NodeSpec.Parallel parallel) {
                return false;
            }

            @Override
            public Boolean merge(NodeSpec.Merge merge) {
                return false;
            }

            @Override
            public Boolean subgraph(NodeSpec.Subgraph subgraph) {
                return true;
            }

            @Override
            public Boolean human(NodeSpec.Human human) {
                return false;
            }

            @Override
            public Boolean checkpoint(NodeSpec.Checkpoint checkpoint) {
                return false;
            }

            @Override
            public Boolean start(NodeSpec.Start start) {
                return false;
            }

            @Override
            public Boolean end(NodeSpec.End end) {
                return false;
            }

            @Override
            public Boolean unknown(NodeSpec.Unknown unknown) {
                return false;
            }
        });
    }

    /** Whether a condition tests the output {@code finish} (as an output test, {@code S.finish} or {@code output == "finish"}). */
    static boolean testsFinish(Expr e, String supervisor) {
        if (e == null) {
            return false;
        }
        if (e instanceof Expr.OutputTest t) {
            return t.outputs().stream().anyMatch(o -> o.name().equals(Supervision.FINISH_OUTPUT));
        } else if (e instanceof Expr.Ref r) {
            return r.path().equals(Supervision.FINISH_OUTPUT) || r.path().equals(supervisor + "." + Supervision.FINISH_OUTPUT);
        } else if (e instanceof Expr.Literal l) {
            return l.value().equals(Value.of(Supervision.FINISH_OUTPUT));
        } else if (e instanceof Expr.Unary u) {
            return testsFinish(u.operand(), supervisor);
        } else if (e instanceof Expr.Binary b) {
            return testsFinish(b.left(), supervisor) || testsFinish(b.right(), supervisor);
        }
        return false;
    }

    private static List<OutputDecl> outputs(Node s, Supervision sup, List<NameRef> targets) {
        var out = new LinkedHashMap<String, OutputDecl>();
        for (NameRef t : targets) {
            out.putIfAbsent(t.name(), new OutputDecl(t.name(), null, t.source()));
        }
        if (sup.mayFinish()) {
            out.putIfAbsent(Supervision.FINISH_OUTPUT, new OutputDecl(Supervision.FINISH_OUTPUT, null, s.source()));
        }
        return List.copyOf(out.values());
    }

    /** The question of a human node that asks for supervisor {@code s}. */
    public static String question(Node s) {
        return "${" + s.id() + "." + Supervision.USER_PROMPT + "}";
    }

    private static Node withOutputs(Node n, List<OutputDecl> outputs) {
        return n.toBuilder().outputs(outputs)
                .escalation(null) // as before builders: this copy has always dropped the escalation
                .build();
    }

    /** A participant that runs an agent and says nothing of sessions continues its conversation. */
    private static Node continuing(Node p) {
        if (p.spec() instanceof NodeSpec.Task t && t.command() == null && t.call().session() == null && !t.steering().supervises()) {
            return p.toBuilder().spec(t.toBuilder().call(c -> c.session(SessionMode.CONTINUE)).build())
                    .escalation(null) // as before builders: this copy has always dropped the escalation
                    .build();
        }
        return p;
    }

    /** A human node that asks for {@code s}: its question and its answer, where it gives none. */
    private static Node asking(Node h, Node s) {
        var human = (NodeSpec.Human) h.spec();
        NodeSpec spec = human.prompt() == null ? new NodeSpec.Human(human.title(), question(s), human.defaultOutput()) : human;
        List<OutputDecl> outputs = h.outputs().isEmpty() ? List.of(new OutputDecl(Supervision.ANSWERED_OUTPUT, null, h.source())) : h.outputs();
        return h.toBuilder().spec(spec).outputs(outputs)
                .escalation(null) // as before builders: this copy has always dropped the escalation
                .build();
    }

    private static List<Node> replaced(List<Node> nodes, Map<String, Node> byId) {
        var out = new ArrayList<Node>(nodes.size());
        var done = new HashSet<String>();
        for (Node n : nodes) {
            out.add(done.add(n.id()) ? byId.get(n.id()) : n);
        }
        return out;
    }

    /** The nodes, with the created ones before {@code end} so that it stays last. */
    private static List<Node> withExtra(List<Node> nodes, List<Node> extra) {
        if (extra.isEmpty()) {
            return nodes;
        }
        var out = new ArrayList<Node>(nodes);
        int at = out.size();
        for (int i = 0; i < out.size(); i++) {
            if (out.get(i).kind() == NodeKind.END) {
                at = i;
            }
        }
        out.addAll(at, extra);
        return out;
    }

    /**
     * What the author wrote, from a wired workflow: for printing it as source that {@link #wire}s back
     * to the same graph. The wiring's edges go; the limit routes that every target of a supervisor
     * takes alike become one {@code S -> X on limit}; an ask node
     * that the wiring made goes, and one that was given its question or answer loses them;
     * participants lose the {@code session continue} they were given.
     */
    public static Workflow unwire(Workflow w) {
        List<Node> supervisors = supervisors(w);
        if (supervisors.isEmpty()) {
            return w;
        }
        Set<Edge> dropped = Collections.newSetFromMap(new IdentityHashMap<>());
        Map<Edge, Edge> merged = new IdentityHashMap<>();
        for (Node s : supervisors) {
            List<String> targets = targets(w, s).stream().map(NameRef::name).toList();
            for (Edge e : w.edges()) {
                if (role(s, e).isPresent()) {
                    dropped.add(e);
                }
            }
            var routes = new LinkedHashMap<List<Object>, List<Edge>>();
            for (Edge e : w.edges()) {
                if (e.onLimitReached() && targets.contains(e.from().name()) && !dropped.contains(e)) {
                    routes.computeIfAbsent(List.of(e.to().name(), String.valueOf(e.condition()), e.dataMapping()), k -> new ArrayList<>()).add(e);
                }
            }
            for (List<Edge> group : routes.values()) {
                if (!targets.isEmpty() && group.stream().map(e -> e.from().name()).distinct().count() == targets.size()
                        && group.size() == targets.size()) {
                    Edge first = group.get(0);
                    dropped.addAll(group);
                    merged.put(first, new Edge(s.id() + "->" + first.to().name(), new NameRef(s.id(), first.from().source()), first.to(),
                            first.condition(), null, true, first.dataMapping(), first.source()));
                }
            }
        }
        var edges = new ArrayList<Edge>();
        for (Edge e : w.edges()) {
            if (merged.containsKey(e)) {
                edges.add(merged.get(e));
            } else if (!dropped.contains(e)) {
                edges.add(e);
            }
        }
        var nodes = new ArrayList<Node>();
        for (Node n : w.nodes()) {
            Node plain = unwired(w, n);
            if (plain != null) {
                nodes.add(plain);
            }
        }
        return w.toBuilder().nodes(nodes).edges(withDerivedIds(edges, merged.values())).build();
    }

    /** A node as its author wrote it; null for an ask node that the wiring made. */
    private static Node unwired(Workflow w, Node n) {
        if (of(n).isPresent()) {
            return n; // its outputs are the wiring's, which a printer leaves out
        }
        for (Node s : supervisors(w)) {
            Supervision sup = of(s).orElseThrow();
            if (sup.ask() != null && sup.ask().name().equals(n.id()) && n.spec() instanceof NodeSpec.Human h) {
                boolean asksForS = question(s).equals(h.prompt());
                boolean answers = n.outputs().size() == 1 && n.outputs().get(0).name().equals(Supervision.ANSWERED_OUTPUT);
                if (asksForS && answers && h.title() == null && h.defaultOutput() == null && n.label() == null && n.description() == null
                        && n.retry() == null && n.timeout() == null && n.onOutput().isEmpty() && n.waitForIncoming() == null
                        && n.metadata().isEmpty()) {
                    return null;
                }
                NodeSpec spec = asksForS ? new NodeSpec.Human(h.title(), null, h.defaultOutput()) : h;
                return n.toBuilder().spec(spec).outputs(answers ? List.of() : n.outputs())
                        .escalation(null) // as before builders: this copy has always dropped the escalation
                        .build();
            }
            if (n.spec() instanceof NodeSpec.Task t && t.call().session() == SessionMode.CONTINUE && t.command() == null
                    && sup.participants().stream().anyMatch(p -> p.name().equals(n.id()))) {
                return n.toBuilder().spec(t.toBuilder().call(c -> c.session(null)).build())
                        .escalation(null) // as before builders: this copy has always dropped the escalation
                        .build();
            }
        }
        return n;
    }

    /** The edges, with the ids of the {@code merged} ones derived as a front end derives them. */
    private static List<Edge> withDerivedIds(List<Edge> edges, Collection<Edge> merged) {
        Set<Edge> made = Collections.newSetFromMap(new IdentityHashMap<>());
        made.addAll(merged);
        var ids = new EdgeIds();
        for (Edge e : edges) {
            if (!made.contains(e) && !EdgeIds.isDerived(e.id(), e.from().name(), e.to().name())) {
                ids.reserve(e.id());
            }
        }
        var out = new ArrayList<Edge>(edges.size());
        for (Edge e : edges) {
            boolean derived = made.contains(e) || EdgeIds.isDerived(e.id(), e.from().name(), e.to().name());
            String next = derived ? ids.next(e.from().name(), e.to().name()) : e.id();
            out.add(made.contains(e) ? new Edge(next, e.from(), e.to(), e.condition(), e.loop(), e.onLimitReached(), e.dataMapping(), e.source()) : e);
        }
        return out;
    }
}

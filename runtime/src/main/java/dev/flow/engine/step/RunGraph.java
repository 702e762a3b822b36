package dev.flow.engine.step;

import dev.flow.model.Edge;
import dev.flow.model.FlowGraph;
import dev.flow.model.Interrupt;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeKind;
import dev.flow.model.NodeSpec;
import dev.flow.lowering.SupervisionWiring;
import dev.flow.model.WaitMode;
import dev.flow.model.Workflow;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * A workflow prepared for running: nodes and edges indexed by id, the edges that count when a node
 * waits for its inputs, and the body of every loop. Built once per workflow and shared by every
 * transaction; all lookups are constant time.
 *
 * <p>Loop bodies: the body of a loop edge {@code s -> t} is every node on a path from {@code t} to
 * {@code s} over forward edges (edges that are neither loop edges nor back edges of a depth-first
 * search from {@code start}), {@code t} and {@code s} included. Computing it is two breadth-first
 * searches, linear in the size of the graph.
 */
public final class RunGraph {
    private final FlowGraph flowGraph;
    private final Workflow workflow;
    private final Map<String, Node> nodes = new HashMap<>();
    private final Map<String, List<Edge>> outgoing = new HashMap<>();
    /** Every edge into a node, as {@link Workflow#edgesTo} lists them: that scans all edges, once a step. */
    private final Map<String, List<Edge>> incoming = new HashMap<>();
    private final Map<String, List<Edge>> joinIncoming = new HashMap<>();
    private final Map<String, List<Edge>> forwardIncoming = new HashMap<>();
    /** Merges where the branches of a {@code parallel ... wait first} race, by merge id: the parallel node's id. */
    private final Map<String, String> raceJoins = new HashMap<>();
    // By identity: an edge record's own hashCode walks its whole condition tree.
    private final Map<Edge, Integer> ordinals = new IdentityHashMap<>();
    private final Set<Edge> reentry = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<String, Set<String>> bodies = new ConcurrentHashMap<>();
    private final Map<String, List<Interrupt>> before = new HashMap<>();
    private final Map<String, List<Interrupt>> after = new HashMap<>();
    private final dev.flow.model.Escalations escalations;
    // A supervisor's loop edges back to it, by supervisor; and each such edge's supervisor.
    private final Map<String, List<Edge>> rounds = new HashMap<>();
    private final Map<Edge, Node> roundOf = new IdentityHashMap<>();
    // Each participant's supervisor (the first that names it, in declaration order): found once, not per claim.
    private final Map<String, Node> supervisorOf = new HashMap<>();

    public RunGraph(FlowGraph flowGraph, Workflow workflow) {
        this.flowGraph = flowGraph;
        this.workflow = workflow;
        for (Node n : workflow.nodes()) {
            nodes.putIfAbsent(n.id(), n);
            outgoing.put(n.id(), new ArrayList<>());
            joinIncoming.put(n.id(), new ArrayList<>());
            forwardIncoming.put(n.id(), new ArrayList<>());
        }
        for (Edge e : workflow.edges()) {
            incoming.computeIfAbsent(e.to().name(), k -> new ArrayList<>()).add(e);
            if (!nodes.containsKey(e.from().name()) || !nodes.containsKey(e.to().name())) {
                continue; // the checker reports unknown nodes; a run never follows such an edge
            }
            List<Edge> out = outgoing.get(e.from().name());
            ordinals.put(e, out.size());
            out.add(e);
        }
        findBackEdges();
        for (Edge e : workflow.edges()) {
            if (ordinals.containsKey(e) && !reentry.contains(e)) {
                forwardIncoming.get(e.to().name()).add(e);
                if (countsForJoin(e)) {
                    joinIncoming.get(e.to().name()).add(e);
                }
            }
        }
        for (Edge e : workflow.edges()) {
            Node s = ordinals.containsKey(e) ? nodes.get(e.to().name()) : null;
            if (s != null && SupervisionWiring.role(s, e).orElse(null) == SupervisionWiring.Role.RETURN) {
                rounds.computeIfAbsent(s.id(), k -> new ArrayList<>()).add(e);
                roundOf.put(e, s);
            }
        }
        for (Node sup : SupervisionWiring.supervisors(workflow)) {
            SupervisionWiring.of(sup).orElseThrow().participants().forEach(p -> supervisorOf.putIfAbsent(p.name(), sup));
        }
        findRaceJoins();
        for (Interrupt i : workflow.interrupts()) {
            var map = i.timing() == Interrupt.Timing.BEFORE ? before : after;
            map.computeIfAbsent(i.node().name(), k -> new ArrayList<>()).add(i);
        }
        this.escalations = dev.flow.model.Escalations.of(workflow);
    }

    /** Where each node's permanent failure goes. */
    public dev.flow.model.Escalations escalations() {
        return escalations;
    }

    /** Whether the node handles escalations: a target of one, or an automatic escalation node. */
    public boolean handlesEscalations(String id) {
        return escalations.isTarget(id) || dev.flow.model.Provenance.escalates(node(id)).isPresent();
    }

    /** Whether the node's answers may add nodes: a planner, or a node that handles escalations. */
    public boolean isPlanner(String id) {
        return node(id).spec() instanceof NodeSpec.Task t && t.steering().isPlanner() || handlesEscalations(id);
    }

    /** Loop edges, and edges that close a cycle without being marked as loops (the checker refuses those). */
    private void findBackEdges() {
        for (Edge e : workflow.edges()) {
            if (e.isLoop() && ordinals.containsKey(e)) {
                reentry.add(e);
            }
        }
        // Iterative depth-first search over the other edges; an edge to a node on the stack closes a cycle.
        var state = new HashMap<String, Integer>(); // 1 on stack, 2 done
        Deque<Object[]> stack = new ArrayDeque<>();
        if (!nodes.containsKey(Node.START_ID)) {
            return;
        }
        stack.push(new Object[] {Node.START_ID, 0});
        state.put(Node.START_ID, 1);
        while (!stack.isEmpty()) {
            Object[] top = stack.peek();
            String id = (String) top[0];
            int next = (Integer) top[1];
            List<Edge> out = outgoing.get(id);
            if (next >= out.size()) {
                state.put(id, 2);
                stack.pop();
                continue;
            }
            top[1] = next + 1;
            Edge e = out.get(next);
            if (reentry.contains(e)) {
                continue;
            }
            String to = e.to().name();
            Integer s = state.get(to);
            if (s == null) {
                state.put(to, 1);
                stack.push(new Object[] {to, 0});
            } else if (s == 1) {
                reentry.add(e);
            }
        }
    }

    /**
     * For each {@code parallel ... wait first}, the merge where its branches race: of the merges every
     * branch reaches over forward edges, the nearest to the parallel node (breadth first). A parallel
     * node whose branches meet at no merge has none (the checker reports it, FLOW309).
     */
    private void findRaceJoins() {
        for (Node n : workflow.nodes()) {
            if (!(n.spec() instanceof NodeSpec.Parallel p) || p.waitFor() != WaitMode.FIRST) {
                continue;
            }
            List<String> branches = new ArrayList<>();
            Set<String> listed = p.branches().stream().map(NameRef::name).collect(Collectors.toSet());
            for (Edge e : outgoing(n.id())) {
                if (!reentry.contains(e) && (listed.isEmpty() || listed.contains(e.to().name())) && !branches.contains(e.to().name())) {
                    branches.add(e.to().name());
                }
            }
            if (branches.isEmpty()) {
                continue;
            }
            List<Set<String>> reached = branches.stream().map(b -> reach(b, true)).toList();
            for (String candidate : reach(n.id(), true)) { // breadth-first order: nearest first
                if (nodes.get(candidate).kind() == NodeKind.MERGE && reached.stream().allMatch(r -> r.contains(candidate))) {
                    raceJoins.putIfAbsent(candidate, n.id());
                    break;
                }
            }
        }
    }

    private boolean countsForJoin(Edge e) {
        Node target = nodes.get(e.to().name());
        if (target.spec() instanceof NodeSpec.Merge m && !m.waitFor().isEmpty()) {
            return m.waitFor().stream().map(NameRef::name).anyMatch(n -> n.equals(e.from().name()));
        }
        return true;
    }

    /** The supervisor that names {@code id} among its participants, or null. */
    public Node supervisorOf(String id) {
        return supervisorOf.get(id);
    }

    public FlowGraph flowGraph() {
        return flowGraph;
    }

    public Workflow workflow() {
        return workflow;
    }

    public Node node(String id) {
        Node n = nodes.get(id);
        if (n == null) {
            throw new IllegalArgumentException("no node \"" + id + "\" in workflow \"" + workflow.id() + "\"");
        }
        return n;
    }

    public boolean hasNode(String id) {
        return nodes.containsKey(id);
    }

    /** The edges leaving a node, in declaration order; an edge's index here is its ordinal. */
    public List<Edge> outgoing(String id) {
        return outgoing.getOrDefault(id, List.of());
    }

    /** Every edge into a node, in declaration order, loop and back edges included (as {@link Workflow#edgesTo}). */
    public List<Edge> incoming(String id) {
        return incoming.getOrDefault(id, List.of());
    }

    public int ordinal(Edge e) {
        return ordinals.get(e);
    }

    /** The incoming edges a node waits for: neither loop nor back edges, and for a merge only those it joins. */
    public List<Edge> joinIncoming(String id) {
        return joinIncoming.getOrDefault(id, List.of());
    }

    /** Whether taking this edge re-enters a node that may already have run (a loop or back edge). */
    public boolean isReentry(Edge e) {
        return reentry.contains(e);
    }

    /**
     * The edges into a node that are neither loop nor back edges: the ways a branch reaches it in one
     * pass.
     */
    public List<Edge> forwardIncoming(String id) {
        return forwardIncoming.getOrDefault(id, List.of());
    }

    /**
     * How a node waits for its incoming branches. The merge where the branches of a {@code parallel
     * ... wait first} meet waits for the first, whatever it says itself.
     */
    public WaitMode mode(String id) {
        Node n = node(id);
        if (n.spec() instanceof NodeSpec.Merge m) {
            return raceJoins.containsKey(id) ? WaitMode.FIRST : m.mode();
        }
        return n.waitForIncoming() == null ? WaitMode.ANY : n.waitForIncoming();
    }

    /** The node and every node it reaches over forward edges (neither loop nor back edges), nearest first. */
    public Set<String> downstream(String id) {
        return Collections.unmodifiableSet(reach(id, true));
    }

    /** The nodes a loop edge re-runs (see the class comment). */
    public Set<String> body(Edge loop) {
        return bodies.computeIfAbsent(loop.id(), k -> computeBody(loop.to().name(), loop.from().name()));
    }

    private Set<String> computeBody(String from, String to) {
        Set<String> forward = reach(from, true);
        Set<String> backward = reach(to, false);
        var body = new LinkedHashSet<String>();
        for (String n : forward) {
            if (backward.contains(n)) {
                body.add(n);
            }
        }
        body.add(from);
        body.add(to);
        return Set.copyOf(body);
    }

    private Set<String> reach(String origin, boolean forward) {
        var incoming = new HashMap<String, List<String>>();
        if (!forward) {
            for (var entry : outgoing.entrySet()) {
                for (Edge e : entry.getValue()) {
                    if (!reentry.contains(e)) {
                        incoming.computeIfAbsent(e.to().name(), k -> new ArrayList<>()).add(e.from().name());
                    }
                }
            }
        }
        var seen = new LinkedHashSet<String>();
        Deque<String> queue = new ArrayDeque<>();
        queue.add(origin);
        seen.add(origin);
        while (!queue.isEmpty()) {
            String n = queue.poll();
            List<String> next = new ArrayList<>();
            if (forward) {
                for (Edge e : outgoing(n)) {
                    if (!reentry.contains(e)) {
                        next.add(e.to().name());
                    }
                }
            } else {
                next = incoming.getOrDefault(n, List.of());
            }
            for (String m : next) {
                if (seen.add(m)) {
                    queue.add(m);
                }
            }
        }
        return seen;
    }

    /** The supervisor a loop edge goes back to, when it is one of the edges that count its rounds; null otherwise. */
    public Node roundOf(Edge e) {
        return roundOf.get(e);
    }

    /** Every edge that counts the rounds of supervisor {@code id}. */
    public List<Edge> rounds(String id) {
        return rounds.getOrDefault(id, List.of());
    }

    public List<Interrupt> interruptsBefore(String id) {
        return before.getOrDefault(id, List.of());
    }

    public List<Interrupt> interruptsAfter(String id) {
        return after.getOrDefault(id, List.of());
    }

    /** Whether the node runs a process and so needs a slot of max parallel: tasks, gates, merges with an agent. */
    public static boolean needsSlot(Node n) {
        return n.spec().accept(new NodeSpec.Visitor<Boolean>() {
            @Override
            public Boolean task(NodeSpec.Task task) {
                return true;
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
                return merge.agent() != null;
            }

            @Override
            public Boolean subgraph(NodeSpec.Subgraph subgraph) {
                return false;
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

    /** Whether the node counts as work for the {@code max executions} limit: what needs a slot, people and subgraphs. */
    public static boolean isWork(Node n) {
        return n.spec().accept(new NodeSpec.Visitor<Boolean>() {
            @Override
            public Boolean task(NodeSpec.Task task) {
                return true;
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
                return merge.agent() != null;
            }

            @Override
            public Boolean subgraph(NodeSpec.Subgraph subgraph) {
                return true;
            }

            @Override
            public Boolean human(NodeSpec.Human human) {
                return true;
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

    /** Outputs that mean the node failed: a gate's {@code failed}, a task's {@code fail} or {@code failure}. */
    public static boolean isFailureOutput(Node n, String output) {
        return n.spec().accept(new NodeSpec.Visitor<Boolean>() {
            @Override
            public Boolean task(NodeSpec.Task task) {
                if (task.execution().isolated() && dev.flow.model.Isolation.CONFLICT_OUTPUT.equals(output)) {
                    return true;
                }
                return "fail".equals(output) || "failure".equals(output) || "failed".equals(output);
            }

            @Override
            public Boolean gate(NodeSpec.Gate gate) {
                return "failed".equals(output);
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
                return false;
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
}

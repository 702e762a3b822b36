package dev.flow.check;

import dev.flow.diagnostic.Code;
import dev.flow.model.Edge;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeKind;
import dev.flow.model.NodeSpec;
import dev.flow.model.Supervision;
import dev.flow.lowering.SupervisionWiring;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * FLOW7xx: supervisors (seed 004's pattern) and what they lead. The wiring
 * ({@link SupervisionWiring}) connects only what can take part; these rules report the rest,
 * each mistake once: unknown participants, participants that cannot take part, edges around
 * participants besides the wiring, supervisor edges taken on every decision, a supervisor that
 * cannot finish, and a missing or non-positive round limit. A supervisor with no participants, or
 * one that runs a command, is reported as a node that lacks or mixes what its kind needs
 * (FLOW105, FLOW106).
 */
final class SupervisionRules {
    private SupervisionRules() {}

    /** FLOW701: participants that name no node, with the nearest nodes that could take part. */
    static void unknownParticipants(WorkflowIndex w, Report out) {
        List<String> candidates = w.nodes().stream().filter(SupervisionWiring::canTakePart).map(Node::id).toList();
        for (Node s : SupervisionWiring.supervisors(w.workflow())) {
            for (NameRef p : supervision(s).participants()) {
                if (!w.isKnown(p.name()) && !isImplicit(p.name())) {
                    out.unknown(Code.UNKNOWN_PARTICIPANT, Report.at(p.source(), s.source()), "supervisor " + Messages.q(s.id())
                            + " names participant " + Messages.q(p.name()) + ", which no node has", p.name(), candidates,
                            "declare a task of that name, or name one of the workflow's tasks");
                }
            }
        }
    }

    /**
     * Whether a supervisor meant to lead {@code node} but the wiring left it out: named as a
     * participant or ask node that cannot take that part (FLOW702), or the nearest name to a
     * participant that no node has (FLOW701). That diagnostic then explains why nothing leads to it.
     */
    static boolean isMeantAsParticipant(WorkflowIndex w, Node node) {
        List<String> candidates = w.nodes().stream().filter(SupervisionWiring::canTakePart).map(Node::id).toList();
        for (Node s : SupervisionWiring.supervisors(w.workflow())) {
            Supervision sup = supervision(s);
            boolean named = sup.targets().contains(node.id());
            boolean wired = SupervisionWiring.targets(w.workflow(), s).stream().anyMatch(t -> t.name().equals(node.id()));
            if (named && !wired) {
                return true;
            }
            for (NameRef p : sup.participants()) {
                if (!w.isKnown(p.name()) && NameSuggester.best(p.name(), candidates).filter(node.id()::equals).isPresent()) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * FLOW702: participants that cannot take part (the supervisor itself, start or end, a node of a
     * kind that does not report back, another supervisor, one named twice or by two supervisors,
     * one named {@code finish}), and ask nodes that are not human nodes.
     */
    static void invalidParticipants(WorkflowIndex w, Report out) {
        Map<String, String> ledBy = new HashMap<>();
        for (Node s : SupervisionWiring.supervisors(w.workflow())) {
            Supervision sup = supervision(s);
            Set<String> named = new HashSet<>();
            for (NameRef p : sup.participants()) {
                String why = participantProblem(w, s, sup, p, named, ledBy);
                if (why != null) {
                    out.add(Code.INVALID_PARTICIPANT, Report.at(p.source(), s.source()), why);
                }
            }
            NameRef ask = sup.ask();
            if (ask == null) {
                continue;
            }
            String who = "supervisor " + Messages.q(s.id());
            if (ask.name().equals(s.id()) || named.contains(ask.name())) {
                out.add(Code.INVALID_PARTICIPANT, Report.at(ask.source(), s.source()), who + " asks " + Messages.q(ask.name())
                        + ", which is " + (ask.name().equals(s.id()) ? "the supervisor itself" : "one of its participants")
                        + "; ask names a human node, or a new name for the human node Flow creates");
            } else if (isImplicit(ask.name()) || w.node(ask.name()).filter(n -> n.kind() != NodeKind.HUMAN).isPresent()) {
                String kind = isImplicit(ask.name()) ? "\"" + ask.name() + "\"" : "a " + w.node(ask.name()).orElseThrow().kind().name().toLowerCase(Locale.ROOT) + " node";
                out.add(Code.INVALID_PARTICIPANT, Report.at(ask.source(), s.source()), who + " asks " + Messages.q(ask.name()) + ", which is " + kind
                        + "; ask names a human node, or a name no node has, for which Flow creates one");
            } else if (ledBy.putIfAbsent(ask.name(), s.id()) != null && !ledBy.get(ask.name()).equals(s.id())) {
                out.add(Code.INVALID_PARTICIPANT, Report.at(ask.source(), s.source()), who + " asks " + Messages.q(ask.name())
                        + ", which already takes part under supervisor " + Messages.q(ledBy.get(ask.name())) + "; give each supervisor its own");
            }
        }
    }

    private static String participantProblem(WorkflowIndex w, Node s, Supervision sup, NameRef p, Set<String> named, Map<String, String> ledBy) {
        String who = "supervisor " + Messages.q(s.id());
        String name = p.name();
        if (name.equals(s.id())) {
            return who + " names itself as a participant; its participants are the nodes it hands work to";
        }
        if (isImplicit(name)) {
            return who + " names " + Messages.q(name) + " as a participant; a run only begins at start and completes at end: "
                    + "route \"" + s.id() + " -> end when finish\" instead";
        }
        if (!w.isKnown(name)) {
            return null; // FLOW701
        }
        if (!named.add(name)) {
            return who + " names participant " + Messages.q(name) + " twice; name it once";
        }
        Node n = w.node(name).orElseThrow();
        if (!SupervisionWiring.canTakePart(n)) {
            String kind = n.spec() instanceof NodeSpec.Task ? "a supervisor" : "a " + n.kind().name().toLowerCase(Locale.ROOT) + " node";
            String hint = n.kind() == NodeKind.HUMAN ? "; to ask a person, write \"ask " + name + "\"" : "";
            return who + " names " + Messages.q(name) + ", which is " + kind + "; a participant is a task, a gate node or a subgraph"
                    + ", which does the work and reports back" + hint;
        }
        if (sup.mayFinish() && name.equals(Supervision.FINISH_OUTPUT)) {
            return who + " names a participant " + Messages.q(name) + ", the output it takes when it finishes; rename the node";
        }
        String earlier = ledBy.putIfAbsent(name, s.id());
        if (earlier != null && !earlier.equals(s.id())) {
            return who + " names " + Messages.q(name) + ", which already takes part under supervisor " + Messages.q(earlier)
                    + "; each participant reports back to one supervisor";
        }
        return null;
    }

    /**
     * FLOW703: edges that enter or leave a participant or an ask node besides the supervisor's
     * wiring (an {@code on limit} edge leaving one is the supervisor's limit route, and may be
     * written there), and wiring that a compiled graph lacks.
     */
    static void participantEdges(WorkflowIndex w, Report out) {
        var workflow = w.workflow();
        for (Node s : SupervisionWiring.supervisors(workflow)) {
            for (NameRef t : SupervisionWiring.targets(workflow, s)) {
                if (!w.isKnown(t.name())) {
                    continue; // an ask node that a compiled graph lacks: the checker has nothing to check against
                }
                boolean routed = false;
                boolean returned = false;
                for (Edge e : w.edgesFrom(t.name())) {
                    var role = SupervisionWiring.role(s, e);
                    returned |= role.isPresent();
                    if (role.isEmpty() && !e.onLimitReached()) {
                        out.add(Code.PARTICIPANT_EDGE, e.source(), "edge " + WorkflowIndex.name(e) + " leaves " + Messages.q(t.name())
                                + ", which reports back to supervisor " + Messages.q(s.id()) + " alone; remove the edge, and let "
                                + Messages.q(s.id()) + " route what comes next");
                    }
                }
                for (Edge e : w.edgesTo(t.name())) {
                    var role = SupervisionWiring.role(s, e);
                    routed |= role.isPresent();
                    if (role.isEmpty()) {
                        out.add(Code.PARTICIPANT_EDGE, e.source(), "edge " + WorkflowIndex.name(e) + " leads into " + Messages.q(t.name())
                                + ", which runs only when supervisor " + Messages.q(s.id()) + " hands it the work; remove the edge");
                    }
                }
                if (!routed || !returned) {
                    out.add(Code.PARTICIPANT_EDGE, Report.at(t.source(), s.source()), "supervisor " + Messages.q(s.id()) + " is not wired to "
                            + Messages.q(t.name()) + ": the edge " + (routed ? t.name() + " -> " + s.id() + " loop max N" : s.id() + " -> " + t.name()
                            + " when " + t.name()) + " is missing; compile the workflow from its source again");
                }
            }
        }
    }

    /** FLOW704: an edge without a condition leaves a supervisor, and would be taken on every decision. */
    static void unconditionedEdges(WorkflowIndex w, Report out) {
        for (Node s : SupervisionWiring.supervisors(w.workflow())) {
            for (Edge e : w.edgesFrom(s.id())) {
                if (e.condition() == null && !e.onLimitReached()) {
                    out.add(Code.UNCONDITIONED_SUPERVISOR_EDGE, e.source(), "edge " + WorkflowIndex.name(e) + " leaves supervisor "
                            + Messages.q(s.id()) + " without a condition, so it would be taken on every decision; add \"when "
                            + Supervision.FINISH_OUTPUT + "\" to take it once the supervisor is done");
                }
            }
        }
    }

    /** FLOW705: a supervisor that may not finish and whose rounds have no on-limit route. */
    static void supervisorsThatCannotFinish(WorkflowIndex w, Report out) {
        for (Node s : SupervisionWiring.supervisors(w.workflow())) {
            if (cannotFinish(w, s)) {
                out.add(Code.SUPERVISOR_CANNOT_FINISH, s.source(), "supervisor " + Messages.q(s.id()) + " may not finish (\"finish never\") and its rounds have"
                        + " no \"on limit\" route, so every run would stop at its round limit; add \"" + s.id() + " -> NEXT on limit\", or let it finish");
            }
        }
    }

    /** FLOW706: a supervisor without {@code max rounds}, or with fewer than one. */
    static void unboundedRounds(WorkflowIndex w, Report out) {
        for (Node s : SupervisionWiring.supervisors(w.workflow())) {
            Supervision sup = supervision(s);
            if (sup.maxRounds() == null) {
                out.add(Code.UNBOUNDED_ROUNDS, s.source(), "supervisor " + Messages.q(s.id())
                        + " has no bound on its rounds, so a run could go round forever; add \"max rounds N\" (each decision is a round)");
            } else if (sup.maxRounds() < 1) {
                out.add(Code.UNBOUNDED_ROUNDS, Report.at(sup.rounds().source(), s.source()), "max rounds " + sup.maxRounds() + " of supervisor "
                        + Messages.q(s.id()) + " would let it decide nothing; use 1 or more");
            }
        }
    }

    /** FLOW105, FLOW106: a supervisor needs participants and an agent; it cannot run a command. */
    static void incompleteSupervisors(WorkflowIndex w, Report out) {
        for (Node s : SupervisionWiring.supervisors(w.workflow())) {
            var task = (NodeSpec.Task) s.spec();
            if (supervision(s).participants().isEmpty()) {
                out.add(Code.MISSING_FIELD, s.source(), "supervisor " + Messages.q(s.id())
                        + " has no participants to hand work to; add \"participants a, b\" naming the tasks it leads");
            }
            if (task.command() != null) {
                out.add(Code.CONFLICTING_FIELDS, Report.at(task.command().source(), s.source()), "supervisor " + Messages.q(s.id())
                        + " runs a command, but a supervisor's answer is an agent's decision; give it an agent instead");
            }
        }
    }

    /** Whether {@code s} may not finish and no target of it has an on-limit edge. */
    static boolean cannotFinish(WorkflowIndex w, Node s) {
        if (supervision(s).mayFinish()) {
            return false;
        }
        for (NameRef t : SupervisionWiring.targets(w.workflow(), s)) {
            if (w.edgesFrom(t.name()).stream().anyMatch(Edge::onLimitReached)) {
                return false;
            }
        }
        return true;
    }

    /** Whether a supervisor that cannot finish explains why {@code node} never reaches end. */
    static boolean explainsDeadEnd(WorkflowIndex w, Node node) {
        for (Node s : SupervisionWiring.supervisors(w.workflow())) {
            if ((s.id().equals(node.id()) || supervision(s).targets().contains(node.id())) && cannotFinish(w, s)) {
                return true;
            }
        }
        return false;
    }

    /** Whether some supervisor cannot finish (which then explains a workflow with no exit). */
    static boolean anyCannotFinish(WorkflowIndex w) {
        return SupervisionWiring.supervisors(w.workflow()).stream().anyMatch(s -> cannotFinish(w, s));
    }

    /** Whether {@code e} is a loop edge back to a supervisor: its limit is the supervisor's rounds, checked by FLOW706. */
    static boolean isRoundEdge(WorkflowIndex w, Edge e) {
        return w.node(e.to().name()).flatMap(s -> SupervisionWiring.role(s, e)).filter(r -> r == SupervisionWiring.Role.RETURN).isPresent();
    }

    private static Supervision supervision(Node s) {
        return SupervisionWiring.of(s).orElseThrow();
    }

    private static boolean isImplicit(String name) {
        return Node.START_ID.equals(name) || Node.END_ID.equals(name);
    }
}

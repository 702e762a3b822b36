package dev.flow.engine.step;

import dev.flow.model.Node;
import dev.flow.model.NodeKind;
import dev.flow.model.Supervision;
import dev.flow.lowering.SupervisionWiring;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import dev.flow.store.RunRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * What a supervisor and its participants learn besides their own prompts, read from the run's
 * history in the claiming transaction (seed 004: the supervisor keeps the global context, the
 * participants their own):
 *
 * <ul>
 *   <li>a supervisor gets the conversation so far, oldest first: each decision it took, each
 *       participant's result (its text, such as an agent's summary, and its {@code data}), each
 *       question put to the person with their answer; then the round it is in, and who it can choose;
 *   <li>a participant gets what the supervisor said when it handed it the work (the decision's
 *       summary) and its own earlier results in the run; with {@code session continue} (its default)
 *       its agent also goes on with its own conversation.
 * </ul>
 *
 * Each entry's text is cut at {@value #MAX_ENTRY} characters; the whole result stays in the
 * artifacts and in {@code flow status}.
 */
final class SupervisorContext {
    /** The most characters of one entry's text that a prompt carries. */
    static final int MAX_ENTRY = 2_000;

    private SupervisorContext() {}

    /** One finished run of a node in the conversation. */
    private record Turn(String nodeId, long finishedAt, int iteration, String output, Map<String, Object> result) {}

    /** What to add to the prompt of {@code node}; null when it is neither a supervisor nor a participant. */
    static String of(Step step, RunContext ctx, Node node) {
        var own = SupervisionWiring.of(node);
        if (own.isPresent()) {
            return forSupervisor(step, ctx, node, own.get());
        }
        Node s = ctx.graph.supervisorOf(node.id());
        return s == null ? null : forParticipant(step, ctx, node, s);
    }

    private static String forSupervisor(Step step, RunContext ctx, Node s, Supervision sup) {
        var ids = new ArrayList<String>();
        ids.add(s.id());
        SupervisionWiring.targets(ctx.graph.workflow(), s).forEach(t -> ids.add(t.name()));
        List<Turn> turns = turns(step, ctx, ids);
        var out = new StringBuilder("Conversation so far (oldest first):\n");
        int round = 0;
        String lastQuestion = null;
        for (Turn t : turns) {
            if (t.nodeId().equals(s.id())) {
                round++;
                out.append("[round ").append(round).append("] you (").append(s.id()).append(") ");
                if (t.output().equals(Supervision.FINISH_OUTPUT)) {
                    out.append("finished");
                } else if (sup.ask() != null && t.output().equals(sup.ask().name())) {
                    lastQuestion = text(t.result().get(Supervision.USER_PROMPT));
                    out.append("asked ").append(t.output()).append(": ").append(clip(lastQuestion));
                } else {
                    out.append("handed the work to ").append(t.output());
                }
                appendSummary(out, t);
                out.append('\n');
                continue;
            }
            Node n = ctx.graph.node(t.nodeId());
            out.append("[round ").append(Math.max(round, 1)).append("] ").append(t.nodeId());
            if (n.kind() == NodeKind.HUMAN) {
                out.append(" (a person) answered: ").append(clip(TextResult.of(n, t.output(), t.result())));
            } else {
                out.append(" reported (").append(t.output()).append("): ").append(clip(TextResult.of(n, t.output(), t.result())));
                Object data = t.result().get("data");
                if (data != null) {
                    out.append("\n    data: ").append(clip(Json.write(data)));
                }
            }
            out.append('\n');
        }
        if (turns.isEmpty()) {
            out.append("(nothing yet: this is the first round)\n");
        }
        out.append("\nThis is round ").append(round + 1);
        if (sup.maxRounds() != null) {
            out.append(" of at most ").append(sup.maxRounds());
        }
        out.append(". Participants: ").append(String.join(", ", participants(ctx, s, sup))).append('.');
        if (sup.ask() != null) {
            out.append(" You can ask a person (").append(sup.ask().name()).append(").");
        }
        return out.toString();
    }

    private static List<String> participants(RunContext ctx, Node s, Supervision sup) {
        var out = new ArrayList<String>();
        for (var t : SupervisionWiring.targets(ctx.graph.workflow(), s)) {
            if (sup.ask() == null || !t.name().equals(sup.ask().name())) {
                Node n = ctx.graph.node(t.name());
                out.add(n.label() != null && !n.label().isBlank() ? t.name() + " (" + n.label() + ")" : t.name());
            }
        }
        return out;
    }

    private static String forParticipant(Step step, RunContext ctx, Node p, Node s) {
        var out = new StringBuilder();
        NodeRow decided = step.node(ctx, s.id());
        if (decided.status() == NodeStatus.COMPLETED && p.id().equals(decided.output())) {
            String said = text(step.core.results.decode(decided.resultJson()).get("summary"));
            if (!said.isBlank()) {
                out.append("The supervisor (").append(s.id()).append(") handed you the work: ").append(clip(said)).append('\n');
            }
        }
        List<Turn> earlier = turns(step, ctx, List.of(p.id()));
        if (!earlier.isEmpty()) {
            out.append("Your earlier results in this run (oldest first):\n");
            int i = 0;
            for (Turn t : earlier) {
                out.append(++i).append(". (").append(t.output()).append(") ").append(clip(TextResult.of(p, t.output(), t.result()))).append('\n');
            }
        }
        return out.length() == 0 ? null : out.toString().stripTrailing();
    }

    /** The completed runs of these nodes, archived and current, in the order they finished. */
    private static List<Turn> turns(Step step, RunContext ctx, List<String> ids) {
        var out = new ArrayList<Turn>();
        for (String id : ids) {
            if (!ctx.graph.hasNode(id)) {
                continue;
            }
            for (RunRow r : step.tx.runs().of(ctx.id(), id)) {
                if (r.status() == NodeStatus.COMPLETED && r.output() != null) {
                    out.add(new Turn(id, r.finishedAt() == null ? 0 : r.finishedAt(), r.iteration(), r.output(), step.core.results.decode(r.resultJson())));
                }
            }
            NodeRow now = step.node(ctx, id);
            if (now.status() == NodeStatus.COMPLETED && now.output() != null) {
                out.add(new Turn(id, now.finishedAt() == null ? 0 : now.finishedAt(), now.iteration(), now.output(),
                        step.core.results.decode(now.resultJson())));
            }
        }
        out.sort(Comparator.comparingLong(Turn::finishedAt));
        return out;
    }

    private static void appendSummary(StringBuilder out, Turn t) {
        String summary = text(t.result().get("summary"));
        if (!summary.isBlank()) {
            out.append(" (").append(clip(summary)).append(')');
        }
    }

    private static String text(Object v) {
        return v == null ? "" : v.toString();
    }

    private static String clip(String s) {
        String t = s == null ? "" : s.strip();
        return t.length() <= MAX_ENTRY ? t : t.substring(0, MAX_ENTRY) + " [... cut at " + MAX_ENTRY + " characters]";
    }
}

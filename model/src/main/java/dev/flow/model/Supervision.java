package dev.flow.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a supervisor leads (seed 004's supervisor pattern): a task whose agent reads the conversation
 * so far and decides, each round, which participant works next, whether to ask a person, or that
 * the work is done. Its answer is a decision, {@code {"next_agent": ..., "user_input_needed": ...,
 * "user_prompt": ...}}, which the runtime turns into the task's output: the participant's name, the
 * name of the {@link #ask} node, or {@value #FINISH_OUTPUT}.
 *
 * <p>The supervisor is wired with ordinary edges ({@link dev.flow.lowering.SupervisionWiring}): an edge to each
 * participant (and to the ask node) taken on the output of that name, and a loop edge back from each
 * to the supervisor, limited by {@link #rounds}; the runtime counts the rounds over all those loop
 * edges together.
 *
 * @param participants the nodes the supervisor may hand the work to, by name, in the order written
 * @param ask the human node that puts the supervisor's questions to a person; null when it asks
 *     nobody. A name that no node has stands for a human node the wiring creates
 * @param rounds how many decisions the supervisor may take in a run ({@code max rounds N}, as
 *     {@code maxIterations}); null when not written, which the checker refuses (FLOW706)
 * @param finish {@link Finish#NEVER} when the supervisor may not finish by itself, so that only its
 *     round limit ends the loop; null (the default, {@link Finish#DECIDES}) when it finishes by
 *     deciding so
 */
public record Supervision(List<NameRef> participants, NameRef ask, LoopControl rounds, Finish finish) {

    /** The supervisor's output when it decides that the work is done. */
    public static final String FINISH_OUTPUT = "finish";
    /** The output of a human node that asks for a supervisor and declares none of its own. */
    public static final String ANSWERED_OUTPUT = "answered";
    /** The decision's field naming the participant that works next; null to finish. */
    public static final String NEXT_AGENT = "next_agent";
    /** The decision's field saying that a person must answer first. */
    public static final String USER_INPUT_NEEDED = "user_input_needed";
    /** The decision's field holding the question for the person. */
    public static final String USER_PROMPT = "user_prompt";

    public Supervision {
        participants = Models.list(participants);
        // The default is kept as null, so that a graph says "finish" only where it is "never".
        finish = finish == Finish.DECIDES ? null : finish;
    }

    /** Whether a supervisor may end its loop by deciding that the work is done. */
    public boolean mayFinish() {
        return finish != Finish.NEVER;
    }

    /** The round limit as written; null when none was. */
    public Integer maxRounds() {
        return rounds == null ? null : rounds.maxIterations();
    }

    /** The names the supervisor routes to: its participants, then its ask node. */
    public List<String> targets() {
        var out = new ArrayList<String>();
        participants.forEach(p -> out.add(p.name()));
        if (ask != null) {
            out.add(ask.name());
        }
        return List.copyOf(out);
    }

    /** Whether the supervisor may finish. */
    public enum Finish {
        /** It finishes when it decides so (the default). */
        DECIDES,
        /** It never finishes by itself: its loop ends when its rounds run out. */
        NEVER;

        public String keyword() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}

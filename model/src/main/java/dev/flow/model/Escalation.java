package dev.flow.model;

import java.util.Locale;
import java.util.Objects;

/**
 * What happens when a node fails for good (its retries spent, or a failure no retry can help): it
 * escalates. {@link Mode#TO} hands the failure to a node of the workflow ({@code on failure escalate
 * to triage}); {@link Mode#AUTO} grows a planner node {@code escalate-NODE} at run time ({@code on
 * failure escalate auto}), run by {@link #agent()} or by the agent that plays role {@value
 * #PLANNER_ROLE}; {@link Mode#NONE} lets the failure stand even where the workflow's default
 * ({@link Config#escalation()}) says otherwise. The escalation node learns what failed and where its
 * files are; it may add nodes, answer {@value #RETRY} (run the failed node again), {@value #ASK} (ask a
 * person whether to) or anything else (the failure stands). See {@code docs/runtime.md}, Escalation.
 *
 * @param target the node the failure goes to; only for {@link Mode#TO}
 * @param agent the agent of an automatic escalation node; null for the role's
 * @param max how many times one node may escalate in a run; null for {@link #DEFAULT_MAX}
 */
public record Escalation(Mode mode, NameRef target, NameRef agent, Integer max, SourceRef source) {
    public static final int DEFAULT_MAX = 3;
    /** The role of an automatic escalation node that names no agent. */
    public static final String PLANNER_ROLE = "planner";
    /** The output of an escalation node that runs the failed node again. */
    public static final String RETRY = "retry";
    /** The output of an escalation agent that asks a person whether to run the failed node again. */
    public static final String ASK = "ask";
    /** The output that lets the failure stand. */
    public static final String GIVE_UP = "give_up";

    /** Where a failure goes. */
    public enum Mode {
        TO,
        AUTO,
        NONE;

        public String keyword() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Escalation {
        Objects.requireNonNull(mode, "mode");
        source = source == null ? SourceRef.NONE : source;
    }

    /** How many times a node may escalate in one run. */
    public int limit() {
        return max == null ? DEFAULT_MAX : max;
    }

    /** The id of the node an automatic escalation of {@code failed} grows. */
    public static String autoNodeId(String failed) {
        return "escalate-" + failed;
    }
}

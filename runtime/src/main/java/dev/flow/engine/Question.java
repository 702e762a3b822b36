package dev.flow.engine;

import dev.flow.store.RequestRow;
import java.util.List;

/**
 * A question an execution waits on, as {@code flow run} shows it when it pauses.
 *
 * @param kind {@code human}, or {@code before}/{@code after} for an interrupt
 * @param deadline epoch ms after which the default is taken; null for none
 */
public record Question(
        String executionId, String nodeId, String kind, String title, String prompt, List<String> options, String defaultOutput, Long deadline) {

    static Question of(RequestRow r) {
        return new Question(r.executionId(), r.nodeId(), r.kind(), r.title(), r.prompt(), r.options(), r.defaultOutput(), r.deadline());
    }

    /**
     * Whether the answer that matters is its text: a question whose only option is
     * {@value dev.flow.model.Supervision#ANSWERED_OUTPUT} (a supervisor's question, or a human node
     * written so), answered with {@code flow answer ... answered --note TEXT}.
     */
    public boolean wantsText() {
        return kind.equals("human") && options.equals(List.of(dev.flow.model.Supervision.ANSWERED_OUTPUT));
    }

    /** The command that answers it, with the first option as the example answer. */
    public String answerCommand() {
        return "flow answer " + executionId + " " + nodeId + " " + (options.isEmpty() ? "OUTPUT" : options.get(0));
    }
}

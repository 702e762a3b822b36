package dev.flow.cli;

import dev.flow.engine.ExecutionView;
import dev.flow.engine.NodeState;
import dev.flow.engine.exec.AttemptTokens;
import dev.flow.store.RunRow;

/**
 * The tokens an execution's agents used, every attempt and loop pass added up: {@code flow status}
 * shows them beside the cost.
 */
final class TokenTotals {
    private TokenTotals() {}

    static AttemptTokens of(ExecutionView view) {
        AttemptTokens totals = AttemptTokens.NONE;
        for (NodeState n : view.nodes()) {
            totals = totals.plus(AttemptTokens.of(n.resultJson()));
            for (RunRow r : n.earlier()) {
                totals = totals.plus(AttemptTokens.of(r.resultJson()));
            }
        }
        return totals;
    }

    /** {@code tokens 1,200 in / 300 out}. */
    static String text(AttemptTokens tokens) {
        return String.format(java.util.Locale.ROOT, "tokens %,d in / %,d out", tokens.input(), tokens.output());
    }
}

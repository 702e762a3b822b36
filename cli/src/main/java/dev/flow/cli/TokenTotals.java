package dev.flow.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flow.engine.ExecutionView;
import dev.flow.engine.NodeState;
import dev.flow.store.RunRow;
import java.io.IOException;

/**
 * The tokens an execution's agents used, every attempt and loop pass added up, from each run's
 * result ({@code input_tokens}, {@code output_tokens}): {@code flow status} shows them beside the
 * cost.
 *
 * @param input tokens sent to the models
 * @param output tokens the models produced
 * @param reported whether any run reported tokens at all
 */
record TokenTotals(long input, long output, boolean reported) {
    private static final ObjectMapper JSON = new ObjectMapper();

    static TokenTotals of(ExecutionView view) {
        var totals = new TokenTotals(0, 0, false);
        for (NodeState n : view.nodes()) {
            totals = totals.plus(n.resultJson());
            for (RunRow r : n.earlier()) {
                totals = totals.plus(r.resultJson());
            }
        }
        return totals;
    }

    private TokenTotals plus(String resultJson) {
        if (resultJson == null || resultJson.isBlank()) {
            return this;
        }
        JsonNode result;
        try {
            result = JSON.readTree(resultJson);
        } catch (IOException e) {
            return this;
        }
        if (!result.path("input_tokens").isNumber() && !result.path("output_tokens").isNumber()) {
            return this;
        }
        return new TokenTotals(input + result.path("input_tokens").asLong(0), output + result.path("output_tokens").asLong(0), true);
    }

    /** {@code tokens 1,200 in / 300 out}. */
    String text() {
        return String.format(java.util.Locale.ROOT, "tokens %,d in / %,d out", input, output);
    }
}

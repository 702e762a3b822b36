package dev.flow.engine.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/**
 * The tokens an agent's attempt reported, as {@link AgentTask} keeps them in the attempt's result
 * ({@value #INPUT} and {@value #OUTPUT}); or a sum of them over attempts. One reading for every
 * place that shows them ({@code flow status}, its JSON, the studio), so that they agree.
 *
 * @param input tokens sent to the model
 * @param output tokens the model produced
 * @param reported whether any attempt reported tokens at all, so that "none reported" is not shown
 *     as zero
 */
public record AttemptTokens(long input, long output, boolean reported) {
    /** The result field with the tokens sent to the model. */
    public static final String INPUT = "input_tokens";
    /** The result field with the tokens the model produced. */
    public static final String OUTPUT = "output_tokens";
    /** No attempt, or none that reported tokens. */
    public static final AttemptTokens NONE = new AttemptTokens(0, 0, false);

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The tokens in an attempt's stored result; {@link #NONE} for no result or one that is not JSON. */
    public static AttemptTokens of(String resultJson) {
        if (resultJson == null || !resultJson.contains("_tokens")) {
            return NONE; // most results are no agent's: spare them the parse
        }
        try {
            return of(JSON.readTree(resultJson));
        } catch (IOException e) {
            return NONE; // an artifact reference or text: no tokens to read
        }
    }

    /** The tokens in an attempt's result, already read. */
    public static AttemptTokens of(JsonNode result) {
        if (result == null || !result.path(INPUT).isNumber() && !result.path(OUTPUT).isNumber()) {
            return NONE;
        }
        return new AttemptTokens(result.path(INPUT).asLong(0), result.path(OUTPUT).asLong(0), true);
    }

    /** This and another attempt's tokens together. */
    public AttemptTokens plus(AttemptTokens other) {
        return new AttemptTokens(input + other.input, output + other.output, reported || other.reported);
    }
}

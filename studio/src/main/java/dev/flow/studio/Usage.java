package dev.flow.studio;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/**
 * What one attempt of a node spent: the tokens its agent reported (kept in the attempt's result as
 * {@code input_tokens} and {@code output_tokens}, as {@code flow status} adds them up) and its cost;
 * or sums of them. {@code reported} is false when no attempt reported tokens, so that "no tokens"
 * is not shown as zero.
 */
record Usage(long inputTokens, long outputTokens, double cost, boolean reported) {
    static final Usage NONE = new Usage(0, 0, 0, false);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The usage of one attempt, from its stored result and cost (either may be null). */
    static Usage of(String resultJson, Double cost) {
        double spent = cost == null ? 0 : cost;
        if (resultJson == null || !resultJson.contains("_tokens")) {
            return new Usage(0, 0, spent, false);
        }
        try {
            JsonNode result = JSON.readTree(resultJson);
            boolean reported = result.path("input_tokens").isNumber() || result.path("output_tokens").isNumber();
            return new Usage(result.path("input_tokens").asLong(0), result.path("output_tokens").asLong(0), spent, reported);
        } catch (IOException e) {
            return new Usage(0, 0, spent, false); // an artifact reference or text: no tokens to read
        }
    }

    Usage plus(Usage other) {
        return new Usage(inputTokens + other.inputTokens, outputTokens + other.outputTokens, cost + other.cost, reported || other.reported);
    }

    /** As the page reads it: tokens are null when none were reported. */
    java.util.Map<String, Object> json() {
        var out = new java.util.LinkedHashMap<String, Object>();
        out.put("inputTokens", reported ? inputTokens : null);
        out.put("outputTokens", reported ? outputTokens : null);
        out.put("cost", cost);
        return out;
    }
}

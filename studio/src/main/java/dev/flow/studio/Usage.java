package dev.flow.studio;

import dev.flow.engine.exec.AttemptTokens;

/**
 * What one attempt of a node spent: the tokens its agent reported (read from the attempt's result
 * as {@link AttemptTokens}, as {@code flow status} adds them up) and its cost; or sums of them. {@code reported} is false when no attempt reported tokens, so that "no tokens"
 * is not shown as zero.
 */
record Usage(long inputTokens, long outputTokens, double cost, boolean reported) {
    static final Usage NONE = new Usage(0, 0, 0, false);

    /** The usage of one attempt, from its stored result and cost (either may be null). */
    static Usage of(String resultJson, Double cost) {
        AttemptTokens tokens = AttemptTokens.of(resultJson);
        return new Usage(tokens.input(), tokens.output(), cost == null ? 0 : cost, tokens.reported());
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

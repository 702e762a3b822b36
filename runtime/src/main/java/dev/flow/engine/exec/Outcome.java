package dev.flow.engine.exec;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a work node produced: an output name with the fields of its result, or a failure.
 *
 * @param output the output name; null for a failure
 * @param result the result's fields ({@link dev.flow.model.ResultFields}); kept for failures too
 *     (exit code, stderr tail) so that history shows them
 * @param cost what an agent reported spending, in dollars
 * @param state state variable updates an agent reported
 * @param error why the node failed; null on success
 * @param retryable whether trying again may help (a crash, a timeout, a malformed answer), as opposed
 *     to a program that does not exist
 */
public record Outcome(
        String output, Map<String, Object> result, double cost, Map<String, Object> state, String error, boolean retryable) {

    public Outcome {
        result = result == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(result));
        state = state == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(state));
    }

    public static Outcome produced(String output, Map<String, Object> result) {
        return new Outcome(output, result, 0, Map.of(), null, false);
    }

    public static Outcome failed(String error, boolean retryable, Map<String, Object> result) {
        return new Outcome(null, result, 0, Map.of(), error, retryable);
    }

    public boolean succeeded() {
        return error == null;
    }

    public Outcome withCost(double c) {
        return new Outcome(output, result, c, state, error, retryable);
    }
}

package dev.flow.engine.exec;

import dev.flow.store.ErrorClass;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a work node produced: an output name with the fields of its result, or a failure.
 *
 * @param output the output name; null for a failure
 * @param result the result's fields ({@link dev.flow.model.ResultFields}); kept for failures too
 *     (exit code, stderr tail) so that history shows them
 * @param cost what an agent reported spending, in dollars, failed attempts included: it counts
 *     toward {@code max cost} either way
 * @param state state variable updates an agent reported
 * @param error why the node failed; null on success
 * @param errorClass how it failed, which decides whether it is tried again; null on success
 * @param sessionId the conversation the agent reported (claude's {@code session_id}, a custom
 *     agent's {@code "session_id"}); null when it reported none
 * @param growth the answer's JSON object as the agent wrote it, when it proposes nodes to add (a
 *     planner's answer: {@link AgentReply#growth()}); null otherwise
 */
public record Outcome(
        String output, Map<String, Object> result, double cost, Map<String, Object> state, String error, ErrorClass errorClass,
        String sessionId, String growth) {

    public Outcome {
        result = result == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(result));
        state = state == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(state));
        if (error != null && errorClass == null) {
            throw new IllegalArgumentException("a failure needs its error class: " + error);
        }
    }

    /** An outcome that proposes no nodes. */
    public Outcome(String output, Map<String, Object> result, double cost, Map<String, Object> state, String error, ErrorClass errorClass,
            String sessionId) {
        this(output, result, cost, state, error, errorClass, sessionId, null);
    }

    public static Outcome produced(String output, Map<String, Object> result) {
        return new Outcome(output, result, 0, Map.of(), null, null, null);
    }

    public static Outcome failed(String error, ErrorClass errorClass, Map<String, Object> result) {
        return new Outcome(null, result, 0, Map.of(), error, errorClass, null);
    }

    /**
     * A failure known only as worth trying again or not: {@link ErrorClass#TRANSIENT} or
     * {@link ErrorClass#LOGIC}.
     */
    public static Outcome failed(String error, boolean retryable, Map<String, Object> result) {
        return failed(error, retryable ? ErrorClass.TRANSIENT : ErrorClass.LOGIC, result);
    }

    public boolean succeeded() {
        return error == null;
    }

    /** Whether trying again may help: a failure that is not of class {@link ErrorClass#LOGIC}. */
    public boolean retryable() {
        return error != null && errorClass != ErrorClass.LOGIC;
    }

    /** The same outcome with {@code key} set in its result. */
    public Outcome withResultField(String key, Object value) {
        var more = new LinkedHashMap<>(result);
        more.put(key, value);
        return new Outcome(output, more, cost, state, error, errorClass, sessionId, growth);
    }

    public Outcome withCost(double c) {
        return new Outcome(output, result, c, state, error, errorClass, sessionId, growth);
    }

    public Outcome withSession(String id) {
        return new Outcome(output, result, cost, state, error, errorClass, id, growth);
    }
}

package dev.flow.engine.exec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The agent contract's answer: the last JSON object an agent prints on standard output,
 * {@code {"output": ..., "summary": ..., "state": {...}, "cost": ..., "data": ..., "session_id": ...}}.
 * The envelopes of agent programs that wrap their text in JSON ({@code {"type": "result", "result":
 * "...", "total_cost_usd": ..., "session_id": ..., "is_error": ...}} from claude, {@code {"response":
 * "...", "session_id": ..., "error": {...}}} from gemini) are opened and the last JSON object inside
 * their text is read instead, with the envelope's cost and session. An envelope that reports an
 * error ({@code "is_error": true}, gemini's {@code error}) is a failed attempt whatever the exit code,
 * and its cost still counts.
 *
 * <p>Values the runtime cannot keep are refused rather than bent: NUL characters, numbers that
 * are not finite ({@code 1e999}) or integers beyond 64 bits anywhere in the answer, a cost that is
 * not a number of zero or more. The refusal names the field ({@link #problem}).
 *
 * @param output null when the agent named none
 * @param cost what the agent reported spending (the envelope's when the answer names none); 0 when
 *     nothing valid was reported
 * @param sessionId the conversation to continue next time; null when none was reported
 * @param agentError the agent's own report that it failed (claude's {@code is_error}, gemini's
 *     {@code error}); null when it reported none
 * @param problem why the answer cannot be accepted, naming the field; null when it can
 * @param note what the agent tells the node it hands work back to ({@code "note"}: an escalation's
 *     advice for the failed node's next attempt); null when it said nothing
 * @param growth the JSON object of the answer as the agent wrote it, when it proposes nodes to add
 *     ({@code "next": {"addNodes": [...]}} or {@code "grow": {"nodes": [...], "edges": [...]}}):
 *     read again with positions by {@link dev.flow.growth.Proposals}; null when it proposes none
 */
public record AgentReply(
        String output, String summary, Map<String, Object> state, double cost, Object data, String sessionId, String agentError,
        String problem, String note, String growth) {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectReader STRICT = JSON.readerFor(JsonNode.class).with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    /**
     * How many candidates that do not parse are passed over, from the last one back, before the
     * answer is taken to be missing. Each parse is bounded by its span, so this bounds only the
     * constant of a scan that is O(n) anyway.
     */
    private static final int MAX_FAILED_CANDIDATES = 100;

    /** Whether the answer can be accepted (no {@link #problem}). */
    public boolean acceptable() {
        return problem == null;
    }

    /** Reads the reply from an agent's standard output; empty when there is no JSON object in it. */
    public static Optional<AgentReply> parse(String stdout) {
        Found found = lastObject(stdout);
        if (found.object == null) {
            return found.malformed == null ? Optional.empty()
                    : Optional.of(refused("its JSON answer does not parse: " + found.malformed, 0, null));
        }
        JsonNode obj = found.object;
        if (!isAnswer(obj) && isEnvelope(obj)) {
            return Optional.of(fromEnvelope(obj));
        }
        return Optional.of(from(obj, found.text, 0, null));
    }

    /**
     * The JSON object an answer is read from: the last one the agent printed, or, in an envelope,
     * the last one in its text; empty when there is none. For answers with fields of their own (a
     * supervisor's decision).
     */
    static Optional<JsonNode> answerObject(String stdout) {
        JsonNode obj = lastObject(stdout).object;
        if (obj == null || isAnswer(obj) || !isEnvelope(obj)) {
            return Optional.ofNullable(obj);
        }
        for (String field : new String[] {"result", "response"}) {
            JsonNode text = obj.get(field);
            if (text != null && text.isTextual()) {
                JsonNode inner = lastObject(text.asText()).object;
                return inner != null && isAnswer(inner) ? Optional.of(inner) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** The same reply with its output decided elsewhere (a supervisor's decision names it). */
    AgentReply withOutput(String decided) {
        return new AgentReply(decided, summary, state, cost, data, sessionId, agentError, problem, note, growth);
    }

    /** Whether an object is an answer of the contract rather than an agent program's envelope: it names an output, or decides as a supervisor. */
    private static boolean isAnswer(JsonNode obj) {
        return obj.has("output") || obj.has("next_agent") || obj.has("user_input_needed");
    }

    private static boolean isEnvelope(JsonNode obj) {
        return "result".equals(obj.path("type").asText(null)) || obj.path("result").isTextual() || obj.path("response").isTextual()
                || (obj.path("error").isObject() && (obj.has("session_id") || obj.has("stats")));
    }

    private static AgentReply fromEnvelope(JsonNode envelope) {
        String problem = Checks.of(envelope, "");
        double cost = 0;
        String costProblem = null;
        for (String field : new String[] {"total_cost_usd", "cost_usd"}) {
            if (envelope.has(field)) {
                costProblem = costProblem(envelope.get(field), field);
                cost = costProblem == null ? envelope.get(field).asDouble() : 0;
                break;
            }
        }
        problem = problem != null ? problem : costProblem;
        String session = text(envelope, "session_id");
        String agentError = agentError(envelope);
        if (agentError != null) {
            return new AgentReply(null, Tails.clip(agentError, 300), Map.of(), cost, null, session, agentError, problem, null, null);
        }
        if (problem != null) {
            return refused(problem, cost, session);
        }
        for (String field : new String[] {"result", "response"}) {
            JsonNode text = envelope.get(field);
            if (text != null && text.isTextual()) {
                Found inner = lastObject(text.asText());
                if (inner.object != null && isAnswer(inner.object)) {
                    return from(inner.object, inner.text, cost, session);
                }
                if (inner.malformed != null) {
                    return refused("the JSON object in its " + field + " does not parse: " + inner.malformed, cost, session);
                }
                return new AgentReply(null, Tails.clip(Tails.lastLine(text.asText()), 300), Map.of(), cost, null, session, null, null, null, null);
            }
        }
        return new AgentReply(null, "", Map.of(), cost, null, session, null, null, null, null);
    }

    /** The error an envelope reports: claude's {@code is_error} with its result text, gemini's {@code error.message}. */
    private static String agentError(JsonNode envelope) {
        if (envelope.path("is_error").asBoolean(false)) {
            String text = envelope.path("result").asText("").strip();
            if (text.isEmpty()) {
                text = envelope.path("subtype").asText("").strip();
            }
            return text.isEmpty() ? "the agent reported an error and said nothing more" : text;
        }
        JsonNode error = envelope.get("error");
        if (error != null && error.isObject()) {
            String message = error.path("message").asText("").strip();
            return message.isEmpty() ? error.toString() : message;
        }
        return null;
    }

    /** Whether an answer proposes nodes to add, in either form. */
    static boolean proposesNodes(JsonNode obj) {
        return obj.path("next").has("addNodes") || obj.has("grow");
    }

    private static AgentReply from(JsonNode obj, String text, double envelopeCost, String envelopeSession) {
        String session = obj.path("session_id").isTextual() ? obj.get("session_id").asText() : envelopeSession;
        String problem = Checks.of(obj, "");
        JsonNode out = obj.get("output");
        if (problem == null && out != null && !out.isNull() && !out.isTextual()) {
            problem = "\"output\" is " + out + "; it must be the name of an output, as a string";
        }
        double cost = envelopeCost;
        if (obj.has("cost") && !obj.get("cost").isNull()) {
            String costProblem = costProblem(obj.get("cost"), "cost");
            problem = problem != null ? problem : costProblem;
            cost = costProblem == null ? obj.get("cost").asDouble() : envelopeCost;
        }
        JsonNode st = obj.get("state");
        if (problem == null && st != null && !st.isNull() && !st.isObject()) {
            problem = "\"state\" is " + Tails.clip(st.toString(), 60) + "; it must be an object of state variables";
        }
        if (problem == null && out == null) {
            problem = statusProblem(obj);
        }
        if (problem != null) {
            return refused(problem, cost, session);
        }
        String output = out != null && out.isTextual() ? out.asText() : null;
        JsonNode sum = obj.get("summary");
        String summary = sum == null || sum.isNull() ? "" : sum.isTextual() ? sum.asText() : sum.toString();
        var state = new LinkedHashMap<String, Object>();
        if (st != null && st.isObject()) {
            st.properties().forEach(e -> state.put(e.getKey(), JSON.convertValue(e.getValue(), Object.class)));
        }
        JsonNode data = obj.get("data");
        String note = obj.path("note").isTextual() && !obj.get("note").asText().isBlank() ? obj.get("note").asText() : null;
        return new AgentReply(output, summary, state, cost, data == null ? null : JSON.convertValue(data, Object.class), session, null, null,
                note, proposesNodes(obj) ? text : null);
    }

    /**
     * Seed 003's answers say how the work went in {@code "status"}: only {@code "success"} (or
     * Flow's {@code "done"}) is one. Any other ({@code "fail"}, {@code "checkpoint"}...) makes the
     * answer unusable, so that it is never read as the node's first output, and what it proposes to
     * add is not applied. Read only from answers that name no output (an output wins). Null when
     * there is no status or it says success.
     */
    private static String statusProblem(JsonNode obj) {
        JsonNode status = obj.get("status");
        if (status == null || status.isNull()) {
            return null;
        }
        String s = status.isTextual() ? status.asText().strip() : status.toString();
        if (s.equalsIgnoreCase("success") || s.equalsIgnoreCase("done")) {
            return null;
        }
        return "it answered \"status\": \"" + Tails.clip(s, 60) + "\", which is not a success (only \"success\" is); "
                + "nothing it proposed was applied";
    }

    private static AgentReply refused(String problem, double cost, String session) {
        return new AgentReply(null, "", Map.of(), cost, null, session, null, problem, null, null);
    }

    /** Why a cost field cannot count; null when it can. */
    private static String costProblem(JsonNode value, String field) {
        if (!value.isNumber()) {
            return "\"" + field + "\" is " + Tails.clip(value.toString(), 40) + "; a cost is a number of dollars";
        }
        double v = value.asDouble();
        if (!Double.isFinite(v)) {
            return "\"" + field + "\" is not a finite number";
        }
        if (v < 0) {
            return String.format(Locale.ROOT, "\"%s\" is %s; a cost is zero or more", field, value.asText());
        }
        return null;
    }

    private static String text(JsonNode obj, String field) {
        JsonNode v = obj.get(field);
        return v != null && v.isTextual() && !v.asText().isBlank() ? v.asText() : null;
    }

    /** The last JSON object of the text and its text, or why the answer (a candidate naming an output) did not parse. */
    private record Found(JsonNode object, String malformed, String text) {}

    /** The last complete JSON object in the text: the balanced spans of {@link JsonSpans}, parsed from the last one back. */
    static Optional<JsonNode> lastJsonObject(String text) {
        return Optional.ofNullable(lastObject(text).object);
    }

    /**
     * From the last span back, the first that parses as an object. A span that does not parse but
     * names an {@code "output"} was meant as the answer: it is reported as malformed rather than
     * passed over for an earlier object (which might be any JSON the agent quoted).
     */
    private static Found lastObject(String text) {
        JsonSpans spans = JsonSpans.of(text);
        int failed = 0;
        for (int i = spans.size() - 1; i >= 0 && failed < MAX_FAILED_CANDIDATES; i--) {
            String candidate = spans.text(text, i);
            if (!looksLikeObject(candidate)) {
                continue;
            }
            try {
                // A raw NUL inside a string is read as the character it is, so that the check names its field.
                JsonNode node = STRICT.readValue(candidate.indexOf('\0') < 0 ? candidate : candidate.replace("\0", "\\u0000"));
                if (node != null && node.isObject()) {
                    return new Found(node, null, candidate);
                }
            } catch (JsonProcessingException e) {
                if (candidate.contains("\"output\"")) {
                    return new Found(null, e.getOriginalMessage(), null);
                }
                failed++;
            } catch (IOException e) {
                failed++; // cannot happen on a string
            }
        }
        return new Found(null, null, null);
    }

    /** A JSON object opens with a quoted key or closes at once: prose in braces does not. */
    private static boolean looksLikeObject(String span) {
        for (int i = 1; i < span.length(); i++) {
            char c = span.charAt(i);
            if (!Character.isWhitespace(c)) {
                return c == '"' || c == '}';
            }
        }
        return false;
    }

    /** Values the runtime refuses to keep, wherever they are in an answer: NUL characters, numbers it cannot represent. */
    private static final class Checks {
        private Checks() {}

        /** The first refused value under {@code node}, as a message naming its field; null when there is none. */
        static String of(JsonNode node, String path) {
            if (node.isObject()) {
                for (var e : (Iterable<Map.Entry<String, JsonNode>>) node.properties()::iterator) {
                    String field = path.isEmpty() ? e.getKey() : path + "." + e.getKey();
                    if (e.getKey().indexOf('\0') >= 0) {
                        return "a field name under " + name(path) + " holds a NUL character";
                    }
                    String problem = of(e.getValue(), field);
                    if (problem != null) {
                        return problem;
                    }
                }
                return null;
            }
            if (node.isArray()) {
                for (int i = 0; i < node.size(); i++) {
                    String problem = of(node.get(i), path + "[" + i + "]");
                    if (problem != null) {
                        return problem;
                    }
                }
                return null;
            }
            if (node.isTextual() && node.asText().indexOf('\0') >= 0) {
                return name(path) + " holds a NUL character, which Flow does not store; leave it out";
            }
            if (node.isBigInteger()) {
                return name(path) + " is " + Tails.clip(node.asText(), 40) + ", beyond the range of a 64-bit integer";
            }
            if (node.isFloatingPointNumber() && !Double.isFinite(node.asDouble())) {
                return name(path) + " is not a finite number (" + Tails.clip(node.asText(), 40) + ")";
            }
            return null;
        }

        private static String name(String path) {
            return path.isEmpty() ? "the answer" : "\"" + path + "\"";
        }
    }
}

package dev.flow.engine.exec;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The agent contract's answer: the last JSON object an agent prints on standard output,
 * {@code {"output": ..., "summary": ..., "state": {...}, "cost": ..., "data": ...}}. The envelopes
 * of agent programs that wrap their text in JSON ({@code {"type": "result", "result": "...",
 * "total_cost_usd": ...}} from claude, {@code {"response": "..."}} from gemini) are opened and the
 * last JSON object inside their text is read instead, with the envelope's cost.
 *
 * @param output null when the agent named none
 */
public record AgentReply(String output, String summary, Map<String, Object> state, double cost, Object data) {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectReader STRICT = JSON.readerFor(JsonNode.class).with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private static final int WINDOW = 512 * 1024;
    private static final int MAX_CANDIDATES = 2000;

    /** Reads the reply from an agent's standard output; empty when there is no JSON object in it. */
    public static Optional<AgentReply> parse(String stdout) {
        Optional<JsonNode> last = lastObject(stdout);
        if (last.isEmpty()) {
            return Optional.empty();
        }
        JsonNode obj = last.get();
        double envelopeCost = number(obj, "total_cost_usd", number(obj, "cost_usd", 0));
        if (!obj.has("output")) {
            for (String field : new String[] {"result", "response"}) {
                JsonNode text = obj.get(field);
                if (text != null && text.isTextual()) {
                    Optional<JsonNode> inner = lastObject(text.asText());
                    if (inner.isPresent() && inner.get().has("output")) {
                        return Optional.of(from(inner.get(), envelopeCost));
                    }
                    return Optional.of(new AgentReply(null, Tails.clip(Tails.lastLine(text.asText()), 300), Map.of(), envelopeCost, null));
                }
            }
        }
        return Optional.of(from(obj, envelopeCost));
    }

    private static AgentReply from(JsonNode obj, double fallbackCost) {
        JsonNode out = obj.get("output");
        String output = out != null && out.isTextual() ? out.asText() : null;
        JsonNode sum = obj.get("summary");
        String summary = sum == null || sum.isNull() ? "" : sum.isTextual() ? sum.asText() : sum.toString();
        var state = new LinkedHashMap<String, Object>();
        JsonNode st = obj.get("state");
        if (st != null && st.isObject()) {
            st.properties().forEach(e -> state.put(e.getKey(), JSON.convertValue(e.getValue(), Object.class)));
        }
        double cost = number(obj, "cost", fallbackCost);
        JsonNode data = obj.get("data");
        return new AgentReply(output, summary, state, cost, data == null ? null : JSON.convertValue(data, Object.class));
    }

    private static double number(JsonNode obj, String field, double fallback) {
        JsonNode n = obj.get(field);
        return n != null && n.isNumber() ? n.asDouble() : fallback;
    }

    /** The last complete JSON object in the text (searched within its last 512 KiB). */
    static Optional<JsonNode> lastObject(String text) {
        String t = text.length() > WINDOW ? text.substring(text.length() - WINDOW) : text;
        int end = t.lastIndexOf('}');
        int tries = 0;
        while (end >= 0) {
            String head = t.substring(0, end + 1);
            for (int start = head.lastIndexOf('{'); start >= 0 && tries < MAX_CANDIDATES; start = head.lastIndexOf('{', start - 1)) {
                tries++;
                try {
                    JsonNode node = STRICT.readValue(head.substring(start));
                    if (node != null && node.isObject()) {
                        return Optional.of(node);
                    }
                } catch (java.io.IOException e) {
                    // not an object that ends here; try an earlier brace
                }
            }
            if (tries >= MAX_CANDIDATES) {
                break;
            }
            end = t.lastIndexOf('}', end - 1);
        }
        return Optional.empty();
    }
}

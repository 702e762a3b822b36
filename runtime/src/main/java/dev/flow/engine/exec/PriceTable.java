package dev.flow.engine.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What tokens cost, for the agents whose CLIs report only tokens (codex, gemini), so that {@code
 * max cost} holds for them too. The user sets it in {@code FLOW_PRICES}: a JSON object, or the path
 * of a file holding one, of dollars per million tokens by model or by agent name:
 *
 * <pre>{"gemini-3.5-pro": {"input": 1.25, "output": 10}, "codex": {"input": 1.25, "output": 10}}</pre>
 *
 * An attempt is priced by the models its CLI names (gemini's {@code stats.models}), each by its own
 * price, else by the agent's name. An agent that reports a cost of its own (claude) keeps it. With
 * no price known, an attempt costs nothing, as before.
 */
public final class PriceTable {
    /** The variable that holds the table, or the path of its file. */
    public static final String VARIABLE = "FLOW_PRICES";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double PER = 1_000_000.0;

    /** Dollars per million tokens in and out. */
    public record Price(double input, double output) {}

    /** Tokens an attempt used with one model. */
    public record ModelTokens(String model, long input, long output) {}

    /** A table that is not what {@code FLOW_PRICES} must hold; the message says what is wrong. */
    public static final class Invalid extends Exception {
        private static final long serialVersionUID = 1L;

        Invalid(String message) {
            super(message);
        }
    }

    public static final PriceTable NONE = new PriceTable(Map.of());

    private final Map<String, Price> prices;

    public PriceTable(Map<String, Price> prices) {
        this.prices = Map.copyOf(prices);
    }

    /** The table in {@code FLOW_PRICES} of {@code env}; {@link #NONE} when it is not set. */
    public static PriceTable fromEnvironment(Map<String, String> env) throws Invalid {
        String value = env.get(VARIABLE);
        if (value == null || value.isBlank()) {
            return NONE;
        }
        String text = value.strip();
        if (!text.startsWith("{")) {
            try {
                text = Files.readString(Path.of(text));
            } catch (IOException | RuntimeException e) {
                throw new Invalid(VARIABLE + " names the file " + value.strip() + ", which cannot be read: " + e.getMessage());
            }
        }
        return parse(text);
    }

    /** A table from its JSON text. */
    public static PriceTable parse(String text) throws Invalid {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new Invalid(VARIABLE + " is not JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            throw new Invalid(VARIABLE + " must be a JSON object such as {\"codex\": {\"input\": 1.25, \"output\": 10}}");
        }
        var out = new LinkedHashMap<String, Price>();
        for (var it = root.fields(); it.hasNext();) {
            var e = it.next();
            JsonNode p = e.getValue();
            if (!p.path("input").isNumber() || !p.path("output").isNumber() || p.get("input").asDouble() < 0 || p.get("output").asDouble() < 0) {
                throw new Invalid(VARIABLE + ": the price of \"" + e.getKey() + "\" needs \"input\" and \"output\", dollars per million tokens"
                        + " (0 or more), such as {\"input\": 1.25, \"output\": 10}");
            }
            out.put(e.getKey(), new Price(p.get("input").asDouble(), p.get("output").asDouble()));
        }
        return new PriceTable(out);
    }

    /** Whether the table prices anything. */
    public boolean isEmpty() {
        return prices.isEmpty();
    }

    /**
     * The cost of an attempt's tokens: each model's at its price, where the table has one; the rest
     * (or all, when the CLI named no model) at the agent's price; 0 when neither is known.
     */
    public double cost(String agent, List<ModelTokens> byModel, long input, long output) {
        double cost = 0;
        long restIn = Math.max(0, input);
        long restOut = Math.max(0, output);
        for (ModelTokens m : byModel) {
            Price p = prices.get(m.model());
            if (p != null) {
                cost += m.input() * p.input() / PER + m.output() * p.output() / PER;
                restIn -= m.input();
                restOut -= m.output();
            }
        }
        Price own = prices.get(agent);
        if (own != null) {
            cost += Math.max(0, restIn) * own.input() / PER + Math.max(0, restOut) * own.output() / PER;
        }
        return cost;
    }
}

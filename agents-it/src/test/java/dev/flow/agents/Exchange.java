package dev.flow.agents;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * A request the model server received, kept so that a test can check what the CLI sent: the prompt
 * Flow built, the earlier turns of a resumed session, the key it used.
 *
 * @param dialect the API it was for ({@code anthropic}, {@code openai}, {@code gemini}, or {@code none})
 * @param turn whether it played a step of the script (else it was a side request)
 * @param step what the server answered, for turns; null otherwise
 */
record Exchange(String dialect, boolean turn, String method, String path, String query, Map<String, String> headers, JsonNode body,
        Step step) {

    /** The request's JSON as text, to search for a prompt wherever the API puts it. */
    String text() {
        return body == null ? "" : body.toString();
    }

    @Override
    public String toString() {
        return dialect + (turn ? " turn " : " aside ") + method + " " + path + (query.isEmpty() ? "" : "?" + query) + " -> " + step;
    }
}

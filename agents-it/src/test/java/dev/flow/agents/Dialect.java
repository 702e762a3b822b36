package dev.flow.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/** One model API as the model server speaks it: which requests are its, and how a step sounds in it. */
interface Dialect {

    ObjectMapper JSON = new ObjectMapper();

    /** The name tests use: {@code anthropic}, {@code openai}, {@code gemini}. */
    String name();

    /** Whether this API's paths include the request's. */
    boolean handles(LoopbackHttp.Request request);

    /**
     * Whether the request is an agent's turn, which plays the script's next step, rather than a
     * request the CLI makes on the side (a title, a token count, a check whether to go on), which
     * gets {@link #aside}.
     */
    boolean isTurn(LoopbackHttp.Request request, JsonNode body);

    /** Plays a step; {@code n} numbers the ids it makes up. */
    void play(Step step, int n, LoopbackHttp.Request request, JsonNode body, LoopbackHttp.Response out) throws IOException;

    /** The answer to a side request. */
    void aside(LoopbackHttp.Request request, JsonNode body, LoopbackHttp.Response out) throws IOException;

    static ObjectNode object() {
        return JSON.createObjectNode();
    }

    /** One server-sent event; {@code event} may be null (Google names none). */
    static String sse(String event, JsonNode data) {
        return (event == null ? "" : "event: " + event + "\n") + "data: " + data + "\n\n";
    }
}

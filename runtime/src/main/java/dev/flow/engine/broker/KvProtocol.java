package dev.flow.engine.broker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The broker's protocol: one JSON object a line each way, UTF-8, over a Unix domain socket.
 *
 * <p>A request is {@code {"verb": V, "execution": ID, "scope": S, "key": K, "prefix": P, "value": X}}
 * with {@code verb} one of {@code get}, {@code history}, {@code list}, {@code put} and the fields that
 * verb needs ({@code execution} may be left out: it is the step's own, and any other is refused). The
 * answer is {@code {"ok": true, "values": [{"scope", "key", "value", "bytes", "writer", "at"}...]}}
 * (none for a {@code put} or a key without a value) or {@code {"ok": false, "error": "why"}}. A line
 * longer than {@link #LINE_MAX} bytes is answered with an error and the connection closed.
 */
public final class KvProtocol {
    /** The longest line either side reads: a value sent through the broker is somewhat less (JSON escapes it). */
    public static final int LINE_MAX = 8 * 1024 * 1024;

    static final String GET = "get";
    static final String HISTORY = "history";
    static final String LIST = "list";
    static final String PUT = "put";

    static final ObjectMapper JSON = new ObjectMapper();

    private KvProtocol() {}

    /** A line that is too long: what was read of it is dropped. */
    static final class TooLong extends IOException {
        TooLong() {
            super("a line of the key-value protocol is at most " + LINE_MAX + " bytes");
        }
    }

    /** The next line without its newline; null at the end of the stream. */
    static byte[] readLine(InputStream in) throws IOException {
        var line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0) {
            if (b == '\n') {
                return line.toByteArray();
            }
            if (line.size() >= LINE_MAX) {
                throw new TooLong();
            }
            line.write(b);
        }
        return line.size() == 0 ? null : line.toByteArray();
    }

    static byte[] line(JsonNode node) throws IOException {
        byte[] json = JSON.writeValueAsBytes(node);
        byte[] out = new byte[json.length + 1];
        System.arraycopy(json, 0, out, 0, json.length);
        out[json.length] = '\n';
        return out;
    }

    static ObjectNode error(String why) {
        ObjectNode o = JSON.createObjectNode();
        o.put("ok", false);
        o.put("error", why);
        return o;
    }

    static ObjectNode values(List<KvAccess.Value> values) {
        ObjectNode o = JSON.createObjectNode();
        o.put("ok", true);
        ArrayNode array = o.putArray("values");
        for (KvAccess.Value v : values) {
            ObjectNode e = array.addObject();
            e.put("scope", v.scope());
            e.put("key", v.key());
            e.put("value", v.value());
            e.put("bytes", v.bytes());
            e.put("writer", v.writer());
            e.put("at", v.at());
        }
        return o;
    }

    static List<KvAccess.Value> values(JsonNode answer) {
        var out = new ArrayList<KvAccess.Value>();
        for (JsonNode e : answer.path("values")) {
            out.add(new KvAccess.Value(e.path("scope").asText(), e.path("key").asText(), e.path("value").asText(), e.path("bytes").asLong(),
                    e.path("writer").asText(), e.path("at").asLong()));
        }
        return out;
    }
}

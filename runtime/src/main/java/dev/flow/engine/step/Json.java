package dev.flow.engine.step;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.flow.engine.eval.JsonStrings;
import dev.flow.engine.eval.Values;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** JSON for the values the engine keeps in the database: plain maps and values, compact. */
public final class Json {
    private Json() {}

    static final ObjectMapper MAPPER = new ObjectMapper();
    private static final TypeReference<LinkedHashMap<String, Object>> MAP = new TypeReference<>() {};
    // Made once: resolving the type reference on every read cost more than reading a small map.
    private static final ObjectReader MAP_READER = MAPPER.readerFor(MAP);
    private static final ObjectReader VALUE_READER = MAPPER.readerFor(Object.class);
    private static final ObjectWriter WRITER = MAPPER.writer();

    public static String write(Object value) {
        try {
            return WRITER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a plain value: " + e.getMessage(), e);
        }
    }

    /** A JSON object as a map with ints as Long; an empty map for null. */
    public static Map<String, Object> readMap(String json) {
        if (json == null || json.isEmpty()) {
            return new LinkedHashMap<>();
        }
        try {
            Map<String, Object> m = MAP_READER.readValue(json);
            m.replaceAll((k, v) -> normalize(v));
            return m;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON cannot be read: " + e.getOriginalMessage(), e);
        }
    }

    public static Object readValue(String json) {
        try {
            return normalize(VALUE_READER.readValue(json));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON cannot be read: " + e.getOriginalMessage(), e);
        }
    }

    @SuppressWarnings("unchecked")
    static Object normalize(Object v) {
        if (v instanceof Map<?, ?> m) {
            var out = new LinkedHashMap<String, Object>();
            m.forEach((k, x) -> out.put(String.valueOf(k), normalize(x)));
            return out;
        }
        if (v instanceof List<?> l) {
            return l.stream().map(Json::normalize).collect(Collectors.toList());
        }
        return Values.normalize(v);
    }

    /**
     * A small JSON object from alternating keys and values, leaving out null values. Most events'
     * data is a few strings and numbers: those are written here directly (as Jackson writes them),
     * anything else through Jackson.
     */
    static String object(Object... keysAndValues) {
        var out = new StringBuilder(64);
        for (int i = 0; i + 1 < keysAndValues.length; i += 2) {
            Object v = keysAndValues[i + 1];
            if (v == null) {
                continue;
            }
            if (!(v instanceof String || v instanceof Integer || v instanceof Long || v instanceof Boolean)) {
                return objectThroughJackson(keysAndValues);
            }
            out.append(out.length() == 0 ? '{' : ',');
            quote(out, (String) keysAndValues[i]);
            out.append(':');
            if (v instanceof String text) {
                quote(out, text);
            } else {
                out.append(v);
            }
        }
        return out.length() == 0 ? null : out.append('}').toString();
    }

    private static String objectThroughJackson(Object... keysAndValues) {
        var m = new LinkedHashMap<String, Object>();
        for (int i = 0; i + 1 < keysAndValues.length; i += 2) {
            if (keysAndValues[i + 1] != null) {
                m.put((String) keysAndValues[i], keysAndValues[i + 1]);
            }
        }
        return m.isEmpty() ? null : write(m);
    }

    private static void quote(StringBuilder out, String text) {
        JsonStrings.quote(out, text, JsonStrings.Style.JACKSON);
    }
}

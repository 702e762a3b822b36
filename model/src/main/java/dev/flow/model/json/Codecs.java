package dev.flow.model.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import dev.flow.model.SourceRef;
import dev.flow.model.Type;
import dev.flow.model.Value;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;

/** Compact JSON forms for values, types and positions. */
final class Codecs {
    private Codecs() {}

    /** Values as plain JSON values; floats always carry a decimal point so that they read back as floats. */
    static final class ValueSerializer extends JsonSerializer<Value> {
        @Override
        public void serialize(Value value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            if (value instanceof Value.Str s) {
                gen.writeString(s.value());
            } else if (value instanceof Value.Int i) {
                gen.writeNumber(i.value());
            } else if (value instanceof Value.Real r) {
                gen.writeNumber(r.value());
            } else if (value instanceof Value.Bool b) {
                gen.writeBoolean(b.value());
            } else if (value instanceof Value.ListOf l) {
                gen.writeStartArray();
                for (Value item : l.items()) {
                    serialize(item, gen, provider);
                }
                gen.writeEndArray();
            } else if (value instanceof Value.Obj o) {
                gen.writeStartObject();
                for (var e : o.fields().entrySet()) {
                    gen.writeFieldName(e.getKey());
                    serialize(e.getValue(), gen, provider);
                }
                gen.writeEndObject();
            } else {
                gen.writeNull();
            }
        }
    }

    static final class ValueDeserializer extends JsonDeserializer<Value> {
        @Override
        public Value deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            return fromNode(p.readValueAsTree());
        }

        /** An explicit JSON {@code null} is the null value... */
        @Override
        public Value getNullValue(DeserializationContext ctxt) {
            return Value.Null.INSTANCE;
        }

        /** ...while a missing key is an absent value. */
        @Override
        public Object getAbsentValue(DeserializationContext ctxt) {
            return null;
        }

        static Value fromNode(JsonNode node) {
            if (node == null || node.isNull()) {
                return Value.Null.INSTANCE;
            } else if (node.isTextual()) {
                return new Value.Str(node.asText());
            } else if (node.isBoolean()) {
                return Value.of(node.asBoolean());
            } else if (node.isIntegralNumber()) {
                return new Value.Int(node.asLong());
            } else if (node.isNumber()) {
                return new Value.Real(node.asDouble());
            } else if (node.isArray()) {
                var items = new ArrayList<Value>();
                node.forEach(n -> items.add(fromNode(n)));
                return new Value.ListOf(items);
            } else {
                var fields = new LinkedHashMap<String, Value>();
                node.fields().forEachRemaining(e -> fields.put(e.getKey(), fromNode(e.getValue())));
                return new Value.Obj(fields);
            }
        }
    }

    /** Jackson's value filter for {@link dev.flow.model.Isolation}: {@code none} (the default) is left out. */
    static final class IsolationNone {
        @Override
        public boolean equals(Object value) {
            return value == null || value == dev.flow.model.Isolation.NONE;
        }

        @Override
        public int hashCode() {
            return 0;
        }
    }

    static final class TypeSerializer extends JsonSerializer<Type> {
        @Override
        public void serialize(Type value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeString(value.name());
        }
    }

    static final class TypeDeserializer extends JsonDeserializer<Type> {
        @Override
        public Type deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            String text = p.getValueAsString();
            try {
                return Type.parse(text);
            } catch (IllegalArgumentException e) {
                return (Type) ctxt.handleWeirdStringValue(Type.class, text, e.getMessage());
            }
        }
    }

    /** {@code [file, offset, length, line, column, end_line, end_column]}. */
    static final class SourceRefSerializer extends JsonSerializer<SourceRef> {
        @Override
        public void serialize(SourceRef s, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeStartArray();
            gen.writeString(s.file());
            gen.writeNumber(s.offset());
            gen.writeNumber(s.length());
            gen.writeNumber(s.line());
            gen.writeNumber(s.column());
            gen.writeNumber(s.endLine());
            gen.writeNumber(s.endColumn());
            gen.writeEndArray();
        }

        @Override
        public boolean isEmpty(SerializerProvider provider, SourceRef value) {
            return value == null || value.equals(SourceRef.NONE);
        }
    }

    static final class SourceRefDeserializer extends JsonDeserializer<SourceRef> {
        @Override
        public SourceRef deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            JsonNode n = p.readValueAsTree();
            if (!n.isArray() || n.size() != 7 || !n.get(0).isTextual()) {
                return (SourceRef) ctxt.handleUnexpectedToken(SourceRef.class, p.currentToken(), p,
                        "a position is [file, offset, length, line, column, end_line, end_column]");
            }
            int[] v = new int[6];
            for (int i = 0; i < 6; i++) {
                JsonNode item = n.get(i + 1);
                if (!item.canConvertToInt()) {
                    return (SourceRef) ctxt.handleUnexpectedToken(SourceRef.class, p.currentToken(), p,
                            "a position's numbers must be integers");
                }
                v[i] = item.asInt();
            }
            return new SourceRef(n.get(0).asText(), v[0], v[1], v[2], v[3], v[4], v[5]);
        }
    }
}

package dev.flow.growth;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.flow.model.SourceRef;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Where each value and key of an answer's JSON text is, by JSON pointer ({@code /next/addNodes/2/id}),
 * as positions in a file named {@value #FILE}: line 1, column 1 is the answer's opening brace. Read
 * with a streaming parser in one pass, so that what the checker finds in the nodes an answer adds is
 * reported where the agent wrote it.
 */
final class AnswerPositions {
    /** The file name positions in an answer carry. */
    static final String FILE = "answer";

    private final Map<String, SourceRef> values = new HashMap<>();
    private final Map<String, SourceRef> keys = new HashMap<>();

    private AnswerPositions() {}

    static AnswerPositions of(String text) {
        var positions = new AnswerPositions();
        try (JsonParser p = new JsonFactory().createParser(text)) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                var context = p.getParsingContext();
                var start = p.currentTokenLocation();
                boolean container = t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY;
                if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                    continue;
                }
                String pointer = container ? (context.getParent() == null ? "" : context.getParent().pathAsPointer().toString())
                        : context.pathAsPointer().toString();
                int length = container ? 1 : (int) Math.max(1, p.currentLocation().getCharOffset() - start.getCharOffset());
                var ref = SourceRef.of(FILE, (int) start.getCharOffset(), length, start.getLineNr(), start.getColumnNr());
                (t == JsonToken.FIELD_NAME ? positions.keys : positions.values).putIfAbsent(pointer, ref);
            }
        } catch (IOException e) {
            // the answer was parsed before: what was read so far is all there is to place
        }
        return positions;
    }

    /** The position of the value at {@code pointer}, or of the nearest enclosing one. */
    SourceRef value(String pointer) {
        String p = pointer;
        while (true) {
            SourceRef at = values.get(p);
            if (at != null) {
                return at;
            }
            if (p.isEmpty()) {
                return SourceRef.NONE;
            }
            p = p.substring(0, p.lastIndexOf('/'));
        }
    }

    /** The position of the key that names the value at {@code pointer}; the value's own when there is none. */
    SourceRef key(String pointer) {
        return keys.getOrDefault(pointer, value(pointer));
    }

    /** {@code line 3, column 7}: how feedback names a position. */
    static String describe(SourceRef at) {
        return at.isUnknown() ? "" : "line " + at.line() + ", column " + at.column();
    }
}

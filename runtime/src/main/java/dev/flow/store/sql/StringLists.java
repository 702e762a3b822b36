package dev.flow.store.sql;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.SQLException;
import java.util.List;

/** Lists of names kept in one column as a JSON array (a question's options, the nodes a graph version added). */
final class StringLists {
    private static final ObjectMapper JSON = new ObjectMapper();

    private StringLists() {}

    static String write(List<String> items) {
        try {
            return JSON.writeValueAsString(items);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The list in a column; {@code what} names the row for the message when it cannot be read. */
    static List<String> read(String json, String what) throws SQLException {
        try {
            return JSON.readValue(json, new TypeReference<List<String>>() {});
        } catch (JsonProcessingException e) {
            throw new SQLException(what + " cannot be read", e);
        }
    }
}

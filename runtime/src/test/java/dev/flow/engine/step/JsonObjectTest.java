package dev.flow.engine.step;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Events' data written without Jackson reads back as Jackson writes it, escapes included. */
class JsonObjectTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static String jackson(Object... keysAndValues) throws Exception {
        var m = new LinkedHashMap<String, Object>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            if (keysAndValues[i + 1] != null) {
                m.put((String) keysAndValues[i], keysAndValues[i + 1]);
            }
        }
        return m.isEmpty() ? null : MAPPER.writeValueAsString(m);
    }

    @Test
    void stringsNumbersAndBooleansAreWrittenExactlyAsJacksonWritesThem() throws Exception {
        Object[] data = {"output", "done", "summary", "quote \" backslash \\ tab \t newline \n cr \r bell \u0007 nul \u0000 \b \f é 😀 </script>",
            "iteration", 3, "at", 1_764_000_000_000L, "ok", true, "none", null};
        assertThat(Json.object(data)).isEqualTo(jackson(data));
    }

    @Test
    void nothingButNullsIsNoObject() throws Exception {
        assertThat(Json.object("a", null, "b", null)).isNull();
        assertThat(Json.object()).isNull();
    }

    @Test
    void otherValuesGoThroughJackson() throws Exception {
        Object[] data = {"cost", 0.25, "files", List.of("a", "b"), "name", "x"};
        assertThat(Json.object(data)).isEqualTo(jackson(data));
    }
}

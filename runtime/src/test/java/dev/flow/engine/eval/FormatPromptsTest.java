package dev.flow.engine.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Dialect 1 templates filled as the supervisor's Python fills them; the expected texts are what CPython 3 prints. */
class FormatPromptsTest {

    private static Map<String, Object> data() {
        var inner = new LinkedHashMap<String, Object>();
        inner.put("k", 2.0);
        var data = new LinkedHashMap<String, Object>();
        data.put("a", Arrays.asList(1L, 2.5, null, true));
        data.put("b", Map.of());
        data.put("c", "\u00e9\n");
        data.put("d", inner);
        return data;
    }

    @Test
    void inputIsJsonDumpsWithAnIndentOfTwoAndOnlyAsciiCharacters() {
        assertThat(FormatPrompts.fill("{input}", data())).isEqualTo("""
                {
                  "a": [
                    1,
                    2.5,
                    null,
                    true
                  ],
                  "b": {},
                  "c": "\\u00e9\\n",
                  "d": {
                    "k": 2.0
                  }
                }""");
        assertThat(FormatPrompts.fill("{input}", Map.of())).isEqualTo("{}");
    }

    @Test
    void aKeyIsWrittenAsPythonsStrWritesItAndConversionsAndItemsWork() {
        assertThat(FormatPrompts.fill("{a} | {c!r} | {d} | {d[k]} | {a[3]} | {{x}}", data()))
                .isEqualTo("[1, 2.5, None, True] | '\u00e9\\n' | {'k': 2.0} | 2.0 | True | {x}");
        assertThat(PythonText.str(List.of("a", "it's", 1L))).isEqualTo("['a', \"it's\", 1]");
        assertThat(PythonText.ascii("\u00e9")).isEqualTo("'\\xe9'");
    }

    @Test
    void floatsReadAsPythonsRepr() {
        assertThat(List.of(1e-05, 0.0001, 1e16, 123.0, 1.5e300, -0.5, 0.1, 0.0, 1234567.125))
                .extracting(d -> PythonText.repr(d))
                .containsExactly("1e-05", "0.0001", "1e+16", "123.0", "1.5e+300", "-0.5", "0.1", "0.0", "1234567.125");
        assertThat(PythonText.jsonDump(List.of(Double.NaN, Double.POSITIVE_INFINITY))).isEqualTo("[\n  NaN,\n  Infinity\n]");
    }

    @Test
    void whatPythonRefusesIsAClearError() {
        assertThatThrownBy(() -> FormatPrompts.fill("Fix {ticket}", data())).hasMessage("{ticket} names no key of the task's input; its keys are"
                + " a, b, c, d, and {input} for all of it");
        assertThatThrownBy(() -> FormatPrompts.fill("{d.k}", data())).hasMessageContaining("the value has no attribute \"k\"")
                .hasMessageContaining("write [k] for a key");
        assertThatThrownBy(() -> FormatPrompts.fill("{a[9]}", data())).hasMessage("{a[9]}: index 9 is out of range (the value has 4)");
        assertThatThrownBy(() -> FormatPrompts.fill("{d[z]}", data())).hasMessage("{d[z]}: the value has no key \"z\"");
        assertThatThrownBy(() -> FormatPrompts.fill("a } b", data())).hasMessage("a single \"}\" is not closing anything; write \"}}\" for a brace"
                + " (at character 3)");
        assertThatThrownBy(() -> FormatPrompts.fill("{a:>10}", data())).hasMessageContaining("has a format spec (\":>10\")");
        assertThatThrownBy(() -> FormatPrompts.fill("{a}", Map.of("input", "x"))).hasMessageContaining("clashes with {input}");
    }
}

package dev.flow.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Templates parsed as Python's str.format parses a format string. */
class FormatTemplateTest {

    @Test
    void splitsTextAndFieldsWithTheirAccessorsAndConversion() {
        var t = FormatTemplate.parse("Fix {{it}}: {input} and {a[b c].d!r}.");
        assertThat(t.problem()).isEmpty();
        assertThat(t.parts()).containsExactly(
                new FormatTemplate.Text("Fix {it}: "),
                new FormatTemplate.Field("input", List.of(), (char) 0, 12, "{input}"),
                new FormatTemplate.Text(" and "),
                new FormatTemplate.Field("a", List.of(new FormatTemplate.Accessor(false, "b c"), new FormatTemplate.Accessor(true, "d")), 'r', 24,
                        "{a[b c].d!r}"),
                new FormatTemplate.Text("."));
        assertThat(t.fields()).extracting(FormatTemplate.Field::name).containsExactly("input", "a");
    }

    @Test
    void reportsWhatStrFormatWouldRefuseOrFlowDoesNotFill() {
        assertThat(List.of("{", "x }", "{}", "{0}", "{a!x}", "{a:>3}", "{a[}", "{a.}", "{a b}"))
                .extracting(text -> FormatTemplate.parse(text).problem().map(p -> p.offset() + " " + p.message()).orElse("none"))
                .containsExactly(
                        "0 \"{\" is never closed; write \"{{\" for a brace",
                        "2 a single \"}\" is not closing anything; write \"}}\" for a brace",
                        "0 {} has no name: the template is filled with named keys only, such as {input}",
                        "0 {0} has no name: the template is filled with named keys only, such as {input}",
                        "0 {a!x} has a conversion other than !s, !r or !a",
                        "0 {a:>3} has a format spec (\":>3\"), which Flow does not apply; write {a}",
                        "0 \"{\" is never closed; write \"{{\" for a brace",
                        "0 {a.} has an empty attribute name after \".\"",
                        "none");
    }
}

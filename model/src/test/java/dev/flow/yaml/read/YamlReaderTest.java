package dev.flow.yaml.read;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.SourceRef;
import dev.flow.model.Value;
import java.util.List;
import org.junit.jupiter.api.Test;

class YamlReaderTest {

    private static YamlRead read(String text) {
        return YamlReader.read(text, "w.yaml");
    }

    private static YMap root(String text) {
        YamlRead read = read(text);
        assertThat(read.diagnostics()).isEmpty();
        return (YMap) read.root().orElseThrow();
    }

    private static Diagnostic onlyProblem(String text) {
        YamlRead read = read(text);
        assertThat(read.diagnostics()).hasSize(1);
        return read.diagnostics().get(0);
    }

    @Test
    void givesEveryScalarItsRangeInTheText() {
        YMap map = root("id: debug\nnodes:\n  - id: \"an alyze\"\n    type: task\n");
        YScalar id = (YScalar) map.get("id").orElseThrow();
        assertThat(id.source()).isEqualTo(new SourceRef("w.yaml", 4, 5, 1, 5, 1, 10));
        YMap node = (YMap) ((YSeq) map.get("nodes").orElseThrow()).items().get(0);
        YScalar quoted = (YScalar) node.get("id").orElseThrow();
        assertThat(quoted.text()).isEqualTo("an alyze");
        assertThat(quoted.style()).isEqualTo(YScalar.Style.DOUBLE_QUOTED);
        assertThat(quoted.source()).isEqualTo(new SourceRef("w.yaml", 25, 10, 3, 9, 3, 19));
        assertThat(node.entries().get(1).key().source().line()).isEqualTo(4);
        assertThat(node.entries().get(1).key().source().column()).isEqualTo(5);
        // A block mapping ends with its last value, not where the next token starts.
        assertThat(node.source().endLine()).isEqualTo(4);
        assertThat(node.source().endColumn()).isEqualTo(15);
    }

    @Test
    void countsColumnsInUtf16UnitsAfterCharactersOutsideTheBmp() {
        YMap map = root("a: \"\uD83D\uDE00\"\nb: x\nc: \uD83D\uDE00 y\n");
        assertThat(map.get("b").orElseThrow().source()).isEqualTo(new SourceRef("w.yaml", 11, 1, 2, 4, 2, 5));
        YScalar c = (YScalar) map.get("c").orElseThrow();
        assertThat(c.source().column()).isEqualTo(4);
        assertThat(c.source().length()).isEqualTo(4);
    }

    @Test
    void typesScalarsAsYaml11DoesAndKeepsTheirText() {
        YMap map = root("a: 3\nb: 1.0\nc: yes\nd: ~\ne: '3'\nf: 0x10\ng: 1_000\nh: .inf\ni: 2024-01-01\nj: -7\n");
        assertThat(((YScalar) map.get("a").orElseThrow()).asLong()).contains(3L);
        YScalar b = (YScalar) map.get("b").orElseThrow();
        assertThat(b.type()).isEqualTo(YScalar.Type.FLOAT);
        assertThat(b.text()).isEqualTo("1.0");
        assertThat(((YScalar) map.get("c").orElseThrow()).asBoolean()).contains(true);
        assertThat(((YScalar) map.get("d").orElseThrow()).isNull()).isTrue();
        assertThat(((YScalar) map.get("e").orElseThrow()).type()).isEqualTo(YScalar.Type.STRING);
        assertThat(((YScalar) map.get("f").orElseThrow()).asLong()).contains(16L);
        assertThat(((YScalar) map.get("g").orElseThrow()).asLong()).contains(1000L);
        assertThat(((YScalar) map.get("h").orElseThrow()).asDouble()).contains(Double.POSITIVE_INFINITY);
        assertThat(((YScalar) map.get("i").orElseThrow()).type()).isEqualTo(YScalar.Type.STRING);
        assertThat(((YScalar) map.get("j").orElseThrow()).toValue()).isEqualTo(Value.of(-7L));
    }

    @Test
    void resolvesAliasesAndMergeKeys() {
        YMap map = root("defaults: &d\n  agent: self\n  outputs: [done]\ntask:\n  <<: *d\n  agent: codex\nsame: *d\n");
        YMap task = (YMap) map.get("task").orElseThrow();
        assertThat(task.keys()).containsExactly("outputs", "agent");
        assertThat(((YScalar) task.get("agent").orElseThrow()).text()).isEqualTo("codex");
        assertThat(map.get("same").orElseThrow()).isSameAs(map.get("defaults").orElseThrow());
    }

    @Test
    void reportsEveryDuplicateKeyAtItsSecondOccurrenceWithTheFirstAsRelated() {
        YamlRead read = read("id: a\nname: x\nid: b\nid: c\nnodes: [{id: n, id: m}]\n");
        assertThat(read.diagnostics()).extracting(Diagnostic::code).containsOnly(Code.YAML_DUPLICATE_KEY);
        assertThat(read.diagnostics()).extracting(d -> d.source().line()).containsExactly(3, 4, 5);
        assertThat(read.diagnostics().get(0).related()).extracting(r -> r.source().line()).containsExactly(1);
        assertThat(read.diagnostics().get(2).source().column()).isEqualTo(17);
        YMap map = (YMap) read.root().orElseThrow();
        assertThat(((YScalar) map.get("id").orElseThrow()).text()).isEqualTo("a");
    }

    @Test
    void reportsSyntaxErrorsWithLineAndColumn() {
        Diagnostic d = onlyProblem("id: a\nnodes:\n  - id: x\n   type: task\n");
        assertThat(d.code()).isEqualTo(Code.YAML_SYNTAX);
        assertThat(d.source().line()).isEqualTo(4);
        assertThat(d.message()).startsWith("YAML syntax error: ");
        Diagnostic unclosed = onlyProblem("a: [1, 2\nb: 3\n");
        assertThat(unclosed.code()).isEqualTo(Code.YAML_SYNTAX);
        assertThat(unclosed.source().line()).isEqualTo(2);
        Diagnostic quote = onlyProblem("a: \"open\nb: 3\n");
        assertThat(quote.code()).isEqualTo(Code.YAML_SYNTAX);
    }

    @Test
    void saysThatTabsCannotIndent() {
        Diagnostic d = onlyProblem("a:\n\tb: 1\n");
        assertThat(d.code()).isEqualTo(Code.YAML_SYNTAX);
        assertThat(d.message()).contains("never tabs");
        assertThat(d.source().line()).isEqualTo(2);
        assertThat(d.source().column()).isEqualTo(1);
    }

    @Test
    void refusesCharactersYamlForbidsWithTheirPosition() {
        Diagnostic d = onlyProblem("a: b\nc: d\u0007\n");
        assertThat(d.code()).isEqualTo(Code.YAML_SYNTAX);
        assertThat(d.message()).contains("U+0007");
        assertThat(d.source().line()).isEqualTo(2);
        assertThat(d.source().column()).isEqualTo(5);
    }

    @Test
    void refusesAnAliasBomb() {
        var bomb = new StringBuilder("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        for (char c = 'b'; c <= 'j'; c++) {
            char prev = (char) (c - 1);
            bomb.append(c).append(": &").append(c).append(" [");
            for (int i = 0; i < 9; i++) {
                bomb.append(i == 0 ? "" : ",").append('*').append(prev);
            }
            bomb.append("]\n");
        }
        Diagnostic d = onlyProblem(bomb.toString());
        assertThat(d.code()).isEqualTo(Code.INPUT_TOO_LARGE);
        assertThat(d.message()).contains("alias bomb");
        assertThat(d.source().line()).isBetween(6, 10);
    }

    @Test
    void refusesARecursiveAlias() {
        Diagnostic d = onlyProblem("a: &x\n  b: *x\n");
        assertThat(d.code()).isEqualTo(Code.INPUT_TOO_LARGE);
        assertThat(d.message()).contains("recursive");
        assertThat(d.source().line()).isEqualTo(2);
    }

    @Test
    void reportsAnAliasWithoutAnchor() {
        Diagnostic d = onlyProblem("a: *nowhere\n");
        assertThat(d.code()).isEqualTo(Code.YAML_SYNTAX);
        assertThat(d.message()).contains("\"*nowhere\"");
    }

    @Test
    void refusesDeepNestingInBothStyles() {
        Diagnostic flow = onlyProblem("a: " + "[".repeat(100_000) + "\n");
        assertThat(flow.code()).isEqualTo(Code.INPUT_TOO_LARGE);
        assertThat(flow.message()).contains("deeper than 64");
        assertThat(flow.source().column()).isEqualTo(4 + 63);
        var block = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            block.append("  ".repeat(i)).append("k").append(i).append(":\n");
        }
        block.append("  ".repeat(100)).append("v\n");
        Diagnostic d = onlyProblem(block.toString());
        assertThat(d.code()).isEqualTo(Code.INPUT_TOO_LARGE);
        assertThat(d.source().line()).isEqualTo(65);
    }

    @Test
    void refusesTextsLongerThanTheLimitBeforeParsing() {
        String huge = "a: b\n" + "#".repeat(YamlLimits.DEFAULT.maxChars());
        Diagnostic d = onlyProblem(huge);
        assertThat(d.code()).isEqualTo(Code.INPUT_TOO_LARGE);
        assertThat(d.source().line()).isEqualTo(1);
        assertThat(d.message()).contains("at most 33,554,432");
    }

    @Test
    void refusesAHugeScalar() {
        Diagnostic d = onlyProblem("a: ok\nprompt: \"" + "x".repeat(YamlLimits.DEFAULT.maxScalarChars() + 1) + "\"\n");
        assertThat(d.code()).isEqualTo(Code.INPUT_TOO_LARGE);
        assertThat(d.source().line()).isEqualTo(2);
        assertThat(d.source().column()).isEqualTo(9);
    }

    @Test
    void readsSmallerLimitsWhenGiven() {
        var tight = new YamlLimits(100, 3, 10, 50);
        assertThat(YamlReader.read("a: " + "x".repeat(11), "w.yaml", tight).diagnostics())
                .extracting(Diagnostic::code).containsExactly(Code.INPUT_TOO_LARGE);
        assertThat(YamlReader.read("a: [[[1]]]", "w.yaml", tight).diagnostics())
                .extracting(Diagnostic::code).containsExactly(Code.INPUT_TOO_LARGE);
    }

    @Test
    void refusesASecondDocument() {
        Diagnostic d = onlyProblem("a: 1\n---\nb: 2\n");
        assertThat(d.code()).isEqualTo(Code.YAML_SYNTAX);
        assertThat(d.source().line()).isEqualTo(2);
    }

    @Test
    void reportsTagsThatAreNotPlainData() {
        YamlRead read = read("a: !!python/object/apply:os.system [\"id\"]\nb: !!str 3\nc: !custom x\n");
        assertThat(read.diagnostics()).extracting(Diagnostic::code).containsExactly(Code.YAML_WRONG_TYPE, Code.YAML_WRONG_TYPE);
        assertThat(read.diagnostics()).extracting(d -> d.source().line()).containsExactly(1, 3);
        YMap map = (YMap) read.root().orElseThrow();
        assertThat(((YScalar) map.get("b").orElseThrow()).type()).isEqualTo(YScalar.Type.STRING);
    }

    @Test
    void givesNoDocumentForAnEmptyText() {
        YamlRead read = read("# only a comment\n");
        assertThat(read.root()).isEmpty();
        assertThat(read.diagnostics()).isEmpty();
    }

    @Test
    void collectsCommentsButNotHashesInsideScalars() {
        YamlRead read = read("""
                # header
                id: a  # trailing
                url: "http://x/#frag"
                note: a#b
                text: |
                  # not a comment
                  body
                #
                end: 1
                """);
        assertThat(read.comments()).extracting(YamlComment::text).containsExactly("header", "trailing", "");
        assertThat(read.comments()).extracting(YamlComment::ownLine).containsExactly(true, false, true);
        assertThat(read.comments()).extracting(YamlComment::line).containsExactly(1, 2, 8);
        assertThat(read.comments().get(1).source().column()).isEqualTo(8);
    }

    @Test
    void mapsEachCharacterOfAScalarBackToTheText() {
        YamlRead read = read("a: \"x \\\"y\\\" z\"\nb: 'it''s'\nc: |\n    first\n    second\nd: plain  text\n");
        YMap map = (YMap) read.root().orElseThrow();
        var a = read.positionsOf((YScalar) map.get("a").orElseThrow());
        // The escaped quote maps to the quote itself, after its backslash.
        assertThat(a.range(2, 5)).isEqualTo(new SourceRef("w.yaml", 7, 4, 1, 8, 1, 12));
        assertThat(a.range(6, 7).column()).isEqualTo(13);
        var b = read.positionsOf((YScalar) map.get("b").orElseThrow());
        assertThat(b.range(3, 4).column()).isEqualTo(9);
        var c = read.positionsOf((YScalar) map.get("c").orElseThrow());
        assertThat(c.range(6, 12)).isEqualTo(new SourceRef("w.yaml", 45, 6, 5, 5, 5, 11));
        var d = read.positionsOf((YScalar) map.get("d").orElseThrow());
        assertThat(d.range(7, 11).column()).isEqualTo(11);
        assertThat(d.range(11, 11).column()).isEqualTo(15);
    }

    @Test
    void reportsAKeyThatIsNotAScalar() {
        YamlRead read = read("? [a, b]\n: c\nd: e\n");
        assertThat(read.diagnostics()).extracting(Diagnostic::code).containsExactly(Code.YAML_WRONG_TYPE);
        assertThat(((YMap) read.root().orElseThrow()).keys()).containsExactly("d");
    }

    @Test
    void neverThrowsOnArbitraryText() {
        for (String junk : List.of("{", "}", "]", "- - -", ":", "? ? ?", "&a", "*", "!", "%YAML 9.9\n---\na", "a: b: c", "\"", "'", "|\n x\n  y",
                "a:\n  - b\n c", "[a, {b: c]", "@foo", "`x`")) {
            YamlRead read = read(junk);
            assertThat(read.diagnostics()).allSatisfy(d -> assertThat(d.source().line()).isPositive());
        }
    }
}

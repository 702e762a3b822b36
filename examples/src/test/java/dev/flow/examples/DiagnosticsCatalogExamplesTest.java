package dev.flow.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The diagnostics catalog cannot drift from what Flow does: the example of every entry of
 * {@code docs/diagnostics.md} (its {@code flow} and {@code yaml} blocks, or the file of
 * {@code examples/invalid/} it links to when the mistake does not fit in a block) is checked
 * through the real pipeline and must report the entry's code and nothing else, and every message
 * the entry quotes after "Message:" must be the message of one of those diagnostics.
 */
class DiagnosticsCatalogExamplesTest {

    private static final Pattern MESSAGE = Pattern.compile("Messages?:");

    @TempDir
    Path dir;

    private static String entry(Code code) {
        String entry = Markdown.section(Repository.read("docs/diagnostics.md"), "### " + code.id() + " " + code.slug());
        assertThat(entry).as("the entry ### %s %s of docs/diagnostics.md", code.id(), code.slug()).isNotNull();
        return entry;
    }

    /** What the entry's examples report: each block checked on its own, as demo.flow or demo.yaml. */
    private List<Diagnostic> examplesOf(Code code, String entry) {
        var found = new ArrayList<Diagnostic>();
        var blocks = Markdown.blocks(entry).stream().filter(b -> b.language().equals("flow") || b.language().equals("yaml")).toList();
        for (int i = 0; i < blocks.size(); i++) {
            var block = blocks.get(i);
            var c = Checking.text(dir.resolve("example" + i), "demo." + block.language(), block.text());
            assertThat(c.diagnostics().stream().map(d -> d.code().id()).distinct().toList())
                    .as("what the example of %s at line %d of its entry reports: %s", code.id(), block.line(), Checking.describe(c.diagnostics()))
                    .containsExactly(code.id());
            found.addAll(c.diagnostics());
        }
        if (blocks.isEmpty()) {
            var link = Pattern.compile("\\(\\.\\./(examples/invalid/" + code.id() + "-" + code.slug() + "\\.\\w+)\\)").matcher(entry);
            assertThat(link.find()).as("%s has a flow or yaml example, or links to its file in examples/invalid/", code.id()).isTrue();
            found.addAll(Checking.file(Repository.resolve(link.group(1))).diagnostics());
        }
        return found;
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Code.class)
    void theExampleOfEveryEntryReportsItsCodeWithTheMessagesTheEntryQuotes(Code code) {
        String entry = entry(code);
        List<Diagnostic> found = examplesOf(code, entry);
        assertThat(found).as("what the example of %s reports", code.id()).anyMatch(d -> d.code() == code);
        String paragraph = Markdown.paragraph(entry, MESSAGE);
        assertThat(paragraph).as("the Message: paragraph of %s", code.id()).isNotNull();
        var quoted = Markdown.spans(paragraph);
        assertThat(quoted).as("the messages quoted by %s", code.id()).isNotEmpty();
        var real = found.stream().filter(d -> d.code() == code).map(d -> Markdown.normalize(d.message())).toList();
        for (String message : quoted) {
            assertThat(real).as("the messages the example of %s gives, one of which the entry quotes", code.id()).contains(message);
        }
    }
}

package dev.flow.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** docs/diagnostics.md has one entry per code, under the heading its anchor names, with its severity. */
class DiagnosticsCatalogTest {

    private static String catalog() throws IOException {
        Path docs = Path.of(System.getProperty("user.dir")).toAbsolutePath().getParent().resolve("docs/diagnostics.md");
        assertThat(docs).as("the diagnostics catalog, expected at %s", docs).exists();
        return Files.readString(docs);
    }

    @Test
    void everyCodeHasAnEntryWithItsAnchorAndSeverity() throws IOException {
        String text = catalog();
        for (Code code : Code.values()) {
            String heading = "### " + code.id() + " " + code.slug() + "\n";
            assertThat(text).as("entry for %s", code.id()).contains(heading);
            String entry = text.substring(text.indexOf(heading) + heading.length());
            assertThat(entry.strip()).as("severity of %s", code.id()).startsWith("**Severity:** " + code.defaultSeverity().label());
            // GitHub's anchor for "### FLOW306 uncontrolled-cycle" is "flow306-uncontrolled-cycle".
            assertThat((code.id() + " " + code.slug()).toLowerCase(Locale.ROOT).replace(' ', '-')).isEqualTo(code.docAnchor());
        }
    }

    @Test
    void everyEntryIsACode() throws IOException {
        var headings = new ArrayList<String>();
        var matcher = Pattern.compile("(?m)^### (FLOW\\d{3}) (\\S+)$").matcher(catalog());
        while (matcher.find()) {
            headings.add(matcher.group(1));
            assertThat(Code.byId(matcher.group(1))).as(matcher.group()).hasValueSatisfying(c -> assertThat(c.slug()).isEqualTo(matcher.group(2)));
        }
        assertThat(headings).containsExactlyElementsOf(List.of(Code.values()).stream().map(Code::id).toList());
    }
}

package dev.flow.dsl.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.dsl.FlowTesting;
import dev.flow.dsl.services.FlowGrammarAccess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeSet;
import org.eclipse.xtext.AbstractRule;
import org.eclipse.xtext.EnumRule;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.ParserRule;
import org.junit.jupiter.api.Test;

/**
 * Every keyword has documentation for hovers, and {@code docs/language.md} shows the same text.
 * Run with {@code -Dflow.updateDocs=true} to rewrite the keyword section of docs/language.md from
 * the resource.
 */
class KeywordDocsTest {

    private static final String BEGIN = "<!-- keywords:begin (generated from dsl/src/main/resources/dev/flow/dsl/docs/keywords.md) -->\n";
    private static final String END = "<!-- keywords:end -->";

    /** The word keywords of the grammar's parser and enum rules (the units inside terminals, such as ms, are not keywords). */
    static TreeSet<String> grammarKeywords() {
        var grammar = FlowTesting.injector().getInstance(FlowGrammarAccess.class).getGrammar();
        var out = new TreeSet<String>();
        for (AbstractRule rule : GrammarUtil.allRules(grammar)) {
            if (rule instanceof ParserRule || rule instanceof EnumRule) {
                GrammarUtil.containedKeywords(rule).stream().map(k -> k.getValue())
                        .filter(v -> v.matches("[a-z]+")).forEach(out::add);
            }
        }
        return out;
    }

    @Test
    void everyKeywordIsDocumentedAndEveryEntryIsAKeyword() {
        assertThat(KeywordDocs.all().keySet()).containsExactlyInAnyOrderElementsOf(grammarKeywords());
        assertThat(KeywordDocs.all().values()).allSatisfy(text -> assertThat(text).isNotBlank());
        assertThat(KeywordDocs.of("loop")).get().asString().contains("loop max 3");
    }

    @Test
    void theLanguageReferenceShowsTheSameKeywordDocumentation() throws IOException {
        Path doc = Path.of("").toAbsolutePath().getParent().resolve("docs/language.md");
        String text = Files.readString(doc);
        int begin = text.indexOf(BEGIN);
        int end = text.indexOf(END);
        assertThat(begin).as("docs/language.md has the generated keyword section").isNotNegative();
        String expected = BEGIN + KeywordDocs.markdown() + END;
        if (Boolean.getBoolean("flow.updateDocs")) {
            Files.writeString(doc, text.substring(0, begin) + expected + text.substring(end + END.length()));
            return;
        }
        assertThat(text.substring(begin, end + END.length()))
                .as("docs/language.md is out of date: run the dsl tests with -Dflow.updateDocs=true")
                .isEqualTo(expected);
    }
}

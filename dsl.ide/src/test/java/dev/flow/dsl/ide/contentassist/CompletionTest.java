package dev.flow.dsl.ide.contentassist;

import static dev.flow.dsl.ide.Samples.releaseWith;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.dsl.ide.Samples;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionItemKind;
import org.eclipse.lsp4j.InsertTextFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Completion at the cursor ({@code <|>}): names in scope, keywords, snippets and the gates of libraries and registries. */
class CompletionTest {
    @TempDir
    Path folder;

    List<CompletionItem> complete(String marked) {
        return Samples.open(folder, marked).complete();
    }

    static List<String> labels(List<CompletionItem> items) {
        return items.stream().map(CompletionItem::getLabel).toList();
    }

    /** Each item as "label: detail", in the order the editor shows them. */
    static List<String> labelsAndDetails(List<CompletionItem> items) {
        return items.stream().map(i -> i.getLabel() + ": " + i.getDetail()).toList();
    }

    @Test
    void offersTheNodesAndEndWhereAnEdgeGoesButNeverStart() {
        var items = complete(releaseWith("polish -> check", "polish -> <|>"));
        assertThat(labelsAndDetails(items)).containsExactly("approve: human", "check: gate", "draft: task \"Draft the release notes\"",
                "polish: task", "end: null");
        assertThat(items).extracting(CompletionItem::getKind).containsExactly(CompletionItemKind.Function, CompletionItemKind.Function,
                CompletionItemKind.Function, CompletionItemKind.Function, CompletionItemKind.Keyword);
    }

    @Test
    void offersNoStartAfterTheThenOrElseOfABranch() {
        String then = releaseWith("    human approve {", "    branch again { if rounds < 3 then <|> }\n    human approve {");
        assertThat(labels(complete(then))).contains("draft", "end").doesNotContain("start");
        String otherwise = releaseWith("    human approve {",
                "    branch again { if rounds < 3 then draft else <|> }\n    human approve {");
        assertThat(labels(complete(otherwise))).contains("draft", "end").doesNotContain("start");
    }

    @Test
    void offersTheOutputsOfTheNodeAndFailureAfterRetryOnButNoPropertyOfTheNode() {
        assertThat(labels(complete(releaseWith("retry 2", "retry 2 on <|>")))).containsExactly("failure", "ready", "unclear");
        assertThat(labels(complete(releaseWith("retry 2", "retry 2 on c<|>")))).as("no context, no cwd").isEmpty();
    }

    @Test
    void offersFailureOnceAmongTheOutputsAfterOnInANode() {
        assertThat(labels(complete(releaseWith("retry 2", "on <|>")))).containsExactly("ready", "unclear", "failure");
    }

    @Test
    void offersTheFourKeywordsThatBeginAFile() {
        var items = complete("<|>");
        assertThat(labels(items)).containsExactly("agent", "gate", "import", "workflow");
        assertThat(items).allMatch(i -> i.getKind() == CompletionItemKind.Keyword);
    }

    @Test
    void offersASnippetForEachKindOfNodeBeforeTheKeywords() {
        var items = complete("workflow w {\n    <|>\n}\n");
        var snippets = items.stream().filter(i -> i.getInsertTextFormat() == InsertTextFormat.Snippet).toList();
        assertThat(labels(snippets)).containsExactly("branch …", "checkpoint …", "gate …", "human …", "merge …", "parallel …",
                "subgraph …", "supervisor …", "task …");
        assertThat(snippets.get(1).getTextEdit().getLeft().getNewText()).isEqualTo("checkpoint ${1:name}$0");
        assertThat(items.indexOf(snippets.get(snippets.size() - 1))).as("the snippets come first").isEqualTo(snippets.size() - 1);
        assertThat(labels(items)).contains("task", "gate", "state", "input", "start").as("no edge leaves end")
                .doesNotContain("end").as("punctuation is typed, not offered").doesNotContain("{", "}", "->");
    }

    @Test
    void completesAKeywordFromItsFirstLetters() {
        assertThat(labels(complete(releaseWith("loop max 2", "lo<|>")))).containsExactly("loop");
    }

    @Test
    void offersTheGatesOfAnImportedLibraryWithTheirCommands() {
        var items = complete(releaseWith("uses unit_tests", "uses <|>"));
        assertThat(labelsAndDetails(items)).containsExactly("style: npm run lint", "unit_tests: gradle test");
    }

    @Test
    void offersTheGatesOfAnImportedRegistryAfterThoseOfFlowLibraries() {
        String both = releaseWith("import \"checks.flow\"", "import \"checks.flow\"\nimport \"gates.yaml\"")
                .replace("uses unit_tests", "uses <|>");
        var items = complete(both);
        assertThat(labelsAndDetails(items)).containsExactly("style: npm run lint", "unit_tests: gradle test", "audit: npm audit",
                "licenses: license-check --all");
        assertThat(items.get(3).getDocumentation().getLeft())
                .isEqualTo("Checks the licenses of the dependencies\n\nregistered in gates.yaml");
    }

    @Test
    void replacesTheFirstLettersTypedWithTheNameChosen() {
        var editor = Samples.open(folder, releaseWith("uses unit_tests", "uses un<|>"));
        var items = editor.complete();
        assertThat(labels(items)).containsExactly("unit_tests");
        var edit = items.get(0).getTextEdit().getLeft();
        assertThat(edit.getRange()).isEqualTo(editor.rangeOf("un", "gate check uses "));
        assertThat(edit.getNewText()).isEqualTo("unit_tests");
    }
}

package dev.flow.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.frontend.Compilation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The examples of the language reference and of the README are true: every {@code flow} block of
 * {@code docs/language.md} compiles without an error (one marked {@code flow error} shows a
 * mistake on purpose and must give one), and the README's workflow checks without any diagnostic.
 * Blocks are checked as if they stood in {@code examples/}, so {@code import "lib/gates.flow"}
 * finds the shared library.
 */
class LanguageReferenceExamplesTest {

    @TempDir
    Path dir;

    static Stream<Markdown.Block> referenceBlocks() {
        return Markdown.blocks(Repository.read("docs/language.md")).stream().filter(b -> b.language().equals("flow"));
    }

    private Compilation check(Markdown.Block block) throws IOException {
        Path lib = Files.createDirectories(dir.resolve("lib"));
        Files.copy(Repository.resolve("examples/lib/gates.flow"), lib.resolve("gates.flow"), StandardCopyOption.REPLACE_EXISTING);
        return Checking.text(dir, "example.flow", block.text());
    }

    @ParameterizedTest(name = "docs/language.md: {0}")
    @MethodSource("referenceBlocks")
    void everyExampleOfTheReferenceCompiles(Markdown.Block block) throws IOException {
        List<Diagnostic> found = check(block).diagnostics();
        if (block.info().equals("flow error")) {
            assertThat(found).as("the example at line %d shows a mistake: %s", block.line(), Checking.describe(found)).anyMatch(Diagnostic::isError);
        } else {
            assertThat(found).as("the example at line %d: %s", block.line(), Checking.describe(found)).noneMatch(Diagnostic::isError);
            assertThat(block.info()).as("the info string of the block at line %d", block.line()).isEqualTo("flow");
        }
    }

    @Test
    void theReferenceHasExamples() {
        assertThat(referenceBlocks().count()).isGreaterThan(5);
    }

    @Test
    void theReadmeWorkflowChecksClean() throws IOException {
        var blocks = Markdown.blocks(Repository.read("README.md")).stream().filter(b -> b.language().equals("flow")).toList();
        assertThat(blocks).as("the README's flow blocks").isNotEmpty();
        for (var block : blocks) {
            var found = check(block).diagnostics();
            assertThat(found).as("the README's example at line %d: %s", block.line(), Checking.describe(found)).isEmpty();
        }
    }
}

package dev.flow.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.model.Severity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The golden files of {@code examples/invalid/} (and of its {@code warnings/} for the codes that
 * only warn): one per diagnostic code, each reporting exactly
 * what its first lines expect, at the expected line and column, through the same pipeline as
 * {@code flow check}. A new code without its file fails here. The files of {@code cascades/} make
 * one mistake each that used to bring a second diagnostic along: they too report one diagnostic
 * per expect line and nothing else.
 */
class InvalidExamplesTest {

    static Path folder() {
        return Repository.resolve("examples/invalid");
    }

    /** The folder of the codes whose diagnostics are warnings: their files leave the check passing. */
    static Path warnings() {
        return folder().resolve("warnings");
    }

    /** Every workflow file of the folder and of {@code warnings/} (READMEs aside). */
    static List<Path> files() throws IOException {
        var all = new ArrayList<Path>();
        for (Path dir : List.of(folder(), warnings())) {
            try (var files = Files.list(dir)) {
                files.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().equals("README.md")).forEach(all::add);
            }
        }
        return all.stream().sorted().toList();
    }

    /** The folder of one-mistake files whose consequences must not be reported as well. */
    static Path cascades() {
        return folder().resolve("cascades");
    }

    static List<Path> cascadeFiles() throws IOException {
        try (var files = Files.list(cascades())) {
            return files.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().equals("README.md")).sorted().toList();
        }
    }

    static Stream<Path> eachFile() throws IOException {
        return files().stream();
    }

    static Stream<Path> eachFileWithCascades() throws IOException {
        return Stream.concat(files().stream(), cascadeFiles().stream());
    }

    /** {@code FLOW306-uncontrolled-cycle} for {@code FLOW306-uncontrolled-cycle.flow}. */
    private static String stem(Path file) {
        String name = file.getFileName().toString();
        return name.substring(0, name.indexOf('.'));
    }

    @Test
    void everyCodeHasItsFileNamedAfterItsIdAndSlug() throws IOException {
        var stems = files().stream().map(InvalidExamplesTest::stem).toList();
        for (Code code : Code.values()) {
            assertThat(stems).as("a file examples/invalid/%s-%s.* that triggers %s", code.id(), code.slug(), code.id())
                    .containsOnlyOnce(code.id() + "-" + code.slug());
        }
        assertThat(stems).as("files of examples/invalid named after no code").hasSize(Code.values().length);
    }

    @Test
    void theYamlCodesHaveYamlFilesAndTheOthersAFileFlowReads() throws IOException {
        for (Path file : files()) {
            String name = file.getFileName().toString();
            String extension = name.substring(name.indexOf('.') + 1).toLowerCase(Locale.ROOT);
            if (name.startsWith("FLOW6")) {
                assertThat(extension).as(name).isEqualTo("yaml");
            } else {
                assertThat(extension).as(name).isIn("flow", "yaml", "json");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("eachFileWithCascades")
    void reportsExactlyWhatItsFirstLinesExpect(Path file) {
        var expected = Expectation.of(file);
        if (!file.getParent().equals(cascades())) {
            assertThat(expected.get(0).code().id() + "-" + expected.get(0).code().slug())
                    .as("the first expectation of %s is the code it is named after", file.getFileName()).isEqualTo(stem(file));
        }
        var found = Checking.file(file).diagnostics();
        assertThat(found.stream().map(Expectation::describe).toList())
                .as("what %s reports: %s", file.getFileName(), Checking.describe(found))
                .containsExactlyElementsOf(expected.stream().map(Expectation::describe).toList());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("eachFile")
    void flowCheckExitsAsTheExpectationsSay(Path file) {
        int exit = Expectation.exitOf(Expectation.of(file));
        assertThat(Checking.exitOfCheck(file.toString())).as("exit status of flow check %s", file.getFileName()).isEqualTo(exit);
    }

    @Test
    void aWarningAloneLeavesTheCheckPassingAndEveryErrorFailsIt() throws IOException {
        for (Path file : files()) {
            var expected = Expectation.of(file);
            Code code = expected.get(0).code();
            assertThat(expected.get(0).severity()).as("severity of %s", file.getFileName()).isEqualTo(code.defaultSeverity());
            boolean error = expected.stream().anyMatch(e -> e.severity() == Severity.ERROR);
            int exit = error ? 1 : 0;
            assertThat(Expectation.exitOf(expected)).as("exit status expected of %s", file.getFileName()).isEqualTo(exit);
            // every file directly in examples/invalid/ fails the check; those that only warn are in warnings/
            assertThat(file.getParent()).as("the folder of %s", file.getFileName()).isEqualTo(error ? folder() : warnings());
        }
    }

    @Test
    void everyCascadeFileMakesOneMistakeAndHasItsReadmeRow() throws IOException {
        var rows = Repository.read("examples/invalid/cascades/README.md").lines().filter(l -> l.startsWith("| [")).toList();
        assertThat(cascadeFiles()).isNotEmpty();
        for (Path file : cascadeFiles()) {
            assertThat(Expectation.of(file)).as("expect lines of %s", file.getFileName()).hasSize(1);
            String name = file.getFileName().toString();
            assertThat(rows).as("README row of %s", name).anyMatch(r -> r.startsWith("| [" + name + "](" + name + ") |"));
        }
        assertThat(rows).as("README rows").hasSameSizeAs(cascadeFiles());
    }

    @Test
    void noTwoDiagnosticsOfAnInvalidExampleOrACorpusFileShareARange() throws IOException {
        var all = new ArrayList<>(eachFileWithCascades().toList());
        try (var corpus = Files.list(Repository.resolve("../shared/corpus/supervisor-yaml"))) {
            corpus.filter(f -> f.toString().endsWith(".yaml")).sorted().forEach(all::add);
        }
        for (Path file : all) {
            var found = Checking.file(file).diagnostics();
            var ranges = found.stream().map(d -> d.source().file() + ":" + d.source().offset() + "+" + d.source().length()).toList();
            assertThat(ranges).as("ranges reported in %s: %s", file, Checking.describe(found)).doesNotHaveDuplicates();
        }
    }

    @Test
    void theReadmeHasARowForEveryFileWithItsCode() throws IOException {
        var rows = Repository.read("examples/invalid/README.md").lines().filter(l -> l.startsWith("| [")).toList();
        for (Path file : files()) {
            String name = folder().relativize(file).toString().replace('\\', '/');
            Code code = Expectation.of(file).get(0).code();
            assertThat(rows).as("README row of %s", name)
                    .anyMatch(r -> r.startsWith("| [" + name + "](" + name + ") | " + code.id() + " " + code.slug() + " |"));
        }
        assertThat(rows).as("README rows").hasSameSizeAs(files());
    }
}

package dev.flow.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.model.Severity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every example outside {@code examples/invalid/} checks as documented, through the pipeline of
 * {@code flow check}: the workflows of {@code examples/*.flow} without a single diagnostic, the
 * libraries of {@code examples/lib/} as libraries, and {@code examples/yaml/} as the table of its
 * README says, codes, severities and exit status included.
 */
class CheckedExamplesTest {

    private static List<Path> list(String folder, String extension) throws IOException {
        try (var files = Files.list(Repository.resolve(folder))) {
            return files.filter(f -> f.getFileName().toString().endsWith(extension)).sorted().toList();
        }
    }

    static Stream<Path> workflows() throws IOException {
        return list("examples", ".flow").stream();
    }

    static Stream<Path> libraries() throws IOException {
        return list("examples/lib", ".flow").stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("workflows")
    void everyWorkflowChecksWithoutADiagnostic(Path example) {
        var c = Checking.file(example);
        assertThat(c.diagnostics()).as(Checking.describe(c.diagnostics())).isEmpty();
        assertThat(c.graph()).isPresent();
        assertThat(Checking.exitOfCheck(example.toString())).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("libraries")
    void aLibraryChecksCleanAndSaysItHoldsNothingToRun(Path library) {
        var c = Checking.file(library);
        assertThat(c.diagnostics()).as(Checking.describe(c.diagnostics())).singleElement().satisfies(d -> {
            assertThat(d.code()).isEqualTo(Code.UNREADABLE_INPUT);
            assertThat(d.severity()).isEqualTo(Severity.INFO);
            assertThat(d.message()).contains("holds no workflow");
        });
    }

    @Test
    void theSharedGateLibraryIsImportedByAtLeastTwoExamples() throws IOException {
        long importers = workflows().filter(p -> Repository.read(Repository.relative(p)).contains("import \"lib/gates.flow\"")).count();
        assertThat(importers).isGreaterThanOrEqualTo(2);
    }

    @Test
    void theExamplesCoverTheSeeds() throws IOException {
        assertThat(Stream.concat(workflows(), libraries()).map(p -> p.getFileName().toString()))
                .contains("debug_loop.flow", "parallel_review.flow", "full_feature.flow", "supervisor.flow", "plan_execute_verify.flow", "gates.flow");
    }

    /** A row of the table in examples/yaml/README.md: the file, and what flow check reports on it. */
    private record YamlRow(String file, List<String> reports, int exit) {}

    private static final Pattern ROW = Pattern.compile("^\\| \\[([^]]+)]\\(\\1\\) \\|.*\\| ([^|]+) \\|$");
    private static final Pattern REPORT = Pattern.compile("`(FLOW\\d{3})` [a-z-]+ \\((error|warning)\\)");
    private static final Pattern EXIT = Pattern.compile("exit (\\d)");

    private static List<YamlRow> yamlTable() {
        var rows = new ArrayList<YamlRow>();
        for (String line : Repository.read("examples/yaml/README.md").lines().toList()) {
            var row = ROW.matcher(line);
            if (!row.matches()) {
                continue;
            }
            var reports = new ArrayList<String>();
            var report = REPORT.matcher(row.group(2));
            while (report.find()) {
                reports.add(report.group(1) + " (" + report.group(2) + ")");
            }
            var exit = EXIT.matcher(row.group(2));
            assertThat(exit.find()).as("the exit status in the README row of %s", row.group(1)).isTrue();
            rows.add(new YamlRow(row.group(1), reports, Integer.parseInt(exit.group(1))));
        }
        return rows;
    }

    @Test
    void everyYamlExampleReportsWhatTheTableOfItsReadmeSays() throws IOException {
        var rows = yamlTable();
        assertThat(rows).extracting(YamlRow::file)
                .containsExactlyInAnyOrderElementsOf(list("examples/yaml", ".yaml").stream().map(p -> p.getFileName().toString()).toList());
        for (YamlRow row : rows) {
            Path file = Repository.resolve("examples/yaml/" + row.file());
            var c = Checking.file(file);
            assertThat(c.diagnostics().stream().map(d -> d.code().id() + " (" + d.severity().label() + ")").toList())
                    .as("what %s reports: %s", row.file(), Checking.describe(c.diagnostics()))
                    .containsExactlyInAnyOrderElementsOf(row.reports());
            assertThat(Checking.exitOfCheck(file.toString())).as("exit status of flow check %s", row.file()).isEqualTo(row.exit());
        }
    }
}

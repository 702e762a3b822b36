package dev.flow.dsl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.frontend.Compiler;
import dev.flow.frontend.LoadOptions;
import dev.flow.model.Severity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every workflow in the repository's {@code examples/} compiles cleanly through the whole pipeline, checker included. */
class ExamplesTest {

    static Path examplesDir() {
        Path dir = Path.of("").toAbsolutePath().getParent().resolve("examples");
        assertThat(dir).as("the repository's examples folder").isDirectory();
        return dir;
    }

    static Stream<Path> examples() throws IOException {
        try (var files = Files.walk(examplesDir())) {
            return files.filter(p -> p.toString().endsWith(".flow")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("examples")
    void everyExampleCompilesWithoutDiagnostics(Path example) {
        String shown = examplesDir().getParent().relativize(example).toString();
        var c = Compiler.withInstalledFrontEnds().compile(example, shown, LoadOptions.DEFAULT);
        if (example.getParent().getFileName().toString().equals("lib")) {
            assertThat(c.diagnostics()).singleElement().satisfies(d -> {
                assertThat(d.code()).isEqualTo(Code.UNREADABLE_INPUT);
                assertThat(d.severity()).isEqualTo(Severity.INFO);
            });
            return;
        }
        assertThat(c.diagnostics()).as(FlowTesting.lines(c.diagnostics())).isEmpty();
        assertThat(c.graph()).isPresent();
    }

    @Test
    void theSharedGateLibraryIsImportedByAtLeastTwoExamples() throws IOException {
        long importers = examples().filter(p -> {
            try {
                return Files.readString(p).contains("import \"lib/gates.flow\"");
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }).count();
        assertThat(importers).isGreaterThanOrEqualTo(2);
    }

    @Test
    void theExamplesCoverTheSeeds() throws IOException {
        assertThat(examples().map(p -> p.getFileName().toString())).contains("debug_loop.flow", "parallel_review.flow",
                "full_feature.flow", "supervisor.flow", "plan_execute_verify.flow", "gates.flow");
    }
}

package dev.flow.dsl.frontend;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.frontend.Compiler;
import dev.flow.frontend.LoadOptions;
import dev.flow.frontend.SourceFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FlowFrontEndTest {

    @Test
    void theCompilerFindsTheFrontEndThroughTheServiceLoader() {
        var compiler = Compiler.withInstalledFrontEnds();
        assertThat(compiler.frontEndFor("flow")).get().isInstanceOf(FlowFrontEnd.class);
        assertThat(new FlowFrontEnd().handles("yaml")).isFalse();
    }

    @Test
    void theCompilerPipelineReadsAFlowFileFromDisk(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("hello.flow");
        Files.writeString(file, "workflow hello { task greet { agent claude prompt \"Say hello\" }\nstart -> greet -> end }\n");
        var c = Compiler.withInstalledFrontEnds().compile(file, "hello.flow", LoadOptions.DEFAULT);
        assertThat(c.diagnostics()).isEmpty();
        assertThat(c.graph().orElseThrow().main().id()).isEqualTo("hello");
        assertThat(c.graph().get().main().node("greet").orElseThrow().source().file()).isEqualTo("hello.flow");
    }

    @Test
    void unknownNamesAreLeftToTheCheckerSoThatEachIsReportedOnce() {
        var c = new FlowFrontEnd().load(new SourceFile(null, "u.flow",
                "workflow u { task a { agent nobody gates nothing }\nstart -> a -> nowhere when dne }"), LoadOptions.DEFAULT);
        assertThat(c.diagnostics()).isEmpty();
        var edge = c.graph().orElseThrow().main().edges().get(1);
        assertThat(edge.to().name()).isEqualTo("nowhere");
        assertThat(edge.to().source().column()).isEqualTo(15);
    }

    @Test
    void textWithoutAFileResolvesImportsFromItsDisplayName(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("lib.flow"), "gate tests { }");
        String shown = dir.resolve("main.flow").toString();
        var c = new FlowFrontEnd().load(new SourceFile(null, shown, "import \"lib.flow\"\nworkflow w { gate t uses tests }"), LoadOptions.DEFAULT);
        assertThat(c.diagnostics()).isEmpty();
        assertThat(c.graph().orElseThrow().main().gates()).hasSize(1);
        assertThat(c.text(dir.resolve("lib.flow").toString())).contains("gate tests { }");
    }

    @Test
    void aGatesRegistryOnTheCommandLineGivesItsGatesToTheWorkflow(@TempDir Path dir) throws IOException {
        Path gates = dir.resolve("gates.yaml");
        Files.writeString(gates, "gates:\n  test:\n    command: [pytest]\n  lint:\n    command: [ruff]\n");
        var c = new FlowFrontEnd().load(new SourceFile(null, "w.flow", "workflow w { gate t uses test }"),
                new LoadOptions(List.of(gates), Optional.empty(), Optional.empty()));
        assertThat(c.diagnostics()).isEmpty();
        assertThat(c.graph().orElseThrow().main().gates()).extracting(g -> g.name()).containsExactly("test", "lint");
        assertThat(c.text(gates.toString())).hasValueSatisfying(text -> assertThat(text).contains("pytest"));
    }

    @Test
    void theSameTextCompilesToTheSameGraphEveryTime() {
        String text = "workflow w { task a\nstart -> a -> end }";
        var a = new FlowFrontEnd().load(new SourceFile(null, "w.flow", text), LoadOptions.DEFAULT).graph().orElseThrow();
        var b = new FlowFrontEnd().load(new SourceFile(null, "w.flow", text), LoadOptions.DEFAULT).graph().orElseThrow();
        assertThat(a).isEqualTo(b);
    }
}

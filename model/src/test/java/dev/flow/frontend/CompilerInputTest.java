package dev.flow.frontend;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** What the compiler does with a path that is not a workflow file it can read. */
class CompilerInputTest {

    static final Compiler COMPILER = Compiler.withInstalledFrontEnds();

    @Test
    @EnabledOnOs(OS.LINUX)
    void refusesANamedPipeInsteadOfWaitingForAWriterForEver(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("w.yaml");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertThat(mkfifo.waitFor()).isZero();
        Compilation c = COMPILER.compile(fifo, "w.yaml", LoadOptions.DEFAULT);
        assertThat(c.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.code()).isEqualTo(Code.UNREADABLE_INPUT);
            assertThat(d.message()).isEqualTo("\"w.yaml\" is not a regular file (a named pipe); Flow reads workflows from files");
        });
    }

    @Test
    void readsAPlainFileAsBefore(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("w.yaml");
        Files.writeString(file, "name: w\nnodes:\n  - id: a\n    type: task\n    agent: x\nedges: []\n");
        Compilation c = COMPILER.compile(file, "w.yaml", LoadOptions.DEFAULT);
        assertThat(c.diagnostics()).extracting(Diagnostic::code).doesNotContain(Code.UNREADABLE_INPUT);
    }
}

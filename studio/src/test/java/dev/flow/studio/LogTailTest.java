package dev.flow.studio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogTailTest {
    @TempDir
    Path dir;

    @Test
    void aFirstLookAtALargeFileShowsItsEndAndThenWhatIsAddedFromTheOffsetItGave() throws Exception {
        Path log = dir.resolve("stdout.log");
        Files.writeString(log, "x".repeat(LogTail.CHUNK + 10) + "end\n");
        Map<String, Object> first = LogTail.read(dir, "stdout.log", -1);
        assertThat((Long) first.get("from")).isEqualTo(14L);
        assertThat(((String) first.get("text"))).endsWith("end\n").hasSize(LogTail.CHUNK);
        Files.writeString(log, "more\n", java.nio.file.StandardOpenOption.APPEND);
        Map<String, Object> next = LogTail.read(dir, "stdout.log", (Long) first.get("next"));
        assertThat(next.get("text")).isEqualTo("more\n");
        assertThat(next.get("next")).isEqualTo(next.get("size"));
    }

    @Test
    void aCharacterCutAtTheEndWaitsForTheNextAnswer() throws Exception {
        byte[] euro = "€".getBytes(StandardCharsets.UTF_8);
        Path log = dir.resolve("stdout.log");
        Files.write(log, new byte[] {'a', euro[0], euro[1]}); // the step is writing the third byte of the euro sign
        Map<String, Object> first = LogTail.read(dir, "stdout.log", 0);
        assertThat(first.get("text")).isEqualTo("a");
        assertThat(first.get("next")).isEqualTo(1L);
        Files.write(log, new byte[] {'a', euro[0], euro[1], euro[2]});
        assertThat(LogTail.read(dir, "stdout.log", 1).get("text")).isEqualTo("€");
    }

    @Test
    void onlyPlainFilesOfTheFolderAreRead() throws Exception {
        Files.writeString(dir.resolve("secret"), "not for the page");
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.createSymbolicLink(run.resolve("stdout.log"), dir.resolve("secret"));
        assertThat(LogTail.read(run, "stdout.log", 0).get("exists")).isEqualTo(false);
        assertThatThrownBy(() -> LogTail.read(run, "../secret", 0)).isInstanceOf(HttpProblem.class).hasMessageContaining("not a file name");
        assertThatThrownBy(() -> LogTail.read(run, ".hidden", 0)).isInstanceOf(HttpProblem.class);
    }
}

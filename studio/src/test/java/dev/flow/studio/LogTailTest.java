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
        Map<String, Object> first = LogTail.read(dir, dir, "stdout.log", -1);
        assertThat((Long) first.get("from")).isEqualTo(14L);
        assertThat(((String) first.get("text"))).endsWith("end\n").hasSize(LogTail.CHUNK);
        Files.writeString(log, "more\n", java.nio.file.StandardOpenOption.APPEND);
        Map<String, Object> next = LogTail.read(dir, dir, "stdout.log", (Long) first.get("next"));
        assertThat(next.get("text")).isEqualTo("more\n");
        assertThat(next.get("next")).isEqualTo(next.get("size"));
    }

    @Test
    void aCharacterCutAtTheEndWaitsForTheNextAnswer() throws Exception {
        byte[] euro = "€".getBytes(StandardCharsets.UTF_8);
        Path log = dir.resolve("stdout.log");
        Files.write(log, new byte[] {'a', euro[0], euro[1]}); // the step is writing the third byte of the euro sign
        Map<String, Object> first = LogTail.read(dir, dir, "stdout.log", 0);
        assertThat(first.get("text")).isEqualTo("a");
        assertThat(first.get("next")).isEqualTo(1L);
        Files.write(log, new byte[] {'a', euro[0], euro[1], euro[2]});
        assertThat(LogTail.read(dir, dir, "stdout.log", 1).get("text")).isEqualTo("€");
    }

    @Test
    void onlyPlainFilesOfTheFolderAreRead() throws Exception {
        Path artifacts = Files.createDirectories(dir.resolve("artifacts"));
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("stdout.log"), "not for the page");
        Path run = Files.createDirectories(artifacts.resolve("e/n/1-1"));
        Files.createSymbolicLink(run.resolve("stdout.log"), outside.resolve("stdout.log"));
        assertThat(LogTail.read(artifacts, run, "stdout.log", 0).get("exists")).as("a link to a file").isEqualTo(false);
        // a step may write in its execution's folder: a run's folder made a link to elsewhere is not followed either
        Path linked = artifacts.resolve("e/n/1-2");
        Files.createSymbolicLink(linked, outside);
        assertThat(LogTail.read(artifacts, linked, "stdout.log", 0).get("exists")).as("a run's folder that is a link").isEqualTo(false);
        Files.writeString(run.resolve("stderr.log"), "fine");
        assertThat(LogTail.read(artifacts, run, "stderr.log", 0).get("text")).isEqualTo("fine");
        assertThatThrownBy(() -> LogTail.read(artifacts, run, "../secret", 0)).isInstanceOf(HttpProblem.class).hasMessageContaining("not a file name");
        assertThatThrownBy(() -> LogTail.read(artifacts, run, ".hidden", 0)).isInstanceOf(HttpProblem.class);
    }
}

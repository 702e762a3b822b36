package dev.flow.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What an agent is doing, from the event streams the real CLIs printed (agents-it's samples). */
class AgentActivityTest {

    private static String sample(String name) {
        return CliSamples.read(name);
    }

    @Test
    void claudesStreamSaysItEditsAFileThenAnswers() {
        assertThat(AgentActivity.all(sample("claude-stream-json-verbose.jsonl"))).containsExactly("starting", "editing greeting.txt", "answering");
    }

    @Test
    void codexsEventsSayWhichFileItEditsAndWhichCommandItRuns() {
        assertThat(AgentActivity.all(sample("codex-exec-json-edit-and-command.jsonl")))
                .containsExactly("thinking", "editing greeting.txt", "running sh test.sh", "answering");
    }

    @Test
    void geminisStreamSaysWhichFileItEditsAndWhichCommandItRuns() {
        assertThat(AgentActivity.all(sample("gemini-stream-json-edit-and-command.jsonl")))
                .containsExactly("starting", "editing greeting.txt", "running sh test.sh", "answering");
    }

    /** A transcript read back keeps its last activities only: a long run's stream does not make a long result. */
    @Test
    void aTranscriptGivesItsLastActivities(@TempDir Path dir) throws Exception {
        Path transcript = dir.resolve("stdout.log");
        var lines = new StringBuilder();
        for (int i = 0; i < AgentActivity.MAX_ACTIVITIES + 10; i++) {
            lines.append("{\"type\":\"tool_use\",\"tool_name\":\"run_shell_command\",\"parameters\":{\"command\":\"step ").append(i).append("\"}}\n");
        }
        Files.writeString(transcript, lines);

        List<String> did = AgentActivity.of(transcript);

        assertThat(did).hasSize(AgentActivity.MAX_ACTIVITIES).startsWith("running step 10").endsWith("running step " + (AgentActivity.MAX_ACTIVITIES + 9));
        assertThat(AgentActivity.of(dir.resolve("missing.log"))).isEmpty();
    }

    @Test
    void aJsonAnswerOrPlainTextSaysNothing() {
        assertThat(AgentActivity.all(sample("claude-json-edit-refused.json"))).isEmpty();
        assertThat(AgentActivity.all("working...\n{\"output\": \"done\"}\n")).isEmpty();
    }

    /** The watcher reads a stream as it grows, whole lines only, and tells each change once. */
    @Test
    void theWatcherFollowsAGrowingStream(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("stdout.log");
        List<String> heard = new CopyOnWriteArrayList<>();
        try (var watcher = ActivityWatcher.start(out, "e1", "polish", (execution, node, what) -> heard.add(node + ": " + what))) {
            Files.writeString(out, "{\"type\":\"item.started\",\"item\":{\"type\":\"command_execution\",\"command\":\"mvn test\"}}\n{\"type\":\"item.st");
            awaitHeard(heard, 1);
            Files.writeString(out, "arted\",\"item\":{\"type\":\"command_execution\",\"command\":\"mvn test\"}}\n"
                    + "{\"type\":\"item.started\",\"item\":{\"type\":\"file_change\",\"changes\":[{\"path\":\"/w/a.txt\"}]}}\n",
                    java.nio.file.StandardOpenOption.APPEND);
            awaitHeard(heard, 2);
        }
        assertThat(heard).containsExactly("polish: running mvn test", "polish: editing a.txt");
    }

    /** Polls for what the watcher has told, since it looks a few times a second. */
    private static void awaitHeard(List<String> heard, int count) throws InterruptedException {
        long until = System.nanoTime() + 30_000_000_000L;
        while (heard.size() < count && System.nanoTime() < until) {
            Thread.sleep(20);
        }
    }
}

package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.store.EventRow;
import dev.flow.testing.Poll;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The progress displays, fed events as the engine commits them. */
class ProgressTest {
    private static final long T0 = 1_700_000_000_000L;

    private static EventRow event(long seq, String execution, long at, String kind, String node, String data) {
        return new EventRow(seq, execution, at, kind, node, data);
    }

    private static void feed(Progress p) {
        p.onEvent(event(1, "top", T0, "execution_started", null, "{\"workflow\":\"main\"}"));
        p.onEvent(event(2, "top", T0, "node_started", "build", null));
        p.onEvent(event(3, "top", T0 + 1200, "node_completed", "build", "{\"output\":\"done\",\"summary\":\"built 3 files\"}"));
        p.onEvent(event(4, "top", T0 + 1200, "node_completed", "fork", "{\"output\":\"done\"}"));
        p.onEvent(event(1, "kid", T0 + 1300, "execution_started", null, "{\"workflow\":\"sub\",\"parent\":\"top\",\"node\":\"verify\"}"));
        p.onEvent(event(2, "kid", T0 + 1300, "node_started", "step", null));
        p.onEvent(event(3, "kid", T0 + 1350, "node_failed", "step", "{\"error\":\"exited with code 2\",\"attempt\":1}"));
    }

    @Test
    void plainLinesSayWhatEachNodeDidAndHowLongItTook() {
        var out = new StringWriter();
        try (var p = new Progress.Plain(new PrintWriter(out), new Ansi(false), false)) {
            feed(p);
        }
        var lines = out.toString().lines().map(l -> l.substring(9)).toList(); // past the HH:MM:SS time
        assertThat(lines).containsExactly(
                "node build started",
                "node build completed done (1.2s): built 3 files",
                "node verify/step started",
                "node verify/step failed: exited with code 2 (50ms)");
    }

    @Test
    void plainLinesSayWhatARunningAgentDoesEachTimeItChanges() {
        var out = new StringWriter();
        try (var p = new Progress.Plain(new PrintWriter(out), new Ansi(false), false)) {
            p.onEvent(event(1, "top", T0, "node_started", "polish", null));
            p.activity("top", "polish", "editing greeting.txt");
            p.activity("top", "polish", "editing greeting.txt");
            p.activity("top", "polish", "running sh test.sh");
            p.onEvent(event(2, "top", T0 + 900, "node_completed", "polish", "{\"output\":\"done\"}"));
        }
        var lines = out.toString().lines().map(l -> l.substring(9)).toList(); // past the HH:MM:SS time
        assertThat(lines).containsExactly(
                "node polish started",
                "  polish: editing greeting.txt",
                "  polish: running sh test.sh",
                "node polish completed done (900ms)");
    }

    @Test
    void aWorkerNamesTheExecutionOfEachLine() {
        var out = new StringWriter();
        try (var p = new Progress.Plain(new PrintWriter(out), new Ansi(false), true)) {
            feed(p);
        }
        assertThat(out.toString()).containsPattern("(?m)^\\d\\d:\\d\\d:\\d\\d top node build started$")
                .containsPattern("(?m)^\\d\\d:\\d\\d:\\d\\d kid node verify/step started$");
    }

    @Test
    void theLiveDisplayRedrawsOneStatusLineUnderThePlainLinesAndClearsIt() throws Exception {
        var out = new StringWriter();
        var p = new LiveProgress(new PrintWriter(out), new Ansi(false), false);
        p.onEvent(event(1, "top", System.currentTimeMillis(), "node_started", "build", null));
        // The spinner's third frame: the ticker has redrawn the status line twice.
        Poll.until("two redraws of the status line", () -> out.toString().contains("\r\u001B[2K- running build "));
        String running = out.toString();
        p.onEvent(event(2, "top", System.currentTimeMillis(), "node_completed", "build", "{\"output\":\"done\"}"));
        p.close();
        String all = out.toString();
        assertThat(running).contains("node build started\n", "running build ", "\r\u001B[2K");
        assertThat(all).contains("node build completed done");
        assertThat(all).as("the status line is erased at the end").endsWith("\r\u001B[2K");
    }

    @Test
    void quietShowsNothingButWhatTheCallerSays() {
        var out = new StringWriter();
        try (var p = new Progress.Quiet(new PrintWriter(out), new Ansi(false))) {
            feed(p);
            p.say("summary");
        }
        assertThat(out.toString()).isEqualTo("summary\n");
    }
}

package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.flow.testing.Processes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How wide the terminal is: asked of the environment, then of the real terminal. */
class TerminalTest {
    @TempDir
    Path dir;

    @Test
    void theWidthComesFromColumnsThenFromTheTerminalThenIsEighty() {
        assertThat(Terminal.columns("120", () -> 90)).isEqualTo(120);
        assertThat(Terminal.columns(null, () -> 90)).isEqualTo(90);
        assertThat(Terminal.columns("wide", () -> 90)).isEqualTo(90);
        assertThat(Terminal.columns(null, () -> 0)).isEqualTo(80);
    }

    /**
     * flow run in a real pseudo-terminal 50 columns wide (util-linux's {@code script} makes one),
     * with no COLUMNS in its environment: the live status line is cut to 49 columns. Takes about
     * two seconds: a JVM start and a task that sleeps long enough to be shown running.
     */
    @Test
    void theLiveStatusLineIsCutToTheWidthOfTheTerminalItRunsIn() throws Exception {
        assumeTrue(onPath("script") && onPath("stty"), "util-linux's script and stty make the terminal");
        Files.writeString(dir.resolve("wide.flow"), """
                workflow wide {
                    task a_node_with_a_name_long_enough_to_fill_a_narrow_status_line { sh "sleep 0.6" }
                    start -> a_node_with_a_name_long_enough_to_fill_a_narrow_status_line -> end
                }
                """);
        String flow = Invocation.quote(FlowProcess.launcher().toString());
        String command = "stty cols 50 rows 20; exec " + flow + " run wide.flow --progress live --color never --db state.db";
        var pb = new ProcessBuilder("script", "-qefc", command, "/dev/null").directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().remove("COLUMNS");
        pb.environment().remove("LINES");
        pb.environment().put("TERM", "xterm");
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(Processes.awaitExit(p, "flow run")).as(out).isZero();

        var statusLines = new ArrayList<String>();
        for (String drawn : out.split("\r\u001B\\[2K")) {
            String last = drawn.substring(drawn.lastIndexOf('\n') + 1);
            if (last.matches("[|/\\\\-] (running|working).*")) {
                statusLines.add(last);
            }
        }
        assertThat(statusLines).as(out).isNotEmpty().allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(49));
        assertThat(statusLines).anySatisfy(line -> assertThat(line).hasSize(49).endsWith("..."));
    }

    private static boolean onPath(String program) {
        return List.of(System.getenv().getOrDefault("PATH", "").split(":")).stream().anyMatch(d -> Files.isExecutable(Path.of(d, program)));
    }
}

package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --snapshot FILE}: the work graph as JSON, rewritten after each step, read by a task of the run while it runs. */
class SnapshotTest {
    @TempDir
    Path dir;

    private Workspace ws;

    @BeforeEach
    void setUp() {
        ws = new Workspace(dir);
    }

    private static JsonNode read(Path file) throws Exception {
        return new ObjectMapper().readTree(Files.readString(file));
    }

    private static JsonNode byId(JsonNode array, String id) {
        for (JsonNode n : array) {
            if (n.get("id").asText().equals(id)) {
                return n;
            }
        }
        throw new AssertionError("no " + id + " in " + array);
    }

    @Test
    void aTaskOfTheRunReadsTheSnapshotWrittenAfterTheStepThatStartedIt() throws Exception {
        Path file = ws.write("snap.flow", """
                workflow snap {
                    task plan { sh "echo planned the work" }
                    task look { sh "cp snapshot.json mid.json && echo looked" }
                    task ship { sh "echo shipped" }
                    start -> plan -> look -> ship -> end
                }
                """);
        Path snapshot = dir.resolve("snapshot.json");
        Cli r = ws.flow("run", file.toString(), "--snapshot", snapshot.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        String id = Workspace.executionOf(r.out());

        JsonNode mid = read(dir.resolve("mid.json"));
        assertThat(mid.get("format").asText()).isEqualTo("flow-work-graph/1");
        JsonNode run = mid.get("executions").get(0);
        assertThat(run.get("id").asText()).isEqualTo(id);
        assertThat(run.get("status").asText()).isEqualTo("running");
        assertThat(run.get("graph_version").asInt()).as("a graph that never grew is version 0").isEqualTo(0);
        JsonNode plan = byId(run.get("nodes"), "plan");
        assertThat(plan.get("status").asText()).isEqualTo("completed");
        assertThat(plan.get("output").asText()).isEqualTo("done");
        assertThat(plan.get("summary").asText()).isEqualTo("planned the work");
        assertThat(plan.get("attempt").asInt()).isEqualTo(1);
        assertThat(plan.get("iteration").asInt()).isEqualTo(1);
        assertThat(byId(run.get("nodes"), "look").get("status").asText()).isEqualTo("running");
        assertThat(byId(run.get("nodes"), "ship").get("status").asText()).isEqualTo("pending");
        JsonNode edges = run.get("edges");
        assertThat(edges).anySatisfy(e -> {
            assertThat(e.get("from").asText() + "->" + e.get("to").asText()).isEqualTo("plan->look");
            assertThat(e.get("state").asText()).isEqualTo("taken");
        });
        assertThat(edges).anySatisfy(e -> {
            assertThat(e.get("from").asText() + "->" + e.get("to").asText()).isEqualTo("look->ship");
            assertThat(e.get("state").asText()).isEqualTo("undecided");
        });

        JsonNode last = read(snapshot).get("executions").get(0);
        assertThat(last.get("status").asText()).isEqualTo("completed");
        assertThat(byId(last.get("nodes"), "ship").get("summary").asText()).isEqualTo("shipped");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).as("no temporary file is left").noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    @Test
    void aFailedNodeShowsItsErrorAndClassAndResumeKeepsWritingIt() throws Exception {
        Path file = ws.write("fails.flow", """
                workflow fails {
                    task build { sh "test -f fixed || { echo broken >&2; exit 3; }" }
                    start -> build -> end
                }
                """);
        Path snapshot = dir.resolve("out/snapshot.json");
        Files.createDirectories(snapshot.getParent());
        Cli r = ws.flow("run", file.toString(), "--snapshot", snapshot.toString());
        assertThat(r.exit()).isEqualTo(ExitCode.FAILED);
        JsonNode build = byId(read(snapshot).get("executions").get(0).get("nodes"), "build");
        assertThat(build.get("status").asText()).isEqualTo("failed");
        assertThat(build.get("error").asText()).contains("exited with code 3");
        assertThat(build.get("error_class").asText()).isEqualTo("transient");

        Cli resumed = ws.flow("resume", Workspace.executionOf(r.out()), "--snapshot", dir.resolve("again.json").toString());
        assertThat(resumed.exit()).isEqualTo(ExitCode.FAILED);
        assertThat(read(dir.resolve("again.json")).get("executions").get(0).get("status").asText()).isEqualTo("failed");
    }

    @Test
    void aSnapshotInAFolderThatDoesNotExistIsRefusedBeforeAnythingRuns() {
        Path file = ws.write("one.flow", """
                workflow one {
                    task touch { sh "echo ran > ran.txt" }
                    start -> touch -> end
                }
                """);
        Cli r = ws.flow("run", file.toString(), "--snapshot", dir.resolve("missing/snapshot.json").toString());
        assertThat(r.exit()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err()).contains("--snapshot", "missing", "cannot write it");
        assertThat(dir.resolve("ran.txt")).doesNotExist();
    }
}

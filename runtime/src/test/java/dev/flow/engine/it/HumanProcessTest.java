package dev.flow.engine.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A person in the loop, across separate processes: run pauses, answer records, resume finishes. */
class HumanProcessTest {
    @TempDir
    Path dir;

    @Test
    void runExitsThreeAndPrintsTheAnswerCommandThenAnswerAndResumeComplete() throws Exception {
        Path graph = ProcessFlows.write(dir, ProcessFlows.approval());
        String db = dir.resolve("state.db").toString();
        String id;
        try (var run = Child.start(dir, "run", graph.toString(), "--db", db)) {
            id = Child.executionOf(run);
            assertThat(run.exitCode()).isEqualTo(3);
            assertThat(run.output()).contains("answer with: flow answer " + id + " review approved");
        }
        try (var answer = Child.start(dir, "answer", id, "review", "approved", "--db", db)) {
            assertThat(answer.exitCode()).isEqualTo(0);
        }
        try (var again = Child.start(dir, "answer", id, "review", "rejected", "--db", db)) {
            assertThat(again.exitCode()).isEqualTo(2);
            assertThat(again.stderr()).contains("already answered \"approved\"");
        }
        try (var resume = Child.start(dir, "resume", id, "--db", db)) {
            assertThat(resume.exitCode()).isEqualTo(0);
        }
        assertThat(Files.readAllLines(dir.resolve("effects.log"))).containsExactly("build 1", "ship 1");
    }

    @Test
    void badInputGetsAClearMessageAndExitCodeTwo() throws Exception {
        Path notADb = dir.resolve("notes.db");
        Files.writeString(notADb, "not a database");
        try (var c = Child.start(dir, "resume", "abc", "--db", notADb.toString())) {
            assertThat(c.exitCode()).isEqualTo(2);
            assertThat(c.stderr()).contains("is not a Flow database").doesNotContain("Exception");
        }
        String db = dir.resolve("state.db").toString();
        try (var c = Child.start(dir, "resume", "nosuchid", "--db", db)) {
            assertThat(c.exitCode()).isEqualTo(2);
            assertThat(c.stderr()).contains("no execution \"nosuchid\"");
        }
        Path graph = ProcessFlows.write(dir, ProcessFlows.approval());
        try (var run = Child.start(dir, "run", graph.toString(), "--db", db)) {
            String id = Child.executionOf(run);
            run.exitCode();
            try (var c = Child.start(dir, "answer", id, "review", "perhaps", "--db", db)) {
                assertThat(c.exitCode()).isEqualTo(2);
                assertThat(c.stderr()).contains("\"perhaps\" is not an answer to \"review\": choose one of approved, rejected");
            }
        }
    }
}

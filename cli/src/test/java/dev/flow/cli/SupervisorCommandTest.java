package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * examples/supervisor.flow end to end with the real {@code flow} command in its own processes and the
 * scripted agent playing the supervisor and the participants: it routes to two participants, asks a
 * person once, and finishes, and the person's text reaches the supervisor's next prompt. Three flow
 * processes (run, answer, resume) of a second or two each.
 */
class SupervisorCommandTest {
    @TempDir
    Path dir;

    private Workspace ws;

    @BeforeEach
    void setUp() {
        ws = new Workspace(dir);
    }

    private String prompt(String id, String node, int iteration) throws Exception {
        return Files.readString(dir.resolve("artifacts").resolve(id).resolve(node).resolve(iteration + "-1").resolve("prompt.txt"));
    }

    @Test
    void theSupervisorRoutesToTwoParticipantsAsksOnceAndFinishesWithTheAnswerInItsPrompt() throws Exception {
        FlowProcess run = ws.process("run", RunCommandTest.EXAMPLES.resolve("supervisor.flow").toString());
        assertThat(run.exit()).as(run.err()).isEqualTo(ExitCode.PAUSED);
        String id = Workspace.executionOf(run.out());
        // round 1 hands the work to venue, round 2 to budget, round 3 asks the person; the loop back
        // from venue starts pass 2 of the whole round trip, so budget first runs as iteration 2
        assertThat(run.out()).containsSubsequence("node planner completed venue", "node venue completed done",
                "node planner completed budget", "node budget completed done", "node planner completed person");
        assertThat(run.out()).contains("Which date suits you, and how much may it cost?", "answer with your text:",
                "answer " + id + " person answered --note 'YOUR ANSWER'").doesNotContain("node catering started");
        // what one decision passes by is one line, not a line per node in every round
        assertThat(run.out()).contains("nodes skipped: report, budget, catering, person, end").doesNotContain("node report skipped")
                .doesNotContain("person: person");
        assertThat(prompt(id, "planner", 2)).contains("[round 1] you (planner) handed the work to venue",
                "[round 1] venue reported (done): The Harbour Hall: 60 seats, free on Saturdays", "This is round 2 of at most 12");
        assertThat(prompt(id, "budget", 2)).as("a participant keeps its own context, not the others'").doesNotContain("Harbour Hall");

        Cli bare = ws.flow("answer", id, "person", "answered");
        assertThat(bare.exit()).as("the text is the answer").isEqualTo(ExitCode.USAGE);
        assertThat(bare.err()).contains("node \"person\" asks for your answer's text: give it with --note");
        FlowProcess answer = ws.process("answer", id, "person", "answered", "--note", "Saturday 14 June, up to 1,500 EUR");
        assertThat(answer.exit()).as(answer.err()).isZero();

        FlowProcess resume = ws.process("resume", id);
        assertThat(resume.exit()).as(resume.err()).isZero();
        assertThat(resume.out()).containsSubsequence("node planner completed finish", "node report completed done", "completed in");
        String last = prompt(id, "planner", 4);
        assertThat(last).containsSubsequence("[round 1] venue reported (done): The Harbour Hall",
                "[round 2] budget reported (done): 1,200 EUR for the hall, food and music",
                "[round 3] you (planner) asked person: Which date suits you, and how much may it cost?",
                "[round 3] person (a person) answered: Saturday 14 June, up to 1,500 EUR", "This is round 4 of at most 12");
        assertThat(Files.exists(dir.resolve("artifacts").resolve(id).resolve("planner").resolve("5-1"))).as("it finished in round 4").isFalse();
        var status = ws.status(id);
        assertThat(Workspace.node(status, "planner").get("output").asText()).isEqualTo("finish");
        assertThat(Workspace.node(status, "person").get("output").asText()).isEqualTo("answered");
        assertThat(status.get("status").asText()).isEqualTo("completed");
    }
}

package dev.flow.engine.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.Engine;
import dev.flow.engine.workspace.TestRepo;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.sqlite.SqliteStore;
import dev.flow.testing.GraphBuilder;
import dev.flow.testing.Processes;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An isolated step is killed with SIGKILL in its gate and at each point of its apply; {@code
 * resume} in a new process then finishes the run with the step's change applied exactly once
 * (counted by the {@code Flow-Step} trailers on the branch), its agent and gates run again only
 * when it was killed before they were done, and no worktree or mark left behind. Each test starts
 * two or three JVMs, so each takes a few seconds.
 */
class IsolationCrashTest {
    @TempDir
    Path dir;

    private TestRepo repo;
    private Path graph;
    private String db;

    @BeforeEach
    void setUp() throws Exception {
        repo = TestRepo.init(dir.resolve("repo"), "a.txt", "a0\n", "b.txt", "b0\n");
        db = dir.resolve("state.db").toString();
        // "a" counts its runs outside its worktree, edits a.txt; its gate counts its runs, is slow while
        // slow-gate exists, and checks the edit; "b" edits b.txt after it.
        String runs = dir.toString();
        graph = ProcessFlows.write(dir, GraphBuilder.workflow("iso").config(2, true, "repo")
                .gateDef("check", "echo run >> '" + runs + "/gate-runs.log'; touch '" + runs
                        + "/gate.started'; if [ -e '" + runs + "/slow-gate' ]; then sleep 30; fi; grep -qx a1 a.txt")
                .sh("a", "echo run >> '" + runs + "/a-runs.log'; echo a1 > a.txt").gates("a", "check").isolate("a")
                .sh("b", "echo b1 > b.txt").isolate("b")
                .chain("start", "a", "b", "end").graph());
    }

    /** Runs until the probe point, then SIGKILL. */
    private String runUntilCrash(String crashAt) throws Exception {
        return Child.runUntilCrash(dir, graph, db, crashAt);
    }

    private void resumeToTheEnd(String id) throws Exception {
        Child.resumeToTheEnd(dir, id, db);
        try (var store = SqliteStore.open(Path.of(db))) {
            assertThat(new Engine(store).queries().status(id).execution().status()).isEqualTo(ExecutionStatus.COMPLETED);
        }
    }

    private long lines(String file) throws Exception {
        Path p = dir.resolve(file);
        return Files.exists(p) ? Files.readAllLines(p).size() : 0;
    }

    /** Both changes on the branch, each in exactly one commit; nothing of Flow's left in the repository. */
    private void assertAppliedOnceAndCleanedUp(String id) throws Exception {
        assertThat(repo.read("a.txt")).isEqualTo("a1\n");
        assertThat(repo.read("b.txt")).isEqualTo("b1\n");
        assertThat(repo.stepCommits(id + "/a/")).isEqualTo(1);
        assertThat(repo.stepCommits(id + "/b/")).isEqualTo(1);
        assertThat(repo.subjects()).hasSize(3);
        assertThat(repo.status()).isEmpty();
        assertThat(repo.midOperation()).isFalse();
        assertThat(repo.extraWorktrees()).isEmpty();
        assertThat(repo.refs("refs/flow")).containsExactly("refs/flow/" + id + "/base");
        assertThat(dir.resolve("worktrees").resolve(id)).doesNotExist();
    }

    @Test
    void killedDuringItsGateTheStepRunsAgainAndItsChangeIsAppliedOnce() throws Exception {
        Files.writeString(dir.resolve("slow-gate"), "");
        String id;
        try (var c = Child.start(dir, "run", graph.toString(), "--db", db)) {
            id = Child.executionOf(c);
            Processes.awaitFiles(dir.resolve("gate.started"));
            c.kill();
        }
        assertThat(repo.read("a.txt")).as("nothing applied before the gate passed").isEqualTo("a0\n");
        assertThat(repo.subjects()).containsExactly("initial");
        Files.delete(dir.resolve("slow-gate"));
        resumeToTheEnd(id);
        assertAppliedOnceAndCleanedUp(id);
        assertThat(lines("a-runs.log")).as("a was running at the kill: it ran again").isEqualTo(2);
    }

    @Test
    void killedAfterItsGatesPassedItIsAppliedOnResumeWithoutRunningAgain() throws Exception {
        String id = runUntilCrash("before-apply:1:a");
        assertThat(repo.read("a.txt")).isEqualTo("a0\n");
        assertThat(repo.refs("refs/flow")).contains("refs/flow/" + id + "/steps/a-1-1");
        resumeToTheEnd(id);
        assertAppliedOnceAndCleanedUp(id);
        assertThat(lines("a-runs.log")).isEqualTo(1);
        assertThat(lines("gate-runs.log")).isEqualTo(1);
    }

    @Test
    void killedHalfwayThroughTheApplyTheResumeFinishesIt() throws Exception {
        String id = runUntilCrash("apply-files-written:1:a");
        assertThat(repo.read("a.txt")).as("the files were written").isEqualTo("a1\n");
        assertThat(repo.subjects()).as("the branch had not moved").containsExactly("initial");
        // As if a git process had died holding the index: no git works here, so it is stale.
        Files.writeString(repo.dir.resolve(".git/index.lock"), "");
        resumeToTheEnd(id);
        assertAppliedOnceAndCleanedUp(id);
        assertThat(lines("a-runs.log")).isEqualTo(1);
        assertThat(lines("gate-runs.log")).isEqualTo(1);
    }

    @Test
    void killedAfterTheBranchMovedTheResumeCompletesTheStepWithoutApplyingAgain() throws Exception {
        String id = runUntilCrash("during-apply:1:a");
        assertThat(repo.stepCommits(id + "/a/1-1")).isEqualTo(1);
        resumeToTheEnd(id);
        assertAppliedOnceAndCleanedUp(id);
        assertThat(lines("a-runs.log")).isEqualTo(1);
        assertThat(lines("gate-runs.log")).isEqualTo(1);
    }
}

package dev.flow.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flow.engine.config.UsageException;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.NodeStatus;
import dev.flow.store.RequestRow;
import dev.flow.store.StoreOptions;
import dev.flow.testing.GraphBuilder;
import dev.flow.testing.Processes;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code Engine.cancel}: a run and its children end cancelled in one transaction, its running work
 * is killed by whichever worker holds it, its questions are withdrawn, and a second cancel is
 * refused. The slow steps sleep for a minute: a test that takes that long did not kill them.
 */
@dev.flow.store.BothStores
class CancelTest {
    @TempDir
    Path dir;

    /** A task that writes its sleep's pid, then sleeps for a minute, then leaves a file. */
    private static final String SLOW = "sleep 60 & echo $! > slow.pid; wait; echo late > late.txt";

    /**
     * The sleep's pid, once written whole. Tests wait for this, not for the file to exist: the shell
     * creates the file before it writes, and a cancel in between would leave it empty for ever.
     */
    private long pid() {
        return Processes.awaitPid(dir.resolve("slow.pid"));
    }

    @Test
    void cancellingARunThisProcessDrivesKillsItsWorkAndEndsItAtOnce() throws Exception {
        var g = GraphBuilder.workflow("w").sh("slow", SLOW).sh("after", "echo after > after.txt").chain("start", "slow", "after", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            var run = CompletableFuture.supplyAsync(() -> h.engine.run(id));
            long sleep = pid();
            CancelResult c = h.engine.cancel(id, "the issue was fixed by hand");
            assertThat(c.nodesStopped()).isEqualTo(1);
            assertThat(c.report()).endsWith(": the issue was fixed by hand").startsWith("cancelled by ");
            assertThat(h.engine.queries().execution(id).status()).as("in the cancel's own transaction").isEqualTo(ExecutionStatus.CANCELLED);
            RunResult r = run.get(30, TimeUnit.SECONDS);
            assertThat(r.outcome()).isEqualTo(RunOutcome.CANCELLED);
            assertThat(r.report()).isEqualTo(c.report());
            assertThat(Detached.gone(sleep)).as("the task's sleep").isTrue();
            assertThat(h.status(id, "slow")).isEqualTo(NodeStatus.SKIPPED);
            assertThat(h.node(id, "slow").error()).isEqualTo("cancelled: the run stopped (cancelled)");
            assertThat(h.status(id, "after")).isEqualTo(NodeStatus.PENDING);
            assertThat(dir.resolve("late.txt")).doesNotExist();
            var kinds = h.events(id).stream().map(e -> e.kind()).toList();
            assertThat(kinds).containsSubsequence("cancelled", "node_cancelled", "execution_finished");
            assertThat(h.events(id).stream().filter(e -> e.kind().equals("cancelled")).findFirst().orElseThrow().data())
                    .contains("\"reason\":\"the issue was fixed by hand\"");
        }
    }

    @Test
    void aRunDrivenByAnotherEngineOnTheSameDatabaseStopsWithinItsWatch() throws Exception {
        var g = GraphBuilder.workflow("w").sh("slow", SLOW).chain("start", "slow", "end").graph();
        try (var h = new Harness(dir); var other = dev.flow.store.StoreKind.current().open(dir, StoreOptions.DEFAULT)) {
            String id = h.start(g);
            var run = CompletableFuture.supplyAsync(() -> h.engine.run(id));
            long sleep = pid();
            // another engine, as "flow cancel" in another process: it holds no worker, so the one that runs the task must notice
            new Engine(other).cancel(id, null);
            assertThat(run.get(30, TimeUnit.SECONDS).outcome()).isEqualTo(RunOutcome.CANCELLED);
            assertThat(Detached.gone(sleep)).isTrue();
            assertThat(h.engine.queries().execution(id).report()).doesNotContain(":");
            assertThat(h.eventKinds(id, "slow")).contains("node_cancelled", "result_dropped");
        }
    }

    @Test
    void aPausedRunIsCancelledWithItsQuestionAndCanNoLongerBeAnswered() {
        var g = GraphBuilder.workflow("w").human("review", "Ship?", null, "yes", "no").chain("start", "review", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.PAUSED);
            h.engine.cancel(id, "not this week");
            List<RequestRow> questions = h.engine.store().read(tx -> tx.requests().all(id));
            assertThat(questions).singleElement()
                    .satisfies(q -> assertThat(q.status()).isEqualTo(RequestRow.CANCELLED));
            assertThatThrownBy(() -> h.engine.answer(id, "review", "yes", null)).isInstanceOf(UsageException.class)
                    .hasMessageContaining("has ended (cancelled)");
            assertThat(h.engine.resume(id).outcome()).isEqualTo(RunOutcome.CANCELLED);
        }
    }

    @Test
    void childExecutionsAreCancelledWithTheirRunAndCannotBeCancelledAlone() throws Exception {
        var inner = GraphBuilder.workflow("child").sh("slow", SLOW).chain("start", "slow", "end").build();
        var g = GraphBuilder.workflow("parent").subgraph("sub", "child", Map.of(), Map.of()).chain("start", "sub", "end").sub(inner).graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            var run = CompletableFuture.supplyAsync(() -> h.engine.run(id));
            long sleep = pid();
            String child = id + ".sub.1";
            assertThatThrownBy(() -> h.engine.cancel(child, null)).isInstanceOf(UsageException.class)
                    .hasMessage("execution " + child + " is a child execution of " + id + " (its subgraph node \"sub\"); cancel the run it belongs to: " + id);
            CancelResult c = h.engine.cancel(id, null);
            assertThat(c.childrenCancelled()).isEqualTo(1);
            assertThat(c.nodesStopped()).as("the parent's waiting node and the child's running one").isEqualTo(2);
            assertThat(run.get(30, TimeUnit.SECONDS).outcome()).isEqualTo(RunOutcome.CANCELLED);
            assertThat(h.engine.queries().execution(child).status()).isEqualTo(ExecutionStatus.CANCELLED);
            assertThat(Detached.gone(sleep)).isTrue();
        }
    }

    @Test
    void aSecondCancelAndACancelOfAFinishedRunSaySo() {
        var g = GraphBuilder.workflow("w").human("review", "Ship?", null, "yes", "no").chain("start", "review", "end").graph();
        var quick = GraphBuilder.workflow("q").sh("a", "true").chain("start", "a", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            h.engine.cancel(id, "first");
            assertThatThrownBy(() -> h.engine.cancel(id, "again")).isInstanceOf(UsageException.class)
                    .hasMessageStartingWith("execution " + id + " has already ended (cancelled: cancelled by ")
                    .hasMessageEndingWith(": first); nothing to cancel");
            String done = h.start(quick);
            h.engine.run(done);
            assertThatThrownBy(() -> h.engine.cancel(done, null)).isInstanceOf(UsageException.class)
                    .hasMessage("execution " + done + " has already ended (completed: reached end); nothing to cancel");
            assertThatThrownBy(() -> h.engine.cancel("nosuchid", null)).isInstanceOf(UsageException.class)
                    .hasMessageContaining("no execution \"nosuchid\"");
        }
    }
}

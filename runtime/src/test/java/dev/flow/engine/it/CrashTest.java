package dev.flow.engine.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.Engine;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.NodeRow;
import dev.flow.store.NodeStatus;
import dev.flow.store.StoreKind;
import dev.flow.store.StoreOptions;
import dev.flow.store.open.Stores;
import dev.flow.testing.Processes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The process running an execution is killed with SIGKILL at many points; {@code resume} in a new
 * process then completes it, every completed task's effect appears exactly once, and only a task
 * that was running at a kill may have run again. These tests start many JVMs (about half a second
 * each on a small machine), so they take tens of seconds.
 */
@dev.flow.store.BothStores
class CrashTest {
    @TempDir
    Path dir;

    private Path graph;
    private String db;
    /** Tasks (node and iteration) running at each kill, with how many kills: the only ones allowed to run again, once per kill. */
    private final Map<String, Integer> runningAtKill = new HashMap<>();

    private void setUp() throws Exception {
        graph = ProcessFlows.write(dir, ProcessFlows.crashable());
        db = StoreKind.current().newAddress(dir);
    }

    private void noteRunning(String id) {
        try (var store = Stores.open(db, StoreOptions.DEFAULT)) {
            List<NodeRow> rows = store.read(tx -> {
                var all = new ArrayList<>(tx.nodes().all(id));
                return all;
            });
            rows.stream().filter(r -> r.status() == NodeStatus.RUNNING)
                    .forEach(r -> runningAtKill.merge(r.nodeId() + " " + r.iteration(), 1, Integer::sum));
        }
    }

    private String runUntilCrash(String crashAt) throws Exception {
        try (var c = Child.start(dir, "run", graph.toString(), "--db", db, "--crash-at", crashAt)) {
            String id = Child.executionOf(c);
            c.awaitLine("CRASHPOINT");
            c.kill();
            noteRunning(id);
            return id;
        }
    }

    /** Resumes, crashing at the given point; true when the run completed before reaching it. */
    private boolean resumeUntilCrash(String id, String crashAt) throws Exception {
        try (var c = Child.start(dir, "resume", id, "--db", db, "--crash-at", crashAt)) {
            String line;
            while ((line = c.nextLine()) != null) {
                if (line.startsWith("CRASHPOINT")) {
                    c.kill();
                    noteRunning(id);
                    return false;
                }
                if (line.startsWith("outcome ")) {
                    assertThat(line).startsWith("outcome completed");
                    assertThat(c.exitCode()).isZero();
                    return true;
                }
            }
            throw new AssertionError("resume ended without an outcome: " + c.output() + "\n" + c.stderr());
        }
    }

    private void resumeToTheEnd(String id) throws Exception {
        Child.resumeToTheEnd(dir, id, db);
    }

    private void assertEveryEffectOnce(String id) throws Exception {
        var counts = new HashMap<String, Integer>();
        for (String line : Files.readAllLines(dir.resolve("effects.log"))) {
            counts.merge(line, 1, Integer::sum);
        }
        assertThat(counts.keySet()).containsExactlyInAnyOrderElementsOf(ProcessFlows.crashableEffects());
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            if (runningAtKill.containsKey(e.getKey())) {
                int kills = runningAtKill.get(e.getKey());
                assertThat(e.getValue()).as("%s was running at %d kills", e.getKey(), kills).isBetween(1, 1 + kills);
            } else {
                assertThat(e.getValue()).as("%s (running at kills: %s)", e.getKey(), runningAtKill).isEqualTo(1);
            }
        }
        try (var store = Stores.open(db, StoreOptions.DEFAULT)) {
            assertThat(new Engine(store).queries().status(id).execution().status()).isEqualTo(ExecutionStatus.COMPLETED);
        }
    }

    @Test
    void killedAgainAndAgainAtEveryKindOfPointTheRunStillCompletesWithEachEffectOnce() throws Exception {
        setUp();
        // Each point lets the process make some progress first, so that the run moves on from kill to kill.
        String[] points = {"after-commit:1:completed", "before-commit:2:completed", "before-execute:3", "after-commit:2:completed",
            "before-commit:3:completed"};
        String id = runUntilCrash("after-commit:2");
        int hops = 0;
        boolean done = false;
        while (!done && hops < 40) {
            done = resumeUntilCrash(id, points[hops % points.length]);
            hops++;
        }
        assertThat(done).as("completed within 40 resumes").isTrue();
        assertThat(hops).as("kills along the way").isGreaterThan(3);
        assertEveryEffectOnce(id);
    }

    @Test
    void killedInTheMiddleOfALoopResetNoneOfItIsKept() throws Exception {
        setUp();
        String id = runUntilCrash("before-commit:1:loop-reset");
        try (var store = Stores.open(db, StoreOptions.DEFAULT)) {
            var view = new Engine(store).queries().status(id);
            assertThat(view.loops()).as("the counter's increment was rolled back").isEmpty();
            var test = view.nodes().stream().filter(n -> n.nodeId().equals("test")).findFirst().orElseThrow();
            assertThat(test.status()).isEqualTo(NodeStatus.RUNNING);
            assertThat(test.iteration()).isEqualTo(1);
        }
        resumeToTheEnd(id);
        assertEveryEffectOnce(id);
    }

    @Test
    void killedWhileATaskRunsOnlyThatTaskRunsAgainAndItsLeftoverProcessIsStopped() throws Exception {
        setUp();
        // "slow" waits while hold exists: its first run cannot deliver before the kill, however loaded the machine.
        Path hold = Files.writeString(dir.resolve("hold"), "");
        Path marker = dir.resolve("slow.marker");
        String id;
        try (var c = Child.start(dir, "run", graph.toString(), "--db", db)) {
            id = Child.executionOf(c);
            Processes.awaitLines(marker, 1);
            c.kill();
            noteRunning(id);
        }
        assertThat(runningAtKill).containsKey("slow 1");
        long leftover = Long.parseLong(Files.readAllLines(marker).get(0).trim());
        try (var c = Child.start(dir, "resume", id, "--db", db)) {
            // The second run of "slow" has started, so resume has reaped the first: its leftover
            // shell (its own process group, so it outlived the JVM) must be gone before it is let go.
            Processes.awaitLines(marker, 2);
            Processes.awaitGone(leftover, "the killed runner's leftover shell, after resume reaped its node");
            Files.delete(hold);
            assertThat(c.exitCode()).as("resume; stdout %s stderr %s", c.output(), c.stderr()).isZero();
        }
        assertEveryEffectOnce(id);
        assertThat(Files.readAllLines(dir.resolve("effects.log")).stream().filter(l -> l.equals("slow 1")).count()).isEqualTo(1);
        assertThat(Files.readAllLines(marker)).hasSize(2);
    }
}

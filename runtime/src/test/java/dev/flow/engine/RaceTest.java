package dev.flow.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.workspace.TestRepo;
import dev.flow.model.MergeStrategy;
import dev.flow.model.WaitMode;
import dev.flow.store.NodeStatus;
import dev.flow.testing.GraphBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Branches that race: {@code parallel P { wait first }} and a merge that waits for the first branch.
 * The first branch to reach the merge goes on; every node of the other branches still ready,
 * running or waiting is cancelled (its processes killed, its node {@code skipped} with the reason as
 * its error), the nodes after them are skipped, and an isolated step among them applies nothing.
 * The losing branches sleep for half a minute: a test that takes that long has lost the race it
 * tests.
 */
@dev.flow.store.BothStores
class RaceTest {
    @TempDir
    Path dir;

    /** Waits (a minute at most) until {@code file} exists: the fast branch finishes only once the slow one runs. */
    private static String until(String file) {
        return "i=0; until [ -e " + file + " ] || [ $i -ge 1200 ]; do sleep 0.05; i=$((i + 1)); done; ";
    }

    /** The slow branch's sleep, whose pid it writes once it started. */
    private static final String SLOW = "sleep 30 & echo $! > slow.pid; wait; ";

    private boolean slowSleepGone() throws Exception {
        return Detached.gone(Long.parseLong(Files.readString(dir.resolve("slow.pid")).strip()));
    }

    @Test
    void aParallelThatWaitsForTheFirstBranchCancelsTheWholeOtherBranchAndKillsItsProcesses() throws Exception {
        var g = GraphBuilder.workflow("race")
                .parallelFirst("fan", "fast", "slow1")
                .sh("fast", until("slow.pid") + "echo fast")
                .sh("slow1", SLOW + "echo late > late.txt")
                .sh("slow2", "echo ran > slow2.txt")
                .merge("join", WaitMode.ALL, MergeStrategy.UNION)
                .checkpoint("after")
                .edge("start", "fan").edge("fan", "fast").edge("fan", "slow1")
                .chain("fast", "join").chain("slow1", "slow2", "join").chain("join", "after", "end")
                .graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.status(id, "join")).isEqualTo(NodeStatus.COMPLETED);
            assertThat(h.status(id, "slow1")).isEqualTo(NodeStatus.SKIPPED);
            assertThat(h.node(id, "slow1").error()).isEqualTo("cancelled: another branch reached \"join\" first");
            assertThat(h.eventKinds(id, "slow1")).contains("node_cancelled");
            assertThat(h.status(id, "slow2")).as("after the cancelled node, skipped").isEqualTo(NodeStatus.SKIPPED);
            assertThat(h.eventKinds(id, "after")).containsOnlyOnce("node_completed");
            assertThat(slowSleepGone()).as("the slow branch's sleep").isTrue();
            assertThat(dir.resolve("late.txt")).doesNotExist();
            assertThat(dir.resolve("slow2.txt")).doesNotExist();
            String merged = h.engine.store().read(tx -> tx.nodes().get(id, "join")).orElseThrow().resultJson();
            assertThat(merged).contains("\"joined\":[\"fast\"]");
        }
    }

    @Test
    void aMergeThatWaitsForTheFirstBranchCancelsEveryNodeOfTheOtherBranchNotOnlyTheLast() throws Exception {
        var g = GraphBuilder.workflow("first")
                .parallel("fan")
                .sh("fast", until("slow.pid") + "echo fast")
                .sh("slow1", SLOW)
                .sh("slow2", "echo ran > slow2.txt")
                .merge("join", WaitMode.FIRST, MergeStrategy.FIRST)
                .edge("start", "fan").edge("fan", "fast").edge("fan", "slow1")
                .chain("fast", "join").chain("slow1", "slow2", "join").chain("join", "end")
                .graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.node(id, "slow1").error()).isEqualTo("cancelled: another branch reached \"join\" first");
            assertThat(h.status(id, "slow2")).isEqualTo(NodeStatus.SKIPPED);
            assertThat(slowSleepGone()).isTrue();
            assertThat(dir.resolve("slow2.txt")).doesNotExist();
        }
    }

    @Test
    void anIsolatedStepInALosingBranchAppliesNothing() throws Exception {
        TestRepo repo = TestRepo.init(dir.resolve("repo"), "shared.txt", "original\n");
        String before = repo.head();
        Path started = dir.resolve("edit.started");
        var g = GraphBuilder.workflow("race").agent(TestPaths.scriptedAgent("bot"))
                .parallelFirst("fan", "fast", "edit")
                .sh("fast", until(started.toString()) + "echo fast")
                // the agent edits its worktree, says it started, then takes its time
                .agentTask("edit", "bot", "@write shared.txt=from the slow branch\n@write " + started + "=yes\n@sleep 30").isolate("edit")
                .merge("join", WaitMode.ALL, MergeStrategy.UNION)
                .edge("start", "fan").edge("fan", "fast").edge("fan", "edit")
                .chain("fast", "join").chain("edit", "join").chain("join", "end")
                .graph();
        try (var h = new Harness(dir)) {
            String id = h.engine.start(g, Map.of(), repo.dir);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.status(id, "edit")).isEqualTo(NodeStatus.SKIPPED);
            assertThat(repo.head()).isEqualTo(before);
            assertThat(repo.read("shared.txt")).isEqualTo("original\n");
            assertThat(repo.stepCommits(id + "/edit/")).isZero();
            assertThat(repo.status()).isEmpty();
            assertThat(repo.extraWorktrees()).isEmpty();
        }
    }
}

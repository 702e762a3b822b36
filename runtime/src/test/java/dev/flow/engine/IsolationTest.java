package dev.flow.engine;

import static dev.flow.testing.GraphBuilder.any;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.config.EngineOptions;
import dev.flow.engine.workspace.TestRepo;
import dev.flow.testing.GraphBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Isolated tasks on a real git repository made by the test: each step works in its own worktree,
 * its gates run there before anything is applied, and only passed changes reach the target. The
 * agents are the scripted agent, editing files with {@code @write}.
 */
@dev.flow.store.BothStores
class IsolationTest {
    @TempDir
    Path dir;

    /**
     * Waits (inside a gate) until the other step has reached its gates too: both worktrees were made
     * before either step is applied, so both started from the same commit. (A minute at most, so
     * that a test whose other step failed fails instead of waiting for ever.)
     */
    private static String after(String other) {
        return "touch \"$FLOW_ARTIFACTS_DIR/at-gates\"; i=0; until [ -e \"$FLOW_ARTIFACTS_DIR/../../" + other
                + "/1-1/at-gates\" ] || [ $i -ge 1200 ]; do sleep 0.05; i=$((i + 1)); done; ";
    }

    private TestRepo repo() throws Exception {
        return TestRepo.init(dir.resolve("repo"), "shared.txt", "original\n", "README", "a project\n");
    }

    private GraphBuilder twoEditors(String gateA, String gateB) {
        return GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot"))
                .gateDef("check_a", gateA).gateDef("check_b", gateB)
                .parallel("fan", "a", "b")
                .agentTask("a", "bot", "@write shared.txt=from a\n@write only-a.txt=a was here\n@summary a edits").isolate("a").gates("a", "check_a")
                .agentTask("b", "bot", "@write shared.txt=from b\n@summary b edits").isolate("b").gates("b", "check_b")
                .merge("join", dev.flow.model.WaitMode.ALL, dev.flow.model.MergeStrategy.UNION)
                .chain("start", "fan").edge("fan", "a").edge("fan", "b").edge("a", "join", any("done")).edge("b", "join", any("done"))
                .chain("join", "end");
    }

    private RunResult run(Harness h, dev.flow.model.FlowGraph g, Path base) {
        return h.engine.run(h.engine.start(g, Map.of(), base));
    }

    @Test
    void twoParallelAgentsEditTheSameFileInTheirWorktreesAndOnlyTheOneWhoseGatesPassIsApplied() throws Exception {
        TestRepo repo = repo();
        String before = repo.head();
        // Each gate sees its own step's edit (the target has neither) and prints where it runs.
        var g = twoEditors(after("b") + "grep -qx 'from a' shared.txt && test -f only-a.txt && pwd",
                after("a") + "grep -qx 'from b' shared.txt && pwd && exit 1")
                .config(2, false, null).graph();
        try (var h = new Harness(dir)) {
            String id = h.engine.start(g, Map.of(), repo.dir);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report()).contains("gate \"check_b\" failed");
            assertThat(repo.read("shared.txt")).isEqualTo("from a\n");
            assertThat(repo.read("only-a.txt")).isEqualTo("a was here\n");
            assertThat(repo.stepCommits(id + "/a/1-1")).isEqualTo(1);
            assertThat(repo.stepCommits(id + "/b/")).isZero();
            assertThat(repo.git("log", "--format=%H", "-2").lines().toList()).element(1).isEqualTo(before);
            assertThat(repo.git("log", "-p", "HEAD")).doesNotContain("from b");
            assertThat(repo.status()).isEmpty();
            assertThat(repo.extraWorktrees()).isEmpty();
            // b's change (both attempts: a failed gate is retried once with feedback) is kept out of the branch,
            // at a ref of its own that git gc does not prune
            assertThat(repo.refs("refs/flow")).containsExactly("refs/flow/" + id + "/base", "refs/flow/" + id + "/kept/b-1-1",
                    "refs/flow/" + id + "/kept/b-1-2");
            assertThat(repo.git("show", "refs/flow/" + id + "/kept/b-1-1")).contains("from b");

            var a = h.engine.store().read(tx -> tx.nodes().get(id, "a")).orElseThrow();
            var result = h.engine.core().results().decode(a.resultJson());
            Path worktree = dir.resolve("worktrees").resolve(id).resolve("a-1-1");
            assertThat(result).containsEntry("worktree", worktree.toString()).containsEntry("base_commit", before)
                    .containsEntry("applied_commit", repo.head()).containsKey("step_commit");
            assertThat(worktree).doesNotExist();
            Path gateOut = h.store.artifactsDir().resolve(id).resolve("a").resolve("1-1").resolve("gate-check_a-stdout.log");
            assertThat(Files.readString(gateOut).strip()).isEqualTo(worktree.toString());
            Path gateB = h.store.artifactsDir().resolve(id).resolve("b").resolve("1-1").resolve("gate-check_b-stdout.log");
            assertThat(Files.readString(gateB).strip()).isEqualTo(dir.resolve("worktrees").resolve(id).resolve("b-1-1").toString());
            assertThat(h.node(id, "b").error()).contains("gate \"check_b\" failed");
        }
    }

    @Test
    void twoChangesToTheSameLinesThatBothPassEndWithOneAppliedAndTheOtherInTheConflictRoute() throws Exception {
        TestRepo repo = repo();
        var g = twoEditors(after("b") + "grep -qx 'from a' shared.txt", after("a") + "grep -qx 'from b' shared.txt")
                .sh("resolve", "echo resolving")
                .edge("a", "resolve", any("conflict")).edge("b", "resolve", any("conflict")).chain("resolve", "join")
                .config(2, true, null).graph();
        try (var h = new Harness(dir)) {
            String id = h.engine.start(g, Map.of(), repo.dir);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.COMPLETED);
            String aOut = h.node(id, "a").output();
            String bOut = h.node(id, "b").output();
            assertThat(List.of(aOut, bOut)).containsExactlyInAnyOrder("done", "conflict");
            String winner = aOut.equals("done") ? "a" : "b";
            String loser = winner.equals("a") ? "b" : "a";
            assertThat(h.node(id, "resolve").status()).isEqualTo(dev.flow.store.NodeStatus.COMPLETED);
            assertThat(repo.read("shared.txt")).isEqualTo("from " + winner + "\n");
            assertThat(repo.stepCommits(id + "/" + winner + "/")).isEqualTo(1);
            assertThat(repo.stepCommits(id + "/" + loser + "/")).isZero();
            assertThat(repo.status()).isEmpty();
            assertThat(repo.midOperation()).isFalse();
            assertThat(repo.extraWorktrees()).isEmpty();
            var lost = h.engine.core().results().decode(h.engine.store().read(tx -> tx.nodes().get(id, loser)).orElseThrow().resultJson());
            assertThat(lost).containsEntry("conflict_files", List.of("shared.txt")).doesNotContainKey("applied_commit");
        }
    }

    @Test
    void aConflictNoEdgeTakesFailsTheNodeNamingTheFiles() throws Exception {
        TestRepo repo = repo();
        var g = twoEditors(after("b") + "true", after("a") + "true").config(2, false, null).graph();
        try (var h = new Harness(dir)) {
            RunResult r = run(h, g, repo.dir);
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report()).containsPattern("changes of \"[ab]\" conflict with the target: shared.txt; nothing was applied");
            assertThat(repo.status()).isEmpty();
        }
    }

    /** The shape of examples/worktree.flow: "a -> join" has no condition, so it does not handle a conflict. */
    @Test
    void aConflictOnAnEdgeWithNoConditionFailsTheNode() throws Exception {
        TestRepo repo = repo();
        var g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot"))
                .gateDef("check_a", after("b") + "true").gateDef("check_b", after("a") + "true")
                .parallel("fan", "a", "b")
                .agentTask("a", "bot", "@write shared.txt=from a\n@summary a edits").isolate("a").gates("a", "check_a")
                .agentTask("b", "bot", "@write shared.txt=from b\n@summary b edits").isolate("b").gates("b", "check_b")
                .merge("join", dev.flow.model.WaitMode.ALL, dev.flow.model.MergeStrategy.UNION)
                .chain("start", "fan").edge("fan", "a").edge("fan", "b").chain("a", "join").chain("b", "join")
                .chain("join", "end").config(2, true, null).graph();
        try (var h = new Harness(dir)) {
            String id = h.engine.start(g, Map.of(), repo.dir);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report()).containsPattern("changes of \"[ab]\" conflict with the target: shared.txt; nothing was applied");
            assertThat(List.of(h.status(id, "a"), h.status(id, "b"))).contains(dev.flow.store.NodeStatus.FAILED);
        }
    }

    /** Only Flow's apply can say "conflict": the prompt does not offer it and an agent that answers it is refused. */
    @Test
    void anAgentCannotAnswerConflict() throws Exception {
        TestRepo repo = repo();
        String before = repo.head();
        var g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot"))
                .agentTask("a", "bot", "@write shared.txt=from a\n@output conflict\n@summary claims a conflict").isolate("a")
                .sh("resolve", "echo resolving")
                .chain("start", "a").edge("a", "resolve", any("conflict")).edge("a", "end", any("done")).chain("resolve", "end")
                .config(1, false, null).graph();
        try (var h = new Harness(dir)) {
            String id = h.engine.start(g, Map.of(), repo.dir);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.FAILED);
            assertThat(h.node(id, "a").error()).contains("answered output \"conflict\"");
            assertThat(h.status(id, "resolve")).isNotEqualTo(dev.flow.store.NodeStatus.COMPLETED);
            assertThat(repo.read("shared.txt")).isEqualTo("original\n");
            assertThat(repo.head()).isEqualTo(before);
            String prompt = Files.readString(h.store.artifactsDir().resolve(id).resolve("a").resolve("1-1").resolve("prompt.txt"));
            assertThat(prompt).contains("\"output\": one of [done").doesNotContain("conflict]");
        }
    }

    /** An attempt whose gate fails in its worktree still cost what its agent said: max cost stops the retries as without isolation. */
    @Test
    void theCostOfAnIsolatedAttemptWhoseGateFailsCountsAndMaxCostStopsTheRetries() throws Exception {
        TestRepo repo = repo();
        var g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot")).gateDef("never", "exit 1")
                .agentTask("a", "bot", "@write shared.txt=from a\n@cost 0.6\n@summary a edits").isolate("a").gates("a", "never")
                .chain("start", "a", "end").retry("a", 5, Duration.ofMillis(1)).limits(null, null, 1.0)
                .config(1, true, null).graph();
        try (var h = new Harness(dir)) {
            String id = h.engine.start(g, Map.of(), repo.dir);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.LIMIT_REACHED);
            assertThat(h.history(id, "a")).extracting(dev.flow.store.RunRow::cost).containsExactly(0.6, 0.6);
            assertThat(h.engine.queries().status(id).execution().cost()).isCloseTo(1.2, org.assertj.core.data.Offset.offset(1e-9));
            assertThat(repo.read("shared.txt")).isEqualTo("original\n");
        }
    }

    @Test
    void aCancelledStepLeavesTheTargetUntouchedAndItsWorktreeRemoved() throws Exception {
        TestRepo repo = repo();
        String before = repo.head();
        // "slow" edits the file, then sleeps; "broken" fails as soon as slow's worktree holds the edit: fail fast kills slow.
        var g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot"))
                .parallel("fan", "slow", "broken")
                .agentTask("slow", "bot", "@write shared.txt=half done\n@sleep 30").isolate("slow")
                .sh("broken", "until grep -q 'half done' ../slow-1-1/shared.txt 2>/dev/null; do sleep 0.05; done; exit 3").isolate("broken")
                .merge("join", dev.flow.model.WaitMode.ALL, dev.flow.model.MergeStrategy.UNION)
                .chain("start", "fan").edge("fan", "slow").edge("fan", "broken").chain("slow", "join").chain("broken", "join").chain("join", "end")
                .config(2, true, null).graph();
        try (var h = new Harness(dir)) {
            String id = h.engine.start(g, Map.of(), repo.dir);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report()).contains("node \"broken\" failed");
            assertThat(h.node(id, "slow").error()).contains("cancelled");
            assertThat(repo.read("shared.txt")).isEqualTo("original\n");
            assertThat(repo.head()).isEqualTo(before);
            assertThat(repo.status()).isEmpty();
            assertThat(repo.extraWorktrees()).isEmpty();
            assertThat(dir.resolve("worktrees").resolve(id)).doesNotExist();
        }
    }

    @Test
    void uncommittedChangesInTheTargetAreNeverOverwritten() throws Exception {
        TestRepo repo = repo();
        repo.write("shared.txt", "my own work in progress\n");
        var g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot"))
                .agentTask("a", "bot", "@write shared.txt=from a").isolate("a").chain("start", "a", "end").graph();
        try (var h = new Harness(dir)) {
            RunResult r = run(h, g, repo.dir);
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report()).contains("has uncommitted changes in shared.txt, which the changes of \"a\" would overwrite; nothing was applied (commit or stash them first)");
            assertThat(repo.read("shared.txt")).isEqualTo("my own work in progress\n");
            assertThat(repo.subjects()).containsExactly("initial");
            assertThat(repo.refs("refs/flow")).hasSize(2).anyMatch(ref -> ref.endsWith("/kept/a-1-1")); // the base, and the change kept
        }
    }

    @Test
    void uncommittedChangesElsewhereStayAsTheyAreAndTheStepIsApplied() throws Exception {
        TestRepo repo = repo();
        repo.write("README", "edited by me\n");
        repo.write("notes.txt", "untracked\n");
        var g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot"))
                .agentTask("a", "bot", "@write shared.txt=from a\n@summary changed the shared file").isolate("a")
                .chain("start", "a", "end").graph();
        try (var h = new Harness(dir)) {
            assertThat(run(h, g, repo.dir).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(repo.read("shared.txt")).isEqualTo("from a\n");
            assertThat(repo.read("README")).isEqualTo("edited by me\n");
            assertThat(repo.status().lines().toList()).containsExactlyInAnyOrder(" M README", "?? notes.txt");
            assertThat(repo.git("log", "-1", "--format=%B").strip()).startsWith("a\n\nchanged the shared file\n\nFlow-Step: ");
        }
    }

    /**
     * Issue 19, item 2: in a repository whose hooks are tracked files ({@code core.hooksPath=.githooks},
     * husky style), a sandboxed step writes hooks into its worktree. Flow's commit and cherry-pick
     * run outside the sandbox: they must run none of them, and the hook files must not reach the
     * user's branch.
     */
    @Test
    void hooksASandboxedStepWritesNeverRunAndAreNotApplied() throws Exception {
        TestRepo repo = repo();
        repo.git("config", "core.hooksPath", ".githooks");
        String before = repo.head();
        Path marker = dir.resolve("hook-ran.txt");
        String hook = "#!/bin/sh\necho \"$0\" >> '" + marker + "'\n";
        var g = GraphBuilder.workflow("w")
                .sh("t", "mkdir -p .githooks && for h in pre-commit prepare-commit-msg commit-msg post-commit post-checkout post-rewrite; do"
                        + " printf '%b' \"$HOOK\" > .githooks/$h && chmod +x .githooks/$h; done; echo changed > shared.txt")
                .cwdAndEnv("t", null, Map.of("HOOK", hook)).isolate("t").sandbox(new dev.flow.model.Sandbox(true, true, List.of(), null))
                .chain("start", "t", "end").graph();
        try (var h = new Harness(dir)) {
            RunResult r = run(h, g, repo.dir);
            assertThat(marker).as("a hook the step wrote ran outside its sandbox").doesNotExist();
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report()).contains("its changes write the repository's hooks (core.hooksPath: .githooks): .githooks/",
                    "Flow does not apply hook files a step wrote");
            assertThat(repo.head()).isEqualTo(before);
            assertThat(repo.dir.resolve(".githooks")).doesNotExist();
            assertThat(repo.read("shared.txt")).isEqualTo("original\n");
            assertThat(repo.status()).isEmpty();
        }
    }

    @Test
    void aStepThatChangesNothingAppliesNothing() throws Exception {
        TestRepo repo = repo();
        var g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot")).agentTask("a", "bot", "@summary only looked").isolate("a")
                .chain("start", "a", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.engine.start(g, Map.of(), repo.dir);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(repo.subjects()).containsExactly("initial");
            var result = h.engine.core().results().decode(h.engine.store().read(tx -> tx.nodes().get(id, "a")).orElseThrow().resultJson());
            assertThat(result).containsKey("worktree").doesNotContainKeys("step_commit", "applied_commit");
        }
    }

    @Test
    void anIsolatedGateNodeChecksAFreshWorktreeOfTheTargetAndAppliesNothing() throws Exception {
        TestRepo repo = repo();
        repo.write("shared.txt", "uncommitted\n");
        var g = GraphBuilder.workflow("w").gateDef("clean", "grep -qx original shared.txt && echo checked > checked.txt && pwd")
                .gate("check", "clean").isolate("check").chain("start", "check", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.engine.start(g, Map.of(), repo.dir);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.node(id, "check").output()).isEqualTo("passed");
            var result = h.engine.core().results().decode(h.engine.store().read(tx -> tx.nodes().get(id, "check")).orElseThrow().resultJson());
            Path worktree = dir.resolve("worktrees").resolve(id).resolve("check-1-1");
            assertThat(result).containsEntry("worktree", worktree.toString()).containsEntry("base_commit", repo.head());
            assertThat(((String) result.get("output")).strip()).isEqualTo(worktree.toString());
            assertThat(repo.dir.resolve("checked.txt")).doesNotExist();
            assertThat(repo.extraWorktrees()).isEmpty();
        }
    }

    @Test
    void aWorkflowInASubfolderOfTheRepositoryRunsInThatFolderOfTheWorktree() throws Exception {
        TestRepo repo = TestRepo.init(dir.resolve("repo"), "flows/input.txt", "data\n", "top.txt", "top\n");
        var g = GraphBuilder.workflow("w").sh("t", "test -f input.txt && echo derived > output.txt").isolate("t").chain("start", "t", "end").graph();
        try (var h = new Harness(dir)) {
            assertThat(h.engine.run(h.engine.start(g, Map.of(), repo.dir.resolve("flows"))).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(repo.read("flows/output.txt")).isEqualTo("derived\n");
            assertThat(repo.status()).isEmpty();
        }
    }

    @Test
    void aRetriedStepStartsAfreshAndOnlyTheAttemptWhoseGatesPassIsApplied() throws Exception {
        TestRepo repo = repo();
        var g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot")).gateDef("second_time", "test \"$FLOW_ATTEMPT\" -ge 2")
                .agentTask("a", "bot", "@write shared.txt=from a").isolate("a").gates("a", "second_time").retry("a", 1, Duration.ofMillis(1))
                .chain("start", "a", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.engine.start(g, Map.of(), repo.dir);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(repo.stepCommits(id + "/a/1-1")).isZero();
            assertThat(repo.stepCommits(id + "/a/1-2")).isEqualTo(1);
            assertThat(repo.read("shared.txt")).isEqualTo("from a\n");
            assertThat(repo.extraWorktrees()).isEmpty();
            // The failed gate is a validation failure: the retry's prompt says why, and that its edits are gone.
            assertThat(h.history(id, "a").get(0).errorClass()).isEqualTo(dev.flow.store.ErrorClass.VALIDATION);
            String retried = Files.readString(h.store.artifactsDir().resolve(id).resolve("a").resolve("1-2").resolve("prompt.txt"));
            assertThat(retried).contains("was not accepted: gate \"second_time\" failed", "The files you changed then were discarded");
            String first = Files.readString(h.store.artifactsDir().resolve(id).resolve("a").resolve("1-1").resolve("prompt.txt"));
            assertThat(first).doesNotContain("were discarded");
        }
    }

    @Test
    void withTheDatabaseInTheRepositoryTheWorktreesStayOutOfGitStatus() throws Exception {
        TestRepo repo = repo();
        var g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot")).agentTask("a", "bot", "@write shared.txt=from a").isolate("a")
                .chain("start", "a", "end").graph();
        try (var store = dev.flow.store.sqlite.SqliteStore.open(repo.dir.resolve(".flow/state.db"))) {
            var engine = new Engine(store, EngineOptions.builder().build());
            String id = engine.start(g, Map.of(), repo.dir);
            assertThat(engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            var result = engine.core().results().decode(store.read(tx -> tx.nodes().get(id, "a")).orElseThrow().resultJson());
            assertThat((String) result.get("worktree")).startsWith(repo.dir.resolve(".flow/worktrees").toString());
            assertThat(repo.read("shared.txt")).isEqualTo("from a\n");
            assertThat(repo.status()).isEmpty();
        }
    }

    @Test
    void aFolderThatIsNoRepositorySaysSo() throws Exception {
        Files.createDirectories(dir.resolve("plain"));
        var g = GraphBuilder.workflow("w").sh("t", "true").isolate("t").chain("start", "t", "end").graph();
        try (var h = new Harness(dir)) {
            RunResult r = run(h, g, dir.resolve("plain"));
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report()).contains("task \"t\" runs isolated, but").contains("is not in a git repository")
                    .contains("set \"repository\"");
        }
    }
}

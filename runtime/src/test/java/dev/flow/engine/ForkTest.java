package dev.flow.engine;

import static dev.flow.testing.GraphBuilder.any;
import static dev.flow.testing.GraphBuilder.bin;
import static dev.flow.testing.GraphBuilder.lit;
import static dev.flow.testing.GraphBuilder.ref;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flow.engine.config.UsageException;
import dev.flow.model.Expr.BinaryOp;
import dev.flow.model.MergeStrategy;
import dev.flow.model.Type;
import dev.flow.model.Value;
import dev.flow.model.WaitMode;
import dev.flow.store.EventRow;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.ForkRow;
import dev.flow.store.NodeStatus;
import dev.flow.testing.GraphBuilder;
import dev.flow.testing.Poll;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code Engine.fork}: a new execution that reuses the results of the nodes before the chosen one
 * and runs from it on, with the state and loop counters it had when that node last became ready.
 * Every task appends "NODE PASS" to effects.log, which tells what ran where.
 */
@dev.flow.store.BothStores
class ForkTest {
    @TempDir
    Path dir;

    private static final String EFFECT = "echo \"$FLOW_NODE_ID $FLOW_ITERATION\" >> effects.log";

    private Map<String, Integer> effects() throws IOException {
        var counts = new HashMap<String, Integer>();
        Path p = dir.resolve("effects.log");
        if (Files.exists(p)) {
            Files.readAllLines(p).forEach(l -> counts.merge(l, 1, Integer::sum));
        }
        return counts;
    }

    private static List<String> kinds(Harness h, String id) {
        return h.events(id).stream().map(EventRow::kind).toList();
    }

    /** plan -> build -> test; build fails until "fixed" exists; each task counts in state. */
    private static GraphBuilder chain() {
        return GraphBuilder.workflow("chain")
                .input("target", Type.STRING, Value.of("prod"))
                .state("steps", Type.INT, Value.of(0L))
                .sh("plan", EFFECT).on("plan", "done", "steps", bin(BinaryOp.ADD, ref("steps"), lit(1L)))
                .sh("build", EFFECT + "; echo \"$FLOW_INPUT_target $FLOW_STATE_steps\" >> build.log; test -e fixed")
                .on("build", "done", "steps", bin(BinaryOp.ADD, ref("steps"), lit(1L)))
                .sh("test", EFFECT).on("test", "done", "steps", bin(BinaryOp.ADD, ref("steps"), lit(1L)))
                .chain("start", "plan", "build", "test", "end");
    }

    @Test
    void aForkOfAFailedRunFromTheFailedNodeReusesWhatCameBeforeAndRunsFromThere() throws Exception {
        try (var h = new Harness(dir)) {
            String source = h.start(chain().graph());
            assertThat(h.engine.run(source).outcome()).isEqualTo(RunOutcome.FAILED);
            Files.writeString(dir.resolve("fixed"), "");

            String fork = h.engine.fork(source, "build", Map.of("target", "staging"));
            RunResult r = h.engine.run(fork);
            assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(effects()).isEqualTo(Map.of("plan 1", 1, "build 1", 2, "test 1", 1));
            // build saw the state of its entry (plan had counted) and the changed input
            assertThat(Files.readAllLines(dir.resolve("build.log"))).containsExactly("prod 1", "staging 1");
            assertThat(h.state(fork, "steps")).isEqualTo(3L);
            assertThat(h.status(fork, "plan")).isEqualTo(NodeStatus.COMPLETED);
            assertThat(h.eventKinds(fork, "plan")).as("reused, not run").isEmpty();
            assertThat(kinds(h, fork).get(0)).isEqualTo("forked");
            assertThat(h.events(fork).get(0).data()).contains("\"from\":\"" + source + "\"", "\"node\":\"build\"", "\"reused\":[\"start\",\"plan\"]",
                    "\"changed\":{\"target\":\"staging\"}");
            assertThat(h.engine.queries().origin(fork)).get().satisfies(o -> {
                assertThat(o.sourceId()).isEqualTo(source);
                assertThat(o.nodeId()).isEqualTo("build");
                assertThat(o.iteration()).isEqualTo(1);
                assertThat(o.reused()).containsExactly("start", "plan");
            });
            assertThat(h.engine.queries().execution(source).status()).as("the source is left as it was").isEqualTo(ExecutionStatus.FAILED);
            assertThat(h.engine.queries().origin(source)).isEmpty();
        }
    }

    @Test
    void aForkFromANodeInsideALoopStartsInItsLastPassWithTheCountersAndStateOfThatPass() throws Exception {
        var g = GraphBuilder.workflow("loop")
                .state("attempts", Type.INT, Value.of(0L))
                .sh("fix", EFFECT + "; echo \"$FLOW_STATE_attempts\" >> attempts.log").on("fix", "done", "attempts", bin(BinaryOp.ADD, ref("attempts"), lit(1L)))
                .sh("test", EFFECT + "; [ $FLOW_ITERATION -ge 3 ] && echo pass || echo fail").outputs("test", "pass", "fail")
                .chain("start", "fix", "test")
                .edge("test", "end", any("pass"))
                .loop("test", "fix", 3, any("fail"))
                .graph();
        try (var h = new Harness(dir)) {
            String source = h.start(g);
            assertThat(h.engine.run(source).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.engine.queries().status(source).loops()).containsEntry("test->fix", 2);

            String fork = h.engine.fork(source, "fix", Map.of());
            assertThat(h.engine.queries().status(fork).loops()).as("the counter when fix last became ready").containsEntry("test->fix", 2);
            assertThat(h.state(fork, "attempts")).as("the state when fix last became ready").isEqualTo(2L);
            assertThat(h.engine.run(fork).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(effects()).isEqualTo(Map.of("fix 1", 1, "fix 2", 1, "fix 3", 2, "test 1", 1, "test 2", 1, "test 3", 2));
            assertThat(Files.readAllLines(dir.resolve("attempts.log"))).containsExactly("0", "1", "2", "2");
            assertThat(h.node(fork, "test").iteration()).as("the pass test had reached before the fork point, plus one").isEqualTo(3);
            assertThat(h.engine.queries().origin(fork).orElseThrow().iteration()).isEqualTo(3);
        }
    }

    /** build -> review (a person) -> ship. */
    private static GraphBuilder approval() {
        return GraphBuilder.workflow("approval")
                .sh("build", EFFECT)
                .human("review", "Ship it?", null, "yes", "no")
                .sh("ship", EFFECT)
                .chain("start", "build", "review").edge("review", "ship", any("yes")).edge("review", "end", any("no")).chain("ship", "end");
    }

    @Test
    void aPersonsAnswerBeforeTheForkPointIsReusedAndOneAtItIsAskedAgain() throws Exception {
        try (var h = new Harness(dir)) {
            String source = h.start(approval().graph());
            assertThat(h.engine.run(source).outcome()).isEqualTo(RunOutcome.PAUSED);
            h.engine.answer(source, "review", "yes", "ship on Monday");
            assertThat(h.engine.resume(source).outcome()).isEqualTo(RunOutcome.COMPLETED);

            String after = h.engine.fork(source, "ship", Map.of());
            assertThat(h.engine.run(after).outcome()).as("the answer is reused: nobody is asked").isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.engine.queries().status(after).nodes().stream().filter(n -> n.nodeId().equals("review")).findFirst().orElseThrow().output())
                    .isEqualTo("yes");

            String at = h.engine.fork(source, "review", Map.of());
            RunResult paused = h.engine.run(at);
            assertThat(paused.outcome()).as("the question is asked again").isEqualTo(RunOutcome.PAUSED);
            assertThat(paused.questions()).singleElement().satisfies(q -> assertThat(q.nodeId()).isEqualTo("review"));
            assertThat(effects()).isEqualTo(Map.of("build 1", 1, "ship 1", 2));
        }
    }

    private static GraphBuilder withChild() {
        var child = GraphBuilder.workflow("child").sh("a", EFFECT).sh("b", EFFECT).chain("start", "a", "b", "end").build();
        return GraphBuilder.workflow("parent").sh("prep", EFFECT).subgraph("sub", "child", Map.of(), Map.of()).sh("after", EFFECT)
                .chain("start", "prep", "sub", "after", "end").sub(child);
    }

    @Test
    void subgraphsAreReusedWholeRunAgainFromTheirStartOrForkedInside() throws Exception {
        try (var h = new Harness(dir)) {
            String source = h.start(withChild().graph());
            assertThat(h.engine.run(source).outcome()).isEqualTo(RunOutcome.COMPLETED);

            String after = h.engine.fork(source, "after", Map.of());
            assertThat(h.engine.run(after).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.engine.queries().status(after).children()).as("a reused subgraph node starts no child").isEmpty();
            assertThat(effects()).isEqualTo(Map.of("prep 1", 1, "a 1", 1, "b 1", 1, "after 1", 2));

            String sub = h.engine.fork(source, "sub", Map.of());
            assertThat(h.engine.run(sub).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(effects()).isEqualTo(Map.of("prep 1", 1, "a 1", 2, "b 1", 2, "after 1", 3));

            String inside = h.engine.fork(source, "sub/b", Map.of());
            assertThat(h.engine.run(inside).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(effects()).as("the child's a is reused, its b runs again").isEqualTo(Map.of("prep 1", 1, "a 1", 2, "b 1", 3, "after 1", 4));
            String child = inside + ".sub.1";
            assertThat(h.engine.queries().origin(child)).get().satisfies(o -> {
                assertThat(o.sourceId()).isEqualTo(source + ".sub.1");
                assertThat(o.nodeId()).isEqualTo("b");
            });
            assertThat(h.engine.queries().origin(inside).map(ForkRow::nodeId)).contains("sub/b");
        }
    }

    @Test
    void aParallelBranchTheNodeDoesNotLeadToIsReusedEvenWhenItFinishedLater() throws Exception {
        // y finishes only once x's completion is committed.
        var g = GraphBuilder.workflow("fan").parallel("fan").sh("x", EFFECT).sh("y", "while [ ! -e go ]; do sleep 0.05; done; " + EFFECT)
                .merge("join", WaitMode.ALL, MergeStrategy.UNION)
                .edge("start", "fan").edge("fan", "x").edge("fan", "y").chain("x", "join").chain("y", "join").chain("join", "end").graph();
        try (var h = new Harness(dir)) {
            String source = h.start(g);
            var run = CompletableFuture.supplyAsync(() -> h.engine.run(source));
            Poll.until("x to complete", () -> h.status(source, "x") == NodeStatus.COMPLETED);
            Files.writeString(dir.resolve("go"), "");
            assertThat(run.get().outcome()).isEqualTo(RunOutcome.COMPLETED);
            String fork = h.engine.fork(source, "x", Map.of());
            assertThat(h.engine.run(fork).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(effects()).isEqualTo(Map.of("x 1", 2, "y 1", 1));
            assertThat(h.engine.queries().origin(fork).orElseThrow().reused()).containsExactly("start", "fan", "y");
        }
    }

    @Test
    void aForkOfAForkFromANodeItReusedForksWhereThatNodeRan() throws Exception {
        try (var h = new Harness(dir)) {
            Files.writeString(dir.resolve("fixed"), "");
            String source = h.start(chain().graph());
            assertThat(h.engine.run(source).outcome()).isEqualTo(RunOutcome.COMPLETED);
            String first = h.engine.fork(source, "test", Map.of("target", "qa"));
            assertThat(h.engine.run(first).outcome()).isEqualTo(RunOutcome.COMPLETED);
            String second = h.engine.fork(first, "build", Map.of());
            assertThat(h.engine.queries().origin(second).orElseThrow().sourceId()).as("build ran in the source, not in the first fork").isEqualTo(source);
            assertThat(h.engine.run(second).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(Files.readAllLines(dir.resolve("build.log"))).as("the first fork's inputs").containsExactly("prod 1", "qa 1");
        }
    }

    @Test
    void aCancelledRunIsForkedFromTheNodeItWasRunningAndRunsItAgain() throws Exception {
        var g = GraphBuilder.workflow("w").sh("a", EFFECT).sh("slow", EFFECT + "; test -e go || sleep 60").chain("start", "a", "slow", "end").graph();
        try (var h = new Harness(dir)) {
            String source = h.start(g);
            var run = CompletableFuture.supplyAsync(() -> h.engine.run(source));
            Poll.until("slow's first effect", () -> effects().containsKey("slow 1"));
            h.engine.cancel(source, null);
            assertThat(run.get(30, TimeUnit.SECONDS).outcome()).isEqualTo(RunOutcome.CANCELLED);
            Files.writeString(dir.resolve("go"), "");
            String fork = h.engine.fork(source, "slow", Map.of());
            assertThat(h.engine.run(fork).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(effects()).isEqualTo(Map.of("a 1", 1, "slow 1", 2));
        }
    }

    @Test
    void forksThatCannotBeAreRefusedWithTheReason() {
        var g = GraphBuilder.workflow("b").branch("never", lit(false)).sh("x", EFFECT)
                .edge("start", "never").edge("never", "x", any("on_true")).edge("never", "end", any("on_false")).chain("x", "end").graph();
        try (var h = new Harness(dir)) {
            String source = h.start(g);
            h.engine.run(source);
            assertThatThrownBy(() -> h.engine.fork(source, "nevr", Map.of())).isInstanceOf(UsageException.class)
                    .hasMessage("workflow \"b\" has no node \"nevr\"; did you mean \"never\"?");
            assertThatThrownBy(() -> h.engine.fork(source, "x", Map.of())).isInstanceOf(UsageException.class)
                    .hasMessage("node \"x\" never became ready in execution " + source + " (it is skipped), so there is no point to fork from;"
                            + " it reached start, never, end");
            assertThatThrownBy(() -> h.engine.fork(source, "never/x", Map.of())).isInstanceOf(UsageException.class)
                    .hasMessage("\"never/x\" names a node inside \"never\", which is a branch node, not a subgraph");
            assertThatThrownBy(() -> h.engine.fork(source, "never", Map.of("nope", "1"))).isInstanceOf(UsageException.class)
                    .hasMessageContaining("has no input \"nope\"");
        }
        try (var h = new Harness(dir.resolve("child"))) {
            String source = h.start(withChild().graph());
            h.engine.run(source);
            assertThatThrownBy(() -> h.engine.fork(source + ".sub.1", "b", Map.of())).isInstanceOf(UsageException.class)
                    .hasMessage("execution " + source + ".sub.1 is a child execution of " + source
                            + " (its subgraph node \"sub\"); fork the run it belongs to, from sub/NODE: " + source);
        }
    }
}

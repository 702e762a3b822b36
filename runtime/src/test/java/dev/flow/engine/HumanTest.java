package dev.flow.engine;

import static dev.flow.testing.GraphBuilder.any;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flow.engine.config.UsageException;
import dev.flow.model.Interrupt;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.NodeStatus;
import dev.flow.testing.GraphBuilder;
import dev.flow.testing.SettableClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@dev.flow.store.BothStores
class HumanTest {
    @TempDir
    Path dir;

    private static GraphBuilder approval() {
        return GraphBuilder.workflow("w")
                .sh("build", "echo built | tee -a built.log")
                .human("review", "Ship ${build.summary}?", null, "approved", "rejected")
                .sh("ship", "echo shipped >> shipped.log")
                .edge("start", "build").edge("build", "review")
                .edge("review", "ship", any("approved")).edge("review", "end", any("rejected")).chain("ship", "end");
    }

    @Test
    void aHumanNodePausesTheRunAndAnAnswerThenResumeCompletesIt() throws Exception {
        try (var h = new Harness(dir)) {
            String id = h.start(approval().graph());
            RunResult paused = h.engine.run(id);
            assertThat(paused.outcome()).isEqualTo(RunOutcome.PAUSED);
            assertThat(paused.exitCode()).isEqualTo(3);
            assertThat(paused.questions()).singleElement().satisfies(q -> {
                assertThat(q.prompt()).isEqualTo("Ship built?");
                assertThat(q.answerCommand()).isEqualTo("flow answer " + id + " review approved");
            });
            assertThat(h.engine.queries().status(id).execution().status()).isEqualTo(ExecutionStatus.WAITING);

            AnswerResult a = h.engine.answer(id, "review", "approved", "looks good");
            assertThat(a.status()).isEqualTo(ExecutionStatus.RUNNING);
            assertThat(h.engine.resume(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(Files.readString(dir.resolve("shipped.log"))).isEqualTo("shipped\n");
            assertThat(Files.readString(dir.resolve("built.log"))).isEqualTo("built\n");
            String result = h.engine.store().read(tx -> tx.nodes().get(id, "review")).orElseThrow().resultJson();
            assertThat(result).contains("\"approved\":true").contains("\"note\":\"looks good\"");
        }
    }

    @Test
    void aPersonsAnswerIsNeverAskedForTwice() {
        try (var h = new Harness(dir)) {
            String id = h.start(approval().graph());
            h.engine.run(id);
            h.engine.answer(id, "review", "rejected", null);
            assertThatThrownBy(() -> h.engine.answer(id, "review", "approved", null))
                    .isInstanceOf(UsageException.class)
                    .hasMessageContaining("was already answered \"rejected\"; a question is answered once");
            assertThat(h.engine.resume(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            // resuming again asks nothing and changes nothing
            assertThat(h.engine.resume(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.engine.store().read(tx -> tx.requests().all(id)).size()).isEqualTo(1);
        }
    }

    @Test
    void anAnswerThatIsNotADeclaredOutputIsRefusedAndNothingChanges() {
        try (var h = new Harness(dir)) {
            String id = h.start(approval().graph());
            h.engine.run(id);
            assertThatThrownBy(() -> h.engine.answer(id, "review", "maybe", null))
                    .isInstanceOf(UsageException.class)
                    .hasMessage("\"maybe\" is not an answer to \"review\": choose one of approved, rejected");
            assertThat(h.status(id, "review")).isEqualTo(NodeStatus.WAITING);
        }
    }

    @Test
    void answeringANodeThatWaitsForNothingSaysWhatDoesWait() {
        try (var h = new Harness(dir)) {
            String id = h.start(approval().graph());
            h.engine.run(id);
            assertThatThrownBy(() -> h.engine.answer(id, "build", "done", null))
                    .hasMessageContaining("node \"build\" is not waiting for an answer (it is completed); waiting: review");
            assertThatThrownBy(() -> h.engine.answer(id, "nope", "done", null)).hasMessageContaining("has no node \"nope\"");
            assertThatThrownBy(() -> h.engine.answer("zzzzzzzz", "review", "approved", null))
                    .hasMessageContaining("no execution \"zzzzzzzz\"");
        }
    }

    @Test
    void aDeadlineWithADefaultTakesTheDefaultWhenTheClockPassesIt() {
        var clock = new SettableClock(Instant.parse("2025-01-01T00:00:00Z"));
        var g = GraphBuilder.workflow("w").human("ok", "Proceed?", "no", "yes", "no").timeout("ok", Duration.ofHours(1))
                .edge("start", "ok").edge("ok", "end").graph();
        try (var h = new Harness(dir, b -> b.clock(clock))) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.PAUSED);
            clock.advance(Duration.ofMinutes(59));
            h.engine.maintain(id);
            assertThat(h.status(id, "ok")).isEqualTo(NodeStatus.WAITING);
            clock.advance(Duration.ofMinutes(2));
            assertThat(h.engine.resume(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.node(id, "ok").output()).isEqualTo("no");
            assertThat(h.eventKinds(id, "ok")).contains("answer_defaulted");
        }
    }

    @Test
    void anInterruptBeforeANodeAsksFirstAndSkipOrStopAreHonoured() throws Exception {
        var f = GraphBuilder.workflow("w").sh("deploy", "echo deployed >> deploy.log").chain("start", "deploy", "end");
        try (var h = new Harness(dir)) {
            String proceed = h.start(f.interrupt(Interrupt.Timing.BEFORE, "deploy", true).graph());
            RunResult r = h.engine.run(proceed);
            assertThat(r.outcome()).isEqualTo(RunOutcome.PAUSED);
            assertThat(r.questions().get(0).options()).containsExactly("proceed", "stop");
            h.engine.answer(proceed, "deploy", "proceed", null);
            assertThat(h.engine.resume(proceed).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(Files.readString(dir.resolve("deploy.log"))).isEqualTo("deployed\n");

            String stop = h.start(f.graph());
            h.engine.run(stop);
            h.engine.answer(stop, "deploy", "stop", "not today");
            RunResult stopped = h.engine.resume(stop);
            assertThat(stopped.outcome()).isEqualTo(RunOutcome.CANCELLED);
            assertThat(stopped.report()).contains("stopped by a person at the interrupt before \"deploy\": not today");
        }
        Files.createDirectories(dir.resolve("skip"));
        try (var h = new Harness(dir.resolve("skip"))) {
            var optional = GraphBuilder.workflow("w").sh("deploy", "echo deployed >> deploy.log").sh("after", "echo after > after.log")
                    .chain("start", "deploy", "after", "end")
                    .interrupt(Interrupt.Timing.BEFORE, "deploy", false);
            String id = h.start(optional.graph());
            h.engine.run(id);
            h.engine.answer(id, "deploy", "skip", null);
            assertThat(h.engine.resume(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.status(id, "deploy")).isEqualTo(NodeStatus.SKIPPED);
            assertThat(Files.exists(dir.resolve("skip/deploy.log"))).isFalse();
            assertThat(Files.readString(dir.resolve("skip/after.log"))).isEqualTo("after\n");
        }
    }

    @Test
    void anInterruptAfterANodeHoldsItsEdgesUntilTheAnswer() {
        var g = GraphBuilder.workflow("w").sh("a", "echo A").checkpoint("b").chain("start", "a", "b", "end")
                .interrupt(Interrupt.Timing.AFTER, "a", true).graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.PAUSED);
            assertThat(h.status(id, "b")).isEqualTo(NodeStatus.PENDING);
            h.engine.answer(id, "a", "proceed", null);
            assertThat(h.engine.resume(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
        }
    }
}

package dev.flow.engine;

import static dev.flow.testing.GraphBuilder.any;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.store.KvEntry;
import dev.flow.testing.GraphBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The keys Flow writes in a node's scope when an attempt finishes: out.summary, out.last_stdout_path, out.last_result_path, err.summary. */
@dev.flow.store.BothStores
class NodeKeysTest {
    @TempDir
    Path dir;

    private static Optional<String> value(Harness h, String id, String node, String key) {
        var kv = h.engine.kv();
        return kv.get(id, node, key).map(kv::read);
    }

    @Test
    void aCompletedAgentTaskLeavesItsSummaryLogAndResultInTheSameTransaction() throws Exception {
        var g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot")).agentTask("plan", "bot", "@summary planned three steps\n@output done")
                .chain("start", "plan", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(value(h, id, "plan", "out.summary")).contains("planned three steps");
            Path stdout = Path.of(value(h, id, "plan", "out.last_stdout_path").orElseThrow());
            assertThat(stdout).isEqualTo(h.store.artifactsDir().resolve(id).resolve("plan").resolve("1-1").resolve("stdout.log"));
            assertThat(Files.readString(stdout)).contains("planned three steps");
            Path result = Path.of(value(h, id, "plan", "out.last_result_path").orElseThrow());
            assertThat(Files.readString(result)).contains("\"output\":\"done\"").contains("\"summary\":\"planned three steps\"");
            assertThat(value(h, id, "plan", "err.summary")).isEmpty();
            KvEntry summary = h.engine.queries().kvGet(id, "plan", "out.summary").orElseThrow();
            assertThat(summary.writer()).isEqualTo("flow");
            // written with the completion itself: at the same instant, with no event (nor commit) of its own
            assertThat(summary.at()).isEqualTo(h.node(id, "plan").finishedAt());
            assertThat(h.eventKinds(id, "plan")).doesNotContain("kv_put");
            assertThat(h.engine.queries().kvList(id, "plan", "")).extracting(KvEntry::key)
                    .containsExactly("out.last_result_path", "out.last_stdout_path", "out.summary");
        }
    }

    @Test
    void aFailedAttemptLeavesItsErrorAndLogAndTheRetryItsOwn() {
        var g = GraphBuilder.workflow("w").sh("t", "if [ \"$FLOW_ATTEMPT\" = 1 ]; then echo broken >&2; exit 3; fi; echo fixed")
                .retry("t", 1, Duration.ofMillis(1)).chain("start", "t", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(value(h, id, "t", "err.summary")).contains("exited with code 3: broken");
            assertThat(value(h, id, "t", "out.summary")).contains("fixed");
            assertThat(h.engine.queries().kvHistory(id, "t", "out.last_stdout_path")).extracting(KvEntry::value)
                    .containsExactly(h.store.artifactsDir().resolve(id).resolve("t").resolve("1-2").resolve("stdout.log").toString(),
                            h.store.artifactsDir().resolve(id).resolve("t").resolve("1-1").resolve("stdout.log").toString());
        }
    }

    @Test
    void aFailureOutputIsAnErrorToo() {
        var g = GraphBuilder.workflow("w").sh("t", "echo tests are red; exit 1").outputs("t", "ok", "fail").checkpoint("recover")
                .edge("start", "t").edge("t", "end", any("ok")).edge("t", "recover", any("fail")).chain("recover", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(value(h, id, "t", "err.summary")).contains("produced \"fail\": tests are red");
            assertThat(value(h, id, "t", "out.summary")).contains("tests are red");
        }
    }

    @Test
    void controlNodesWriteNothing() {
        var g = GraphBuilder.workflow("w").checkpoint("c").chain("start", "c", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.engine.queries().kvList(id, "c", "")).isEmpty();
        }
    }

    @Test
    void eachLoopPassAddsToTheKeysHistoryWhichKeepsItsUsualLength() {
        var g = GraphBuilder.workflow("w").sh("t", "echo pass $FLOW_ITERATION").outputs("t", "done")
                .chain("start", "t").loop("t", "t", 8, GraphBuilder.lit(true)).onLimit("t", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(value(h, id, "t", "out.summary")).contains("pass 8");
            assertThat(h.engine.queries().kvHistory(id, "t", "out.summary")).extracting(KvEntry::value)
                    .containsExactly("pass 8", "pass 7", "pass 6", "pass 5", "pass 4", "pass 3");
        }
    }
}

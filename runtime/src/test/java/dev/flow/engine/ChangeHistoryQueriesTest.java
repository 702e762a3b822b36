package dev.flow.engine;

import static dev.flow.testing.GraphBuilder.bin;
import static dev.flow.testing.GraphBuilder.lit;
import static dev.flow.testing.GraphBuilder.ref;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.exec.ArtifactPaths;
import dev.flow.model.Expr.BinaryOp;
import dev.flow.model.Type;
import dev.flow.model.Value;
import dev.flow.store.KvEntry;
import dev.flow.store.StateTable.StateWrite;
import dev.flow.testing.GraphBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the studio reads of what each step changed, on both stores: the state's kept writes, every kept kv value, the feedback an attempt was given. */
@dev.flow.store.BothStores
class ChangeHistoryQueriesTest {
    @TempDir
    Path dir;

    @Test
    void theStatesWritesAreKeptInOrderWithTheEventNumberOfTheStepThatMadeThem() {
        var g = GraphBuilder.workflow("s")
                .state("count", Type.INT, Value.of(1L))
                .sh("a", "echo a").on("a", "done", "count", bin(BinaryOp.ADD, ref("count"), lit(1L)))
                .sh("b", "echo b").on("b", "done", "count", bin(BinaryOp.ADD, ref("count"), lit(10L)))
                .chain("start", "a", "b", "end")
                .graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            List<StateWrite> writes = h.engine.queries().stateHistory(id);
            assertThat(writes).extracting(StateWrite::valueJson).containsExactly("1", "2", "12");
            assertThat(writes.get(1).seq()).isLessThan(writes.get(2).seq());
            long bCompleted = h.events(id).stream().filter(e -> e.kind().equals("node_completed") && "b".equals(e.nodeId())).findFirst()
                    .orElseThrow().seq();
            assertThat(writes.get(2).seq()).isBetween(bCompleted - 1, bCompleted);
        }
    }

    @Test
    void everyKeptKvValueOfTheExecutionComesOldestFirst() {
        var g = GraphBuilder.workflow("k").sh("a", "true").chain("start", "a", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            var person = KvService.Caller.person();
            h.engine.kv().put(person, id, KvEntry.RUN_SCOPE, "x", "one");
            h.engine.kv().put(person, id, KvEntry.RUN_SCOPE, "y", "other");
            h.engine.kv().put(person, id, KvEntry.RUN_SCOPE, "x", "two");
            assertThat(h.engine.queries().kvWritten(id)).extracting(e -> e.key() + "=" + e.value()).containsExactly("x=one", "y=other", "x=two");
        }
    }

    @Test
    void anAgentsRetryKeepsTheFeedbackItWasGivenBesideItsPrompt() throws Exception {
        var g = GraphBuilder.workflow("f").agent(TestPaths.scriptedAgent("bot"))
                .agentTask("a", "bot", "Answer.\n@output nope")
                .chain("start", "a", "end")
                .graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            h.engine.run(id);
            Path runs = h.store.artifactsDir().resolve(id).resolve("a");
            assertThat(runs.resolve("1-1").resolve(ArtifactPaths.FEEDBACK_FILE)).doesNotExist();
            String feedback = Files.readString(runs.resolve("1-2").resolve(ArtifactPaths.FEEDBACK_FILE));
            assertThat(feedback).startsWith("Your previous answer (attempt 1) was not accepted");
            assertThat(Files.readString(runs.resolve("1-2").resolve("prompt.txt"))).contains(feedback);
        }
    }
}

package dev.flow.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.step.KvInputs;
import dev.flow.model.KvRef;
import dev.flow.model.NameRef;
import dev.flow.model.NodeSpec;
import dev.flow.store.KvEntry;
import dev.flow.testing.GraphBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A task's inputs from the key-value store, as its agent sees them in its prompt and its context file. */
@dev.flow.store.BothStores
class KvInputsTest {
    @TempDir
    Path dir;

    private static KvRef ref(String node, String key, String as) {
        return new KvRef(NameRef.of(node), key, as, null);
    }

    @Test
    void smallValuesAreInlinedLargeOnesPointedAtAndMissingOnesSaidSo() throws Exception {
        var work = NodeSpec.Task.builder().call(c -> c.agent(NameRef.of("bot")).prompt("Review the plan.")
                .inputs(List.of(ref("plan", "out.summary", "goal"), ref("run", "ctx.notes", null), ref("run", "ctx.big", "big"),
                        ref("plan", "ctx.never written", null)))).build();
        var g = GraphBuilder.workflow("w").agent(TestPaths.scriptedAgent("bot")).agentTask("plan", "bot", "@summary Ship the CSV export")
                .task("work", work).chain("start", "plan", "work", "end").graph();
        try (var h = new Harness(dir)) {
            String id = h.start(g);
            var person = KvService.Caller.person();
            h.engine.kv().put(person, id, KvEntry.RUN_SCOPE, "ctx.notes", "one\ntwo");
            h.engine.kv().put(person, id, KvEntry.RUN_SCOPE, "ctx.big", "x".repeat(KvInputs.INLINE_MAX + 1));
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            Path runDir = h.store.artifactsDir().resolve(id).resolve("work").resolve("1-1");
            assertThat(Files.readString(runDir.resolve("prompt.txt"))).startsWith("""
                    Review the plan.

                    Inputs from the key-value store ("$FLOW_BIN" kv get reads them again):
                    - goal, plan["out.summary"]: Ship the CSV export
                    - run["ctx.notes"]:
                      one
                      two
                    - big, run["ctx.big"]: 2.0 KB, not shown: "$FLOW_BIN" kv get --run ctx.big
                    - plan["ctx.never written"]: no value yet

                    ---
                    """);
            assertThat(Files.readString(runDir.resolve("context.json"))).contains("\"kv_inputs\":[{\"node\":\"plan\",\"key\":\"out.summary\","
                    + "\"as\":\"goal\",\"found\":true,\"bytes\":19,\"value\":\"Ship the CSV export\",\"command\":\"\\\"$FLOW_BIN\\\" kv get --node plan out.summary\"}")
                    .contains("\"command\":\"\\\"$FLOW_BIN\\\" kv get --node plan 'ctx.never written'\"");
        }
    }
}

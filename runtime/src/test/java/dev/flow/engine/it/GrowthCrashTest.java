package dev.flow.engine.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.Engine;
import dev.flow.model.AgentDef;
import dev.flow.model.Growth;
import dev.flow.model.NameRef;
import dev.flow.model.NodeSpec;
import dev.flow.store.ExecutionStatus;
import dev.flow.store.GraphVersionRow;
import dev.flow.store.NodeStatus;
import dev.flow.store.StoreKind;
import dev.flow.store.StoreOptions;
import dev.flow.store.open.Stores;
import dev.flow.testing.GraphBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A planner's growth and its crash: the process is killed (SIGKILL) just before the transaction
 * that applies a growth commits, or just after; after {@code resume} the execution's graph has
 * exactly the versions that committed, nothing added twice, and every added node ran once. Each
 * test starts two JVMs and a few agent processes, so it takes a few seconds.
 */
@dev.flow.store.BothStores
class GrowthCrashTest {
    @TempDir
    Path dir;

    private Path graph;
    private String db;

    private static final String PLAN = """
            {"output": "done",
             "next": {"addNodes": [
               {"id": "one", "command": ["sh", "-c", "echo \\"$FLOW_NODE_ID $FLOW_ITERATION\\" >> effects.log"]},
               {"id": "two", "dependsOn": ["one"], "command": ["sh", "-c", "echo \\"$FLOW_NODE_ID $FLOW_ITERATION\\" >> effects.log"]}]}}
            """;

    private void setUp() throws Exception {
        Files.writeString(dir.resolve("plan.json"), PLAN);
        Path agent = Path.of("").toAbsolutePath().getParent().resolve("examples/agents/scripted-agent");
        var plan = NodeSpec.Task.builder().call(c -> c.agent(NameRef.of("bot")).prompt("Plan.\n@json plan.json"))
                .steering(s -> s.planner(Growth.DEFAULTS)).build();
        graph = ProcessFlows.write(dir, GraphBuilder.workflow("grows").config(2, true)
                .agentDef("bot", List.of(agent.toString()), AgentDef.PromptVia.STDIN)
                .task("plan", plan).sh("after", ProcessFlows.EFFECT).chain("start", "plan", "after", "end").graph());
        db = StoreKind.current().newAddress(dir);
    }

    private String runUntil(String crashAt) throws Exception {
        return Child.runUntilCrash(dir, graph, db, crashAt);
    }

    private List<GraphVersionRow> versions(String id) {
        try (var store = Stores.open(db, StoreOptions.DEFAULT)) {
            return new Engine(store).queries().graphVersions(id);
        }
    }

    private void assertCompletedWithOneGrowth(String id) throws Exception {
        var counts = new HashMap<String, Integer>();
        for (String line : Files.readAllLines(dir.resolve("effects.log"))) {
            counts.merge(line, 1, Integer::sum);
        }
        assertThat(counts).containsExactlyInAnyOrderEntriesOf(Map.of("one 1", 1, "two 1", 1, "after 1", 1));
        List<GraphVersionRow> versions = versions(id);
        assertThat(versions).extracting(GraphVersionRow::version).containsExactly(0, 1);
        assertThat(versions.get(1).addedNodes()).containsExactly("one", "two", "plan-grown");
        try (var store = Stores.open(db, StoreOptions.DEFAULT)) {
            var engine = new Engine(store);
            assertThat(engine.queries().status(id).execution().status()).isEqualTo(ExecutionStatus.COMPLETED);
            assertThat(engine.queries().execution(id).graphHash()).isEqualTo(versions.get(1).graphHash());
            assertThat(engine.queries().events(id, 0, 10_000).stream().filter(e -> e.kind().equals("graph_grown")).count()).isEqualTo(1);
        }
    }

    @Test
    void killedJustBeforeTheGrowthCommitsNothingOfItIsKeptAndTheResumedRunGrowsOnce() throws Exception {
        setUp();
        String id = runUntil("before-commit:1:grown");
        assertThat(versions(id)).as("no version committed").isEmpty();
        try (var store = Stores.open(db, StoreOptions.DEFAULT)) {
            var view = new Engine(store).queries().status(id);
            assertThat(view.nodes()).extracting(n -> n.nodeId()).doesNotContain("one", "two");
            assertThat(view.nodes().stream().filter(n -> n.nodeId().equals("plan")).findFirst().orElseThrow().status())
                    .isNotEqualTo(NodeStatus.COMPLETED);
        }
        Child.resumeToTheEnd(dir, id, db);
        assertCompletedWithOneGrowth(id);
    }

    @Test
    void killedJustAfterTheGrowthCommitsTheResumedRunKeepsExactlyThatVersion() throws Exception {
        setUp();
        String id = runUntil("after-commit:1:grown");
        assertThat(versions(id)).extracting(GraphVersionRow::version).containsExactly(0, 1);
        Child.resumeToTheEnd(dir, id, db);
        assertCompletedWithOneGrowth(id);
    }
}

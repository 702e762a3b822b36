package dev.flow.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.step.Json;
import dev.flow.model.MergeStrategy;
import dev.flow.model.WaitMode;
import dev.flow.testing.GraphBuilder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Merge strategies on nested result data: three scripted agents run side by side and answer with
 * nested {@code data}; the merge after them combines their results by its strategy. The order they
 * finish in is up to the machine, so expectations that depend on it are read from the merge's
 * {@code joined} list (the branches in the order they finished).
 */
@dev.flow.store.BothStores
class MergeStrategyTest {
    @TempDir
    Path dir;

    private static final String A = "{\"output\": \"done\", \"summary\": \"a\", \"data\": {\"files\": [\"a.java\", \"common.java\"],"
            + " \"review\": {\"approved\": true, \"score\": 7, \"notes\": {\"style\": \"ok\", \"tests\": \"fine\"}}, \"only_a\": 1}}";
    private static final String B = "{\"output\": \"done\", \"summary\": \"b\", \"data\": {\"files\": [\"b.java\", \"common.java\"],"
            + " \"review\": {\"approved\": true, \"score\": 9, \"notes\": {\"tests\": \"fine\"}}}}";
    private static final String C = "{\"output\": \"done\", \"summary\": \"c\", \"data\": {\"files\": [\"common.java\", \"c.java\"],"
            + " \"review\": {\"approved\": true, \"score\": 9.0, \"notes\": {\"tests\": \"fine\", \"docs\": \"missing\"}}}}";
    private static final Map<String, String> ANSWERS = Map.of("a", A, "b", B, "c", C);

    private Map<String, Object> merged(MergeStrategy strategy) {
        var g = GraphBuilder.workflow("m").agent(TestPaths.scriptedAgent("bot")).parallel("fan")
                .agentTask("a", "bot", "@raw " + A).agentTask("b", "bot", "@raw " + B).agentTask("c", "bot", "@raw " + C)
                .merge("join", WaitMode.ALL, strategy)
                .edge("start", "fan").edge("fan", "a").edge("fan", "b").edge("fan", "c")
                .chain("a", "join").chain("b", "join").chain("c", "join").chain("join", "end")
                .graph();
        try (var h = new Harness(dir.resolve(strategy.keyword()))) {
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.COMPLETED);
            return h.engine.core().results().decode(h.engine.store().read(tx -> tx.nodes().get(id, "join")).orElseThrow().resultJson());
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> data(String answer) {
        return (Map<String, Object>) Json.readMap(answer).get("data");
    }

    @Test
    void unionMergesNestedObjectsKeyByKeyAppendsListsAndLetsTheLaterBranchWinAScalar() {
        Map<String, Object> merged = merged(MergeStrategy.UNION);
        @SuppressWarnings("unchecked")
        List<String> joined = (List<String>) merged.get("joined");
        assertThat(joined).containsExactlyInAnyOrder("a", "b", "c");
        var expectedFiles = new ArrayList<String>();
        for (String node : joined) {
            @SuppressWarnings("unchecked")
            List<String> files = (List<String>) data(ANSWERS.get(node)).get("files");
            files.stream().filter(f -> !expectedFiles.contains(f)).forEach(expectedFiles::add);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> review = (Map<String, Object>) ((Map<String, Object>) merged.get("data")).get("review");
        @SuppressWarnings("unchecked")
        Map<String, Object> lastReview = (Map<String, Object>) data(ANSWERS.get(joined.get(2))).get("review");
        assertThat(((Map<?, ?>) merged.get("data")).get("files")).isEqualTo(expectedFiles);
        assertThat(review).containsEntry("approved", true).containsEntry("score", lastReview.get("score"))
                .containsEntry("notes", Map.of("style", "ok", "tests", "fine", "docs", "missing"));
        assertThat((Map<String, Object>) merged.get("data")).containsEntry("only_a", 1L);
        assertThat(merged).containsEntry("summary", "merged 3 branches (union)");
    }

    @Test
    void intersectionKeepsWhatEveryBranchAgreesOnAtEveryDepth() {
        Map<String, Object> merged = merged(MergeStrategy.INTERSECTION);
        assertThat(merged.get("data")).isEqualTo(Map.of("files", List.of("common.java"),
                "review", Map.of("approved", true, "notes", Map.of("tests", "fine"))));
        assertThat(merged).as("the branches' summaries differ").containsEntry("summary", "merged 3 branches (intersection)")
                .containsEntry("exit_code", 0L);
    }

    @Test
    void firstKeepsTheResultOfTheBranchThatFinishedFirst() {
        Map<String, Object> merged = merged(MergeStrategy.FIRST);
        @SuppressWarnings("unchecked")
        String first = ((List<String>) merged.get("joined")).get(0);
        assertThat(merged.get("data")).isEqualTo(data(ANSWERS.get(first)));
    }
}

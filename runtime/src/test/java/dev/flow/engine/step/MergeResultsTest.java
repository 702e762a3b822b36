package dev.flow.engine.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.model.MergeStrategy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The strategies as functions of the results, in the order their branches finished, on the cases the docs name. */
class MergeResultsTest {
    private static Map<String, Object> json(String text) {
        return Json.readMap(text);
    }

    private static Map<String, Object> combine(MergeStrategy s, String... results) {
        return MergeResults.combine(s, Arrays.stream(results).map(MergeResultsTest::json).toList());
    }

    @Test
    void unionLetsTheLaterWinWhenKindsDifferAndKeepsNulls() {
        assertThat(combine(MergeStrategy.UNION, "{\"x\": {\"a\": 1}, \"y\": [1], \"z\": null}", "{\"x\": 5, \"y\": {\"k\": 1}, \"n\": null}"))
                .isEqualTo(json("{\"x\": 5, \"y\": {\"k\": 1}, \"z\": null, \"n\": null}"));
    }

    @Test
    void unionAppendsOnlyListElementsNotAlreadyThereComparingNumbersByValue() {
        assertThat(combine(MergeStrategy.UNION, "{\"l\": [1, 2, {\"a\": [1]}]}", "{\"l\": [2.0, 3, {\"a\": [1.0]}]}"))
                .isEqualTo(json("{\"l\": [1, 2, {\"a\": [1]}, 3]}"));
    }

    @Test
    void intersectionDropsKeysWithDifferentValuesAndKeepsAgreedNulls() {
        var expected = new HashMap<String, Object>();
        expected.put("same", null);
        expected.put("n", 1L);
        expected.put("obj", Map.of());
        assertThat(combine(MergeStrategy.INTERSECTION, "{\"same\": null, \"n\": 1, \"d\": \"x\", \"obj\": {\"a\": 1}, \"kind\": [1]}",
                "{\"same\": null, \"n\": 1.0, \"d\": \"y\", \"obj\": {\"b\": 1}, \"kind\": {\"0\": 1}}")).isEqualTo(expected);
    }

    /** The table of strategies in docs/runtime.md: each row's inputs, merged, give its merged result. */
    @Test
    void theExamplesOfTheRuntimeGuideHold() throws IOException {
        var rows = Files.readAllLines(Path.of("../docs/runtime.md")).stream()
                .filter(l -> l.matches("\\| `(union|intersection|first)`.*")).toList();
        assertThat(rows).hasSize(3);
        String[] inputs = null;
        for (String row : rows) {
            String[] cells = row.split(" \\| ");
            String strategy = cells[0].replaceAll("[|` ]|\\(default\\)", "");
            if (!cells[2].equals("the same two")) {
                inputs = cells[2].replace("`", "").split(", then ");
            }
            assertThat(combine(MergeStrategy.valueOf(strategy.toUpperCase(Locale.ROOT)), inputs)).as(strategy)
                    .isEqualTo(json(cells[3].replaceAll("[`|]", "").strip()));
        }
    }

    @Test
    void oneResultIsKeptAsItIsByEveryStrategy() {
        String one = "{\"l\": [1, 1], \"o\": {\"a\": null}}";
        for (MergeStrategy s : MergeStrategy.values()) {
            assertThat(combine(s, one)).as(s.keyword()).isEqualTo(json(one));
        }
        assertThat(MergeResults.combine(MergeStrategy.UNION, List.of())).isEmpty();
    }
}

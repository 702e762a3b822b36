package dev.flow.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The user's prices of tokens, for the CLIs that report only tokens. */
class PriceTableTest {

    private static String sample(String name) {
        return CliSamples.read(name);
    }

    @Test
    void geminiIsPricedByEachModelItNamedAndTheRestByTheAgentsPrice() throws Exception {
        // the real gemini's stats: its router (gemini-3.5-flash-lite) 100 in / 20 out, the turn (gemini-3.8-flash) 200 in / 40 out
        CliReport r = CliReport.read(sample("gemini-json-edit-auto-edit.json"), "", null);
        assertThat(r.models()).extracting(PriceTable.ModelTokens::model).containsExactly("gemini-3.5-flash-lite", "gemini-3.8-flash");
        PriceTable table = PriceTable.parse("{\"gemini-3.8-flash\": {\"input\": 1, \"output\": 10}, \"gemini\": {\"input\": 0.5, \"output\": 5}}");
        double expected = (200 * 1 + 40 * 10) / 1e6 + (100 * 0.5 + 20 * 5) / 1e6;
        assertThat(table.cost("gemini", r.models(), r.inputTokens(), r.outputTokens())).isCloseTo(expected, within(1e-12));
    }

    @Test
    void codexIsPricedByTheAgentsNameAndNothingIsPricedWithoutATable() throws Exception {
        PriceTable table = PriceTable.parse("{\"codex\": {\"input\": 1.25, \"output\": 10}}");
        assertThat(table.cost("codex", List.of(), 1_000_000, 100_000)).isCloseTo(2.25, within(1e-12));
        assertThat(table.cost("gemini", List.of(), 1_000_000, 100_000)).isZero();
        assertThat(PriceTable.fromEnvironment(Map.of()).isEmpty()).isTrue();
    }

    @Test
    void theTableMayBeAFile(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("prices.json"), "{\"codex\": {\"input\": 2, \"output\": 8}}");
        PriceTable table = PriceTable.fromEnvironment(Map.of(PriceTable.VARIABLE, file.toString()));
        assertThat(table.cost("codex", List.of(), 500_000, 0)).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void aBadTableSaysWhatIsWrong(@TempDir Path dir) {
        assertThatThrownBy(() -> PriceTable.parse("{\"codex\": {\"input\": 1}}")).isInstanceOf(PriceTable.Invalid.class)
                .hasMessageContaining("the price of \"codex\" needs \"input\" and \"output\"");
        assertThatThrownBy(() -> PriceTable.parse("[1]")).hasMessageContaining("must be a JSON object");
        assertThatThrownBy(() -> PriceTable.parse("{oops")).hasMessageStartingWith("FLOW_PRICES is not JSON");
        assertThatThrownBy(() -> PriceTable.fromEnvironment(Map.of(PriceTable.VARIABLE, dir.resolve("none.json").toString())))
                .hasMessageContaining("cannot be read");
    }
}

package dev.flow.engine.step;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The hints a claim tries before its query: bounded, oldest first, and never every claim. */
class ReadyHintsTest {

    private static List<ReadyHints.Hint> hints(int n) {
        return IntStream.range(0, n).mapToObj(i -> new ReadyHints.Hint("run", "b" + i)).toList();
    }

    @Test
    void aClaimLooksAtTheOldestHintsFirstAndAFewAtMost() {
        var hints = new ReadyHints();
        hints.add(hints(20));
        assertThat(hints.look()).extracting(ReadyHints.Hint::nodeId).containsExactly("b0", "b1", "b2", "b3", "b4", "b5", "b6", "b7");
        hints.spent(new ReadyHints.Hint("run", "b0"));
        assertThat(hints.look()).first().extracting(ReadyHints.Hint::nodeId).isEqualTo("b1");
        assertThat(hints.size()).isEqualTo(19);
    }

    @Test
    void everyEighthClaimAsksTheDatabaseWhateverTheHints() {
        var hints = new ReadyHints();
        hints.add(hints(100));
        var empty = new ArrayList<Integer>();
        for (int claim = 1; claim <= 3 * ReadyHints.FAIR_EVERY; claim++) {
            if (hints.look().isEmpty()) {
                empty.add(claim);
            }
        }
        assertThat(empty).containsExactly(ReadyHints.FAIR_EVERY, 2 * ReadyHints.FAIR_EVERY, 3 * ReadyHints.FAIR_EVERY);
    }

    @Test
    void hintsPastTheBoundAreLeftToTheQuery() {
        var hints = new ReadyHints();
        hints.add(hints(ReadyHints.KEPT + 10));
        assertThat(hints.size()).isEqualTo(ReadyHints.KEPT);
        hints.spent(new ReadyHints.Hint("run", "b" + (ReadyHints.KEPT + 5))); // never kept: nothing to forget
        assertThat(hints.size()).isEqualTo(ReadyHints.KEPT);
    }

    @Test
    void noHintsNoLook() {
        assertThat(new ReadyHints().look()).isEmpty();
    }
}

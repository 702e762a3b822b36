package dev.flow.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class NameSuggesterTest {

    @Test
    void suggestsNamesATypoAway() {
        assertThat(NameSuggester.suggest("anlyze", List.of("analyze", "fix", "test"))).containsExactly("analyze");
        assertThat(NameSuggester.suggest("tset", List.of("analyze", "fix", "test"))).containsExactly("test");
        assertThat(NameSuggester.suggest("fixx", List.of("analyze", "fix", "test"))).containsExactly("fix");
    }

    @Test
    void suggestsNamesThatDifferOnlyInCaseFirst() {
        assertThat(NameSuggester.suggest("Test", List.of("tests", "test"))).containsExactly("test", "tests");
    }

    @Test
    void suggestsNamesThatArePrefixesOrSuffixesAfterCloserOnes() {
        assertThat(NameSuggester.suggest("test_gate", List.of("test", "lint"))).containsExactly("test");
        assertThat(NameSuggester.suggest("unit_tests", List.of("tests", "lint"))).containsExactly("tests");
        assertThat(NameSuggester.suggest("ab", List.of("abc", "abcdef"))).containsExactly("abc");
    }

    @Test
    void suggestsNothingFarOrForNamesThatShareNothing() {
        assertThat(NameSuggester.suggest("deploy", List.of("analyze", "fix", "test"))).isEmpty();
        assertThat(NameSuggester.suggest("c", List.of("a", "b"))).isEmpty();
        assertThat(NameSuggester.suggest("x", List.of())).isEmpty();
    }

    @Test
    void ordersByDistanceThenLengthThenNameAndKeepsThree() {
        var found = NameSuggester.suggest("task", List.of("tasks", "tusk", "mask", "tas", "bask", "ask"));
        assertThat(found).hasSize(NameSuggester.MAX_SUGGESTIONS).containsExactly("bask", "mask", "tusk");
    }

    @Test
    void allowsAboutAThirdOfTheNameInEdits() {
        assertThat(NameSuggester.maxEdits("ab")).isEqualTo(1);
        assertThat(NameSuggester.maxEdits("review")).isEqualTo(2);
        assertThat(NameSuggester.maxEdits("integration")).isEqualTo(4);
        assertThat(NameSuggester.suggest("reveiw", List.of("review"))).containsExactly("review");
        assertThat(NameSuggester.suggest("rvw", List.of("review"))).isEmpty();
    }

    @Test
    void countsASwapOfNeighboursAsOneEdit() {
        assertThat(NameSuggester.distance("abcd", "abdc", 10)).isEqualTo(1);
        assertThat(NameSuggester.distance("kitten", "sitting", 10)).isEqualTo(3);
        assertThat(NameSuggester.distance("kitten", "sitting", 1)).isEqualTo(2);
    }

    @Test
    void saysDidYouMeanForTheBestSuggestion() {
        assertThat(NameSuggester.didYouMean(List.of("test", "tests"))).isEqualTo("did you mean \"test\"?");
        assertThat(NameSuggester.didYouMean(List.of())).isEmpty();
        assertThat(NameSuggester.best("tset", List.of("test"))).contains("test");
    }
}

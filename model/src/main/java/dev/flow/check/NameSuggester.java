package dev.flow.check;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Finds the names an author probably meant when they wrote one that does not exist: the "did you
 * mean" of every unknown-name diagnostic, and of the YAML bridge's unknown keys.
 *
 * <p>A candidate matches when it differs only in case, when it is within about a third of the
 * name's length in edits (optimal string alignment distance: insertions, deletions, substitutions
 * and swaps of two neighbours, compared without regard to case; at least one edit is always
 * allowed), or when one of the two starts or ends with the other (at least three characters, so
 * that {@code test_gate} finds {@code test}). Matches are ordered by distance, then by how close
 * their length is, then alphabetically, so the result is the same on every run.
 *
 * <p>Each candidate costs O(|name| x |candidate|) at most, and candidates whose length alone rules
 * them out cost O(1). A candidate that would replace every character is never suggested, so
 * {@code c} does not suggest {@code a}.
 */
public final class NameSuggester {

    /** How many suggestions {@link #suggest} returns at most. */
    public static final int MAX_SUGGESTIONS = 3;

    /** Affix matches shorter than this would match too much ({@code a} is a prefix of everything). */
    private static final int MIN_AFFIX = 3;

    private NameSuggester() {}

    /** The candidates {@code name} most likely meant, nearest first; empty when none is near. */
    public static List<String> suggest(String name, Collection<String> candidates) {
        String lower = name.toLowerCase(Locale.ROOT);
        int limit = maxEdits(name);
        var matches = new ArrayList<Match>();
        for (String candidate : new LinkedHashSet<>(candidates)) {
            if (candidate.equals(name)) {
                continue;
            }
            String other = candidate.toLowerCase(Locale.ROOT);
            boolean affix = isAffix(lower, other);
            if (!affix && Math.abs(other.length() - lower.length()) > limit) {
                continue;
            }
            int distance = distance(lower, other, affix ? Integer.MAX_VALUE : limit);
            // A candidate that shares nothing with the name ("c" for "a") is no suggestion, however short.
            if (distance <= limit && distance < Math.max(lower.length(), other.length())) {
                matches.add(new Match(candidate, distance, Math.abs(candidate.length() - name.length())));
            } else if (affix) {
                // Affix matches rank after every edit match, nearest length first.
                matches.add(new Match(candidate, limit + 1, Math.abs(candidate.length() - name.length())));
            }
        }
        return matches.stream()
                .sorted(Comparator.comparingInt(Match::distance)
                        .thenComparingInt(Match::lengthDifference)
                        .thenComparing(Match::name))
                .limit(MAX_SUGGESTIONS)
                .map(Match::name)
                .toList();
    }

    /** The nearest candidate, if any is near. */
    public static Optional<String> best(String name, Collection<String> candidates) {
        return suggest(name, candidates).stream().findFirst();
    }

    /** {@code did you mean "x"?} for the first suggestion, or the empty string when there is none. */
    public static String didYouMean(List<String> suggestions) {
        return suggestions.isEmpty() ? "" : "did you mean " + Messages.q(suggestions.get(0)) + "?";
    }

    /** The edits a name of this length may be away from a candidate: about a third, at least one. */
    static int maxEdits(String name) {
        return Math.max(1, (name.length() + 2) / 3);
    }

    private static boolean isAffix(String a, String b) {
        String shorter = a.length() <= b.length() ? a : b;
        String longer = shorter == a ? b : a;
        return shorter.length() >= MIN_AFFIX && (longer.startsWith(shorter) || longer.endsWith(shorter));
    }

    /**
     * The optimal string alignment distance between {@code a} and {@code b}, or {@code limit + 1}
     * as soon as it is known to exceed {@code limit}.
     */
    static int distance(String a, String b, int limit) {
        int n = a.length();
        int m = b.length();
        int[] before = new int[m + 1];
        int[] previous = new int[m + 1];
        int[] current = new int[m + 1];
        for (int j = 0; j <= m; j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= n; i++) {
            current[0] = i;
            int rowMin = current[0];
            for (int j = 1; j <= m; j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int d = Math.min(Math.min(previous[j] + 1, current[j - 1] + 1), previous[j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d = Math.min(d, before[j - 2] + 1);
                }
                current[j] = d;
                rowMin = Math.min(rowMin, d);
            }
            if (rowMin > limit) {
                return limit + 1;
            }
            int[] spare = before;
            before = previous;
            previous = current;
            current = spare;
        }
        return previous[m];
    }

    private record Match(String name, int distance, int lengthDifference) {}
}

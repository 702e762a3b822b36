package dev.flow.dsl.compiler;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** The known names closest to a misspelled one (Levenshtein distance), for suggestions. */
public final class NearestNames {
    private NearestNames() {}

    /** Up to three names within a distance of a third of the name's length (at least 2), nearest first. */
    public static List<String> of(String written, Collection<String> known) {
        int limit = Math.max(2, written.length() / 3);
        String lower = written.toLowerCase(Locale.ROOT);
        return known.stream()
                .distinct()
                .filter(k -> !k.equals(written))
                .map(k -> new Candidate(k, distance(lower, k.toLowerCase(Locale.ROOT))))
                .filter(c -> c.distance() <= limit)
                .sorted(Comparator.comparingInt(Candidate::distance).thenComparing(Candidate::name))
                .limit(3)
                .map(Candidate::name)
                .toList();
    }

    private record Candidate(String name, int distance) {}

    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}

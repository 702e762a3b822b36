package dev.flow.yaml.read;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The known name an author probably meant: the nearest by edit distance (adjacent swaps count as
 * one edit) within a third of the name's length, else a name made of some of the parts of the
 * written one ({@code lint_gate} -> {@code lint}) or having it as some of its parts
 * ({@code max_parallel} -> {@code max_parallel_nodes}). Ties go to the name listed first.
 *
 * <p>The YAML bridge's own helper until it is unified with the checker's name matching.
 */
public final class NearestName {
    /** Longer names are no one's typo: nothing is suggested for them. */
    private static final int MAX_LENGTH = 100;

    private NearestName() {}

    public static Optional<String> of(String written, Collection<String> known) {
        if (written.length() > MAX_LENGTH) {
            return Optional.empty();
        }
        String best = null;
        int bestScore = Integer.MAX_VALUE;
        String lower = written.toLowerCase(Locale.ROOT);
        int threshold = Math.max(1, (written.length() + 2) / 3);
        for (String candidate : known) {
            if (candidate.equals(written)) {
                continue;
            }
            String other = candidate.toLowerCase(Locale.ROOT);
            int d = Math.abs(lower.length() - other.length()) > threshold ? Integer.MAX_VALUE : distance(lower, other);
            int score = d <= threshold ? d : isPart(lower, other) || isPart(other, lower) ? threshold + 1 : Integer.MAX_VALUE;
            if (score < bestScore) {
                bestScore = score;
                best = candidate;
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * Whether {@code part} is a run of whole {@code _}, {@code -} or {@code .} separated parts of
     * {@code whole}: {@code lint} of {@code lint_gate}, {@code is_loop} of {@code is_loop_edge}.
     */
    private static boolean isPart(String whole, String part) {
        if (part.length() < 2 || whole.length() <= part.length()) {
            return false;
        }
        for (int at = whole.indexOf(part); at >= 0; at = whole.indexOf(part, at + 1)) {
            int end = at + part.length();
            boolean startsAtBoundary = at == 0 || isSeparator(whole.charAt(at - 1));
            boolean endsAtBoundary = end == whole.length() || isSeparator(whole.charAt(end));
            if (startsAtBoundary && endsAtBoundary) {
                return true;
            }
        }
        return false;
    }

    private static boolean isSeparator(char c) {
        return c == '_' || c == '-' || c == '.';
    }

    /** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}

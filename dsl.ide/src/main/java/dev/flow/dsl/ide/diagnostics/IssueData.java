package dev.flow.dsl.ide.diagnostics;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads what the validator attaches to an issue of the shared checker (Xtext carries only strings):
 * the names the author probably meant, nearest first, as plain entries, and the related locations
 * as entries of the form {@code @related<TAB>file<TAB>offset<TAB>length<TAB>line<TAB>column<TAB>message}
 * (line and column 1-based, file a URI or a path relative to the issue's file).
 */
public final class IssueData {
    /** The prefix of an entry that holds a related location. */
    public static final String RELATED = "@related";

    private IssueData() {}

    /** The suggested names, nearest first. */
    public static List<String> suggestions(String[] data) {
        var names = new ArrayList<String>();
        if (data != null) {
            for (String entry : data) {
                if (entry != null && !entry.startsWith("@") && !entry.isBlank()) {
                    names.add(entry);
                }
            }
        }
        return names;
    }

    /** The nearest suggested name, if any. */
    public static Optional<String> firstSuggestion(String[] data) {
        return suggestions(data).stream().findFirst();
    }

    /** The related locations; entries that do not parse are left out. */
    public static List<Related> related(String[] data) {
        var all = new ArrayList<Related>();
        if (data != null) {
            for (String entry : data) {
                if (entry != null && entry.startsWith(RELATED + "\t")) {
                    parse(entry).ifPresent(all::add);
                }
            }
        }
        return all;
    }

    /** The entry that {@link #related(String[])} reads back: for validators and tests. */
    public static String encode(Related related) {
        return String.join("\t", RELATED, related.file(), Integer.toString(related.offset()), Integer.toString(related.length()),
                Integer.toString(related.line()), Integer.toString(related.column()), related.message());
    }

    private static Optional<Related> parse(String entry) {
        String[] f = entry.split("\t", 7);
        if (f.length < 7) {
            return Optional.empty();
        }
        try {
            return Optional.of(new Related(f[1], Integer.parseInt(f[2]), Integer.parseInt(f[3]), Integer.parseInt(f[4]),
                    Integer.parseInt(f[5]), f[6]));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Another place that explains a diagnostic (1-based line and column). */
    public record Related(String file, int offset, int length, int line, int column, String message) {}
}

package dev.flow.dsl.validation;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.SourceRef;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What an Xtext issue carries of a checker {@link Diagnostic} beyond its code and message. Xtext
 * issues hold only an array of strings, so the array is, in this order:
 * <ul>
 *   <li>the suggested names, nearest first, as plain entries (quick fixes offer them);
 *   <li>each related location as {@code @related<TAB>file<TAB>offset<TAB>length<TAB>line<TAB>column<TAB>endLine<TAB>endColumn<TAB>message}
 *       (lines and columns 1-based; the file a URI, or a path relative to the issue's file);
 *   <li>each tag as {@code @tag<TAB>name} ({@code unnecessary}).
 * </ul>
 * The validator writes it ({@link #encode}); the language server reads it back ({@link #suggestions},
 * {@link #related}, {@link #tags}).
 */
public final class IssueData {
    /** The prefix of an entry that holds a related location. */
    public static final String RELATED = "@related";
    /** The prefix of an entry that holds a tag. */
    public static final String TAG = "@tag";

    private IssueData() {}

    /** The issue data of a diagnostic: suggestions, then related locations, then tags. */
    public static String[] encode(Diagnostic d) {
        var data = new ArrayList<String>(d.suggestions());
        for (Diagnostic.Related r : d.related()) {
            if (!r.source().isUnknown()) {
                data.add(encode(new Related(uri(r.source().file()), r.source(), r.message())));
            }
        }
        for (Diagnostic.Tag tag : d.tags()) {
            data.add(TAG + "\t" + tag.name().toLowerCase(Locale.ROOT));
        }
        return data.toArray(String[]::new);
    }

    /** The entry that {@link #related(String[])} reads back. */
    public static String encode(Related related) {
        SourceRef at = related.at();
        return String.join("\t", RELATED, related.file(), Integer.toString(at.offset()), Integer.toString(at.length()),
                Integer.toString(at.line()), Integer.toString(at.column()), Integer.toString(at.endLine()),
                Integer.toString(at.endColumn()), related.message());
    }

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

    /** The tags. */
    public static Set<Diagnostic.Tag> tags(String[] data) {
        var tags = EnumSet.noneOf(Diagnostic.Tag.class);
        if (data != null) {
            for (String entry : data) {
                if (entry != null && entry.startsWith(TAG + "\t")) {
                    for (Diagnostic.Tag tag : Diagnostic.Tag.values()) {
                        if (tag.name().equalsIgnoreCase(entry.substring(TAG.length() + 1))) {
                            tags.add(tag);
                        }
                    }
                }
            }
        }
        return tags;
    }

    private static Optional<Related> parse(String entry) {
        String[] f = entry.split("\t", 9);
        if (f.length < 9) {
            return Optional.empty();
        }
        try {
            var at = new SourceRef(f[1], Integer.parseInt(f[2]), Integer.parseInt(f[3]), Integer.parseInt(f[4]),
                    Integer.parseInt(f[5]), Integer.parseInt(f[6]), Integer.parseInt(f[7]));
            return Optional.of(new Related(f[1], at, f[8]));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The editor names files by URI; the checker by the path the compiler was given. */
    private static String uri(String file) {
        if (file.contains(":/")) {
            return file;
        }
        try {
            Path path = Path.of(file);
            return path.isAbsolute() ? path.toUri().toString() : file;
        } catch (InvalidPathException e) {
            return file;
        }
    }

    /**
     * Another place that explains a diagnostic.
     *
     * @param file a URI, or a path relative to the issue's file
     * @param at its range (1-based lines and columns)
     */
    public record Related(String file, SourceRef at, String message) {}
}

package dev.flow.check;

import dev.flow.model.Literals;
import dev.flow.model.Type;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/** How diagnostics quote names, list them and describe types: one place, so every message reads alike. */
final class Messages {
    private Messages() {}

    /** A name in double quotes, escaped as the language writes strings. */
    static String q(String name) {
        return Literals.quote(name);
    }

    /** {@code "a", "b", "c"}. */
    static String list(Collection<String> names) {
        return names.stream().map(Messages::q).collect(Collectors.joining(", "));
    }

    /** Paths longer than this are shown by their first and last names only. */
    static final int MAX_PATH = 12;

    /**
     * {@code "a" -> "b" -> "c"}; a long path keeps its first and last names around
     * {@code ... (N more) ...}, so that a message stays one readable line.
     */
    static String path(List<String> names) {
        if (names.size() <= MAX_PATH) {
            return names.stream().map(Messages::q).collect(Collectors.joining(" -> "));
        }
        int head = MAX_PATH - 3;
        return path(names.subList(0, head)) + " -> ... (" + (names.size() - head - 3) + " more) -> " + path(names.subList(names.size() - 3, names.size()));
    }

    /** The type with its article, as in {@code an int} or {@code a list<string>}. */
    static String a(Type type) {
        String name = type.name();
        return ("aeiou".indexOf(name.charAt(0)) >= 0 ? "an " : "a ") + name;
    }

    /** {@code "; did you mean "x"?"} or nothing, to append to a sentence. */
    static String hint(List<String> suggestions) {
        String dym = NameSuggester.didYouMean(suggestions);
        return dym.isEmpty() ? "" : "; " + dym;
    }
}

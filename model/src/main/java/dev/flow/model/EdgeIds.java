package dev.flow.model;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Derives ids for edges their author did not name: {@code from->to}, then {@code from->to#2},
 * {@code from->to#3} for further edges between the same nodes, in declaration order. Every front
 * end uses this, so the same graph gets the same ids whether it was written in the language or in
 * YAML.
 */
public final class EdgeIds {
    private final Map<String, Integer> seen = new HashMap<>();

    /** The next id for an unnamed edge from {@code from} to {@code to}. */
    public String next(String from, String to) {
        String base = from + "->" + to;
        int n = seen.merge(base, 1, Integer::sum);
        return n == 1 ? base : base + "#" + n;
    }

    /** Records an explicit id so that derived ids never collide with it. */
    public void reserve(String id) {
        seen.merge(id, 1, Integer::sum);
    }

    /** Whether {@code id} is what {@link #next} would derive for an edge between these nodes. */
    public static boolean isDerived(String id, String from, String to) {
        String base = from + "->" + to;
        return id.equals(base) || id.matches(Pattern.quote(base) + "#[0-9]+");
    }
}

package dev.flow.yaml;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The two YAML formats Flow reads. */
public enum Dialect {
    /** Dialect 1, the "supervisor" format (seed 000): {@code id}, {@code entry_point}, a {@code nodes:} list with {@code *_config}. */
    SUPERVISOR("1", "supervisor"),
    /** Dialect 2, the "graph-loop" format (seed 001): {@code workflow}, a {@code nodes:} map, string conditions. */
    GRAPH_LOOP("2", "graph-loop");

    private final String number;
    private final String label;

    Dialect(String number, String label) {
        this.number = number;
        this.label = label;
    }

    /** {@code 1} or {@code 2}, as {@code --dialect} takes it. */
    public String number() {
        return number;
    }

    /** {@code supervisor} or {@code graph-loop}. */
    public String label() {
        return label;
    }

    /** "dialect 1 (supervisor)". */
    public String title() {
        return "dialect " + number + " (" + label + ")";
    }

    /** The dialect {@code --dialect} names: {@code 1}, {@code 2}, {@code supervisor} or {@code graph-loop}. */
    public static Optional<Dialect> parse(String written) {
        String w = written.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(d -> d.number.equals(w) || d.label.equals(w)).findFirst();
    }

    /** The spellings {@link #parse} accepts. */
    public static List<String> spellings() {
        return List.of("1", "2", "supervisor", "graph-loop");
    }
}

package dev.flow.dsl.print;

import dev.flow.model.Workflow;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Comments to print with a graph, for example the YAML comments that {@code flow import} carries
 * over. Most are printed before a model element: a {@link dev.flow.model.FlowGraph} for the file
 * header, a {@link dev.flow.model.Workflow}, {@link dev.flow.model.Input},
 * {@link dev.flow.model.StateVariable}, {@link dev.flow.model.GateDef}, {@link dev.flow.model.AgentDef},
 * {@link dev.flow.model.Node}, {@link dev.flow.model.Edge} or {@link dev.flow.model.Interrupt},
 * compared by equality; or before a {@link Section} of a workflow that is no element of its own
 * (its settings, its state block, its completion line). The {@link #footer()} ends the file. Each
 * line is printed as a {@code //} comment on its own line.
 */
public final class PrintComments {

    /** No comments. */
    public static final PrintComments NONE = new PrintComments(Map.of(), List.of());

    /** The parts of a workflow that comments can go before besides its elements. */
    public enum Place {
        /** The run-wide settings and limits ({@code max parallel}, {@code max executions}, ...). */
        SETTINGS,
        /** The {@code state { ... }} block. */
        STATE,
        /** The {@code complete when ...} line. */
        COMPLETION
    }

    /** A place in one workflow, as a key for {@link Builder#before(Object, List)}. */
    public record Section(Workflow workflow, Place place) {}

    private final Map<Object, List<String>> before;
    private final List<String> footer;

    private PrintComments(Map<Object, List<String>> before, List<String> footer) {
        this.before = Map.copyOf(before);
        this.footer = List.copyOf(footer);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The comment lines to print before {@code element}; empty when none. */
    public List<String> before(Object element) {
        return before.getOrDefault(element, List.of());
    }

    /** The comment lines that end the file, after the last workflow. */
    public List<String> footer() {
        return footer;
    }

    /** Collects comments element by element. */
    public static final class Builder {
        private final Map<Object, List<String>> before = new HashMap<>();
        private final List<String> footer = new ArrayList<>();

        /** Adds lines (without the leading {@code //}) before {@code element}; lines may hold line breaks. */
        public Builder before(Object element, List<String> lines) {
            if (!lines.isEmpty()) {
                var all = new ArrayList<>(before.getOrDefault(element, List.of()));
                all.addAll(split(lines));
                before.put(element, List.copyOf(all));
            }
            return this;
        }

        public Builder before(Object element, String... lines) {
            return before(element, List.of(lines));
        }

        /** Adds lines at the end of the file. */
        public Builder footer(List<String> lines) {
            footer.addAll(split(lines));
            return this;
        }

        public PrintComments build() {
            return new PrintComments(before, footer);
        }

        private static List<String> split(List<String> lines) {
            var out = new ArrayList<String>();
            for (String line : lines) {
                out.addAll(List.of(line.split("\\R", -1)));
            }
            return out;
        }
    }
}

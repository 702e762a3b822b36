package dev.flow.dsl.print;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Comments to print before model elements, for example the YAML comments that {@code flow import}
 * carries over. Keys are model elements (a {@link dev.flow.model.FlowGraph} for the file header, a
 * {@link dev.flow.model.Workflow}, {@link dev.flow.model.Input}, {@link dev.flow.model.StateVariable},
 * {@link dev.flow.model.GateDef}, {@link dev.flow.model.AgentDef}, {@link dev.flow.model.Node},
 * {@link dev.flow.model.Edge} or {@link dev.flow.model.Interrupt}), compared by equality; each line
 * is printed as a {@code //} comment on its own line.
 */
public final class PrintComments {

    /** No comments. */
    public static final PrintComments NONE = new PrintComments(Map.of());

    private final Map<Object, List<String>> before;

    private PrintComments(Map<Object, List<String>> before) {
        this.before = Map.copyOf(before);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The comment lines to print before {@code element}; empty when none. */
    public List<String> before(Object element) {
        return before.getOrDefault(element, List.of());
    }

    /** Collects comments element by element. */
    public static final class Builder {
        private final Map<Object, List<String>> before = new HashMap<>();

        /** Adds lines (without the leading {@code //}) before {@code element}; lines may hold line breaks. */
        public Builder before(Object element, List<String> lines) {
            var all = new java.util.ArrayList<>(before.getOrDefault(element, List.of()));
            for (String line : lines) {
                all.addAll(List.of(line.split("\\R", -1)));
            }
            before.put(element, List.copyOf(all));
            return this;
        }

        public Builder before(Object element, String... lines) {
            return before(element, List.of(lines));
        }

        public PrintComments build() {
            return new PrintComments(before);
        }
    }
}

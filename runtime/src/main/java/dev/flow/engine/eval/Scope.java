package dev.flow.engine.eval;

import java.util.Optional;
import java.util.Set;

/**
 * The names an expression can read. Lookups return {@link Optional#empty()} for a name that does
 * not exist; a name that exists but holds null is {@code Optional.of(Scope.NULL)}.
 */
public interface Scope {
    /** Stands for a null value inside an {@link Optional}. */
    Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    Optional<Object> state(String name);

    Optional<Object> input(String name);

    /** Values handed to the node being handled by its incoming edges' data mappings. */
    default Optional<Object> mapped(String name) {
        return Optional.empty();
    }

    Optional<NodeView> node(String id);

    /** The output name of the node being handled; null outside one. */
    String currentOutput();

    /** The outputs {@code any(...)}/{@code all(...)} test: the handled node's, and for a merge the joined nodes'. */
    Set<String> producedOutputs();
}

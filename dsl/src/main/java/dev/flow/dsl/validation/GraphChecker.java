package dev.flow.dsl.validation;

import dev.flow.check.Checker;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.FlowGraph;
import java.util.List;

/**
 * Runs the semantic checks on a compiled graph for the editor. In production this is the shared
 * {@link Checker}; it is an interface only so that tests can inject a double through Guice.
 */
public interface GraphChecker {

    /** Every problem in the graph. */
    List<Diagnostic> check(FlowGraph graph);

    /** The shared checker that every front end uses. */
    final class Shared implements GraphChecker {
        @Override
        public List<Diagnostic> check(FlowGraph graph) {
            return Checker.check(graph);
        }
    }
}

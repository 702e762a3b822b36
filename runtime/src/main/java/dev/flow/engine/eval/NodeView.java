package dev.flow.engine.eval;

import java.util.List;
import java.util.Map;

/**
 * What an expression can read of a node: its declared outputs and its latest result.
 *
 * @param outputs the node's effective outputs
 * @param output the output of its latest result; null when it has not produced one
 * @param result the fields of its latest result; empty when it has none
 */
public record NodeView(List<String> outputs, String output, Map<String, Object> result) {
    public NodeView {
        outputs = List.copyOf(outputs);
        result = result == null ? Map.of() : result;
    }

    public boolean hasRun() {
        return output != null;
    }
}

package dev.flow.engine.step;

import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.ResultFields;
import java.util.Map;

/**
 * A node's text result ({@link ResultFields#TEXT}), read from the fields its result already holds:
 * what a command printed on standard output (the kept tail, trimmed, without a last line that named
 * its output), an agent's summary, a gate's output, a person's note (or their answer when they wrote
 * none). Derived where expressions read it, so every kind keeps one definition of it.
 */
final class TextResult {
    private TextResult() {}

    /** The text, or null for a node that has none. */
    static String of(Node node, String output, Map<String, Object> result) {
        if (!ResultFields.hasText(node.spec())) {
            return null;
        }
        NodeSpec spec = node.spec();
        if (spec instanceof NodeSpec.Task task && task.command() != null) {
            return printed(text(result, "stdout"), output);
        } else if (spec instanceof NodeSpec.Gate) {
            return text(result, "output").strip();
        } else if (spec instanceof NodeSpec.Human) {
            return text(result, "note").isBlank() ? text(result, "answer") : text(result, "note");
        }
        return text(result, "summary");
    }

    /** Standard output, trimmed, without its last line when that line named the output. */
    private static String printed(String stdout, String output) {
        String text = stdout.strip();
        int cut = text.lastIndexOf('\n');
        String last = text.substring(cut + 1).strip();
        if (output != null && last.equals(output)) {
            return cut < 0 ? "" : text.substring(0, cut).strip();
        }
        return text;
    }

    private static String text(Map<String, Object> result, String field) {
        return result.get(field) instanceof String s ? s : "";
    }
}

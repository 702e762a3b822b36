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
        // an agent's summary, unless the kind has a text of its own
        return node.spec().accept(new NodeSpec.Visitor<String>() {
            @Override
            public String task(NodeSpec.Task task) {
                return task.command() != null ? printed(text(result, "stdout"), output) : text(result, "summary");
            }

            @Override
            public String gate(NodeSpec.Gate gate) {
                return text(result, "output").strip();
            }

            @Override
            public String branch(NodeSpec.Branch branch) {
                return text(result, "summary");
            }

            @Override
            public String parallel(NodeSpec.Parallel parallel) {
                return text(result, "summary");
            }

            @Override
            public String merge(NodeSpec.Merge merge) {
                return text(result, "summary");
            }

            @Override
            public String subgraph(NodeSpec.Subgraph subgraph) {
                return text(result, "summary");
            }

            @Override
            public String human(NodeSpec.Human human) {
                return text(result, "note").isBlank() ? text(result, "answer") : text(result, "note");
            }

            @Override
            public String checkpoint(NodeSpec.Checkpoint checkpoint) {
                return text(result, "summary");
            }

            @Override
            public String start(NodeSpec.Start start) {
                return text(result, "summary");
            }

            @Override
            public String end(NodeSpec.End end) {
                return text(result, "summary");
            }

            @Override
            public String unknown(NodeSpec.Unknown unknown) {
                return text(result, "summary");
            }
        });
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

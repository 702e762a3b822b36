package dev.flow.render;

import dev.flow.model.Edge;
import dev.flow.model.ExprFormatter;
import dev.flow.model.Node;
import dev.flow.model.NodeKind;
import dev.flow.model.NodeSpec;
import java.util.ArrayList;

/** The words every picture puts on nodes and edges, so that Mermaid and DOT say the same thing. */
final class EdgeLabels {
    private EdgeLabels() {}

    /** "when done", "loop max 3", "on limit" and data mappings, joined by separators. */
    static String edgeLabel(Edge edge) {
        var parts = new ArrayList<String>();
        if (edge.loop() != null) {
            parts.add("loop max " + edge.loop().maxIterations());
        }
        if (edge.onLimitReached()) {
            parts.add("on limit");
        }
        if (edge.condition() != null) {
            parts.add("when " + ExprFormatter.toText(edge.condition()));
        }
        if (!edge.dataMapping().isEmpty()) {
            parts.add("with " + String.join(", ", edge.dataMapping().stream().map(m -> m.key()).toList()));
        }
        return String.join(" · ", parts);
    }

    /** The kind, the id, the label when it differs, and what the node runs. */
    static java.util.List<String> nodeLines(Node node) {
        var lines = new ArrayList<String>();
        if (node.kind() == NodeKind.START || node.kind() == NodeKind.END) {
            lines.add(node.id());
            return lines;
        }
        lines.add(node.kind().keyword() + " " + node.id());
        if (node.label() != null && !node.label().isBlank() && !node.label().equals(node.id())) {
            lines.add(node.label());
        }
        NodeSpec spec = node.spec();
        if (spec instanceof NodeSpec.Task t) {
            if (t.agent() != null) {
                lines.add("agent " + t.agent().name());
            } else if (t.command() != null) {
                lines.add(abbreviate(t.command().display(), 40));
            } else if (t.role() != null) {
                lines.add("role " + t.role());
            }
        } else if (spec instanceof NodeSpec.Gate g) {
            lines.add("uses " + g.gate().name());
        } else if (spec instanceof NodeSpec.Branch b && b.condition() != null) {
            lines.add("if " + abbreviate(ExprFormatter.toText(b.condition()), 40));
        } else if (spec instanceof NodeSpec.Merge m) {
            lines.add("wait " + m.mode().keyword() + ", " + m.strategy().keyword());
        } else if (spec instanceof NodeSpec.Subgraph s) {
            lines.add("runs " + s.workflow().name());
        } else if (spec instanceof NodeSpec.Parallel p) {
            lines.add("wait " + p.waitFor().keyword());
        }
        // a node a planner added at run time says who added it, in which version of the graph
        dev.flow.model.Provenance.grownBy(node).ifPresent(by -> lines.add("added by " + by + " (v" + dev.flow.model.Provenance.version(node) + ")"));
        return lines;
    }

    static String abbreviate(String text, int max) {
        String oneLine = text.replaceAll("\\s+", " ").strip();
        return oneLine.length() <= max ? oneLine : oneLine.substring(0, max - 1) + "…";
    }
}

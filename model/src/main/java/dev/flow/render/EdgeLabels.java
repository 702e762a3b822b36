package dev.flow.render;

import dev.flow.model.Edge;
import dev.flow.model.ExprFormatter;
import dev.flow.model.Node;
import dev.flow.model.NodeKind;
import dev.flow.model.NodeSpec;
import java.util.ArrayList;
import java.util.List;

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
    static List<String> nodeLines(Node node) {
        var lines = new ArrayList<String>();
        if (node.kind() == NodeKind.START || node.kind() == NodeKind.END) {
            lines.add(node.id());
            return lines;
        }
        lines.add(node.kind().keyword() + " " + node.id());
        if (node.label() != null && !node.label().isBlank() && !node.label().equals(node.id())) {
            lines.add(node.label());
        }
        String runs = node.spec().accept(WHAT_IT_RUNS);
        if (runs != null) {
            lines.add(runs);
        }
        // a node a planner added at run time says who added it, in which version of the graph
        dev.flow.model.Provenance.grownBy(node).ifPresent(by -> lines.add("added by " + by + " (v" + dev.flow.model.Provenance.version(node) + ")"));
        return lines;
    }

    /** What a node of each kind runs or waits for, in a few words; null when there is nothing to say. */
    private static final NodeSpec.Visitor<String> WHAT_IT_RUNS = new NodeSpec.Visitor<String>() {
        @Override
        public String task(NodeSpec.Task task) {
            if (task.call().agent() != null) {
                return "agent " + task.call().agent().name();
            } else if (task.command() != null) {
                return abbreviate(task.command().display(), 40);
            } else if (task.call().role() != null) {
                return "role " + task.call().role();
            }
            return null;
        }

        @Override
        public String gate(NodeSpec.Gate gate) {
            return "uses " + gate.gate().name();
        }

        @Override
        public String branch(NodeSpec.Branch branch) {
            return branch.condition() != null ? "if " + abbreviate(ExprFormatter.toText(branch.condition()), 40) : null;
        }

        @Override
        public String parallel(NodeSpec.Parallel parallel) {
            return "wait " + parallel.waitFor().keyword();
        }

        @Override
        public String merge(NodeSpec.Merge merge) {
            return "wait " + merge.mode().keyword() + ", " + merge.strategy().keyword();
        }

        @Override
        public String subgraph(NodeSpec.Subgraph subgraph) {
            return "runs " + subgraph.workflow().name();
        }

        @Override
        public String human(NodeSpec.Human human) {
            return null;
        }

        @Override
        public String checkpoint(NodeSpec.Checkpoint checkpoint) {
            return null;
        }

        @Override
        public String start(NodeSpec.Start start) {
            return null;
        }

        @Override
        public String end(NodeSpec.End end) {
            return null;
        }

        @Override
        public String unknown(NodeSpec.Unknown unknown) {
            return null;
        }
    };

    static String abbreviate(String text, int max) {
        String oneLine = text.replaceAll("\\s+", " ").strip();
        return oneLine.length() <= max ? oneLine : oneLine.substring(0, max - 1) + "…";
    }
}

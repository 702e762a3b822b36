package dev.flow.render;

import dev.flow.model.Edge;
import dev.flow.model.Node;
import dev.flow.model.Workflow;
import java.util.ArrayList;

/** Graphviz DOT source, with the same shapes and labels as {@link MermaidRenderer}. */
public final class DotRenderer implements GraphRenderer {

    @Override
    public String format() {
        return "dot";
    }

    @Override
    public String render(Workflow workflow) {
        var out = new StringBuilder();
        out.append("digraph ").append(quote(workflow.id())).append(" {\n");
        if (workflow.name() != null) {
            out.append("    label=").append(quote(workflow.name())).append(";\n    labelloc=t;\n");
        }
        out.append("    rankdir=TB;\n    node [fontname=\"Helvetica\", fontsize=11];\n    edge [fontname=\"Helvetica\", fontsize=9];\n");
        for (Node node : workflow.nodes()) {
            out.append("    ").append(quote(node.id())).append(" [shape=").append(shape(node))
                    .append(", label=").append(quote(String.join("\n", EdgeLabels.nodeLines(node)))).append("];\n");
        }
        for (Edge edge : workflow.edges()) {
            out.append("    ").append(quote(edge.from().name())).append(" -> ").append(quote(edge.to().name()));
            var attributes = new ArrayList<String>();
            String label = EdgeLabels.edgeLabel(edge);
            if (!label.isEmpty()) {
                attributes.add("label=" + quote(label));
            }
            if (edge.isLoop()) {
                attributes.add("style=dashed");
                attributes.add("constraint=false");
            } else if (edge.onLimitReached()) {
                attributes.add("style=bold");
            }
            if (!attributes.isEmpty()) {
                out.append(" [").append(String.join(", ", attributes)).append(']');
            }
            out.append(";\n");
        }
        return out.append("}\n").toString();
    }

    private static String shape(Node node) {
        return switch (node.kind()) {
            case TASK, UNKNOWN -> "box";
            case GATE -> "hexagon";
            case BRANCH -> "diamond";
            case PARALLEL -> "trapezium";
            case MERGE -> "invtrapezium";
            case SUBGRAPH -> "box3d";
            case HUMAN -> "oval";
            case CHECKPOINT -> "cylinder";
            case START -> "circle";
            case END -> "doublecircle";
        };
    }

    static String quote(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }
}

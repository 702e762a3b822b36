package dev.flow.render;

import dev.flow.model.Edge;
import dev.flow.model.Literals;
import dev.flow.model.Node;
import dev.flow.model.NodeKind;
import dev.flow.model.Workflow;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Mermaid flowchart source. Each kind has its own shape (task: box, gate: hexagon, branch:
 * rhombus, parallel and merge: trapezoids, subgraph: subroutine, human: stadium, checkpoint:
 * cylinder, start and end: circles); loop edges are dotted and labelled with their limit.
 *
 * <p>Nothing the workflow says reaches Mermaid's syntax: nodes are numbered ({@code n0}, {@code
 * n1}...) whatever their ids, labels are quoted strings with Mermaid's entity codes for the
 * characters it reads, the title is a JSON string (which YAML reads as it is), and the classes
 * that colour each kind are named {@code taskNode}, {@code endNode}... because Mermaid refuses
 * its keywords ({@code end}, {@code subgraph}) as class names.
 */
public final class MermaidRenderer implements GraphRenderer {

    @Override
    public String format() {
        return "mermaid";
    }

    @Override
    public String render(Workflow workflow) {
        var out = new StringBuilder();
        String title = workflow.name() != null ? workflow.name() : workflow.id();
        out.append("---\ntitle: ").append(title(title)).append("\n---\n");
        out.append("flowchart TD\n");
        Map<String, String> ids = ids(workflow);
        for (Node node : workflow.nodes()) {
            String label = String.join("<br/>", EdgeLabels.nodeLines(node).stream().map(MermaidRenderer::escape).toList());
            out.append("    ").append(ids.get(node.id())).append(shape(node, "\"" + label + "\"")).append('\n');
        }
        for (Edge edge : workflow.edges()) {
            String from = ids.get(edge.from().name());
            String to = ids.get(edge.to().name());
            if (from == null || to == null) {
                continue; // an edge to an unknown node: the checker reports it; the picture leaves it out
            }
            String label = EdgeLabels.edgeLabel(edge);
            String arrow = edge.isLoop() ? "-.->" : edge.onLimitReached() ? "==>" : "-->";
            out.append("    ").append(from).append(' ').append(arrow);
            if (!label.isEmpty()) {
                out.append("|\"").append(escape(label)).append("\"|");
            }
            out.append(' ').append(to).append('\n');
        }
        for (Node node : workflow.nodes()) {
            out.append("    class ").append(ids.get(node.id())).append(' ').append(className(node.kind())).append('\n');
        }
        out.append("    classDef ").append(className(NodeKind.START)).append(" fill:#e8f5e9,stroke:#2e7d32\n");
        out.append("    classDef ").append(className(NodeKind.END)).append(" fill:#e8f5e9,stroke:#2e7d32\n");
        out.append("    classDef ").append(className(NodeKind.GATE)).append(" fill:#fff8e1,stroke:#f9a825\n");
        out.append("    classDef ").append(className(NodeKind.HUMAN)).append(" fill:#e3f2fd,stroke:#1565c0\n");
        out.append("    classDef ").append(className(NodeKind.BRANCH)).append(" fill:#f3e5f5,stroke:#6a1b9a\n");
        return out.toString();
    }

    /**
     * The Mermaid id of each node: Mermaid ids must be simple, so the nodes are numbered in workflow
     * order ({@code n0}, {@code n1}, ...) and the real id goes in the label. Flow studio colours the
     * drawn nodes by these ids.
     */
    public static Map<String, String> ids(Workflow workflow) {
        Map<String, String> ids = new LinkedHashMap<>();
        for (Node node : workflow.nodes()) {
            ids.putIfAbsent(node.id(), "n" + ids.size());
        }
        return ids;
    }

    /** The class of a kind's nodes: {@code endNode}, never a bare keyword such as {@code end}, which Mermaid refuses. */
    static String className(NodeKind kind) {
        return kind.keyword() + "Node";
    }

    private static String shape(Node node, String label) {
        return switch (node.kind()) {
            case TASK, UNKNOWN -> "[" + label + "]";
            case GATE -> "{{" + label + "}}";
            case BRANCH -> "{" + label + "}";
            case PARALLEL -> "[/" + label + "\\]";
            case MERGE -> "[\\" + label + "/]";
            case SUBGRAPH -> "[[" + label + "]]";
            case HUMAN -> "([" + label + "])";
            case CHECKPOINT -> "[(" + label + ")]";
            case START, END -> "((" + label + "))";
        };
    }

    /** The title as a JSON string, its {@code %} as a YAML escape: no title can hold a {@code %%{init}%%} directive. */
    static String title(String title) {
        return Literals.quote(title).replace("%", "\\u0025");
    }

    /**
     * Mermaid reads entity codes inside quoted labels; quotes and angle brackets must be coded, and
     * so must {@code #}, or a label that says {@code #quot;} would show a quote. {@code %}, {@code
     * {} and {@code }} are coded too: Mermaid finds a {@code %%{init: ...}%%} directive anywhere in
     * its source, quoted or not, and a directive in a node's title would restyle the picture (a
     * theme, CSS, a failed node drawn green) or make the page fetch an outside URL.
     */
    static String escape(String text) {
        return text.replace("#", "#35;").replace("&", "#amp;").replace("\"", "#quot;").replace("<", "#lt;").replace(">", "#gt;")
                .replace("%", "#37;").replace("{", "#123;").replace("}", "#125;").replace("\n", " ");
    }
}

package dev.flow.yaml.graph;

import dev.flow.model.Edge;
import dev.flow.model.EdgeIds;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.SourceRef;
import java.util.ArrayList;
import java.util.List;

/** Settles edge ids and makes the implicit nodes, the same way for both dialects. */
public final class EdgeAssembly {
    private EdgeAssembly() {}

    /**
     * The edges in the order given, with the ids their authors wrote; the others get
     * {@code from->to} ids from {@link EdgeIds}, after every written id has been reserved, as the
     * language does.
     */
    public static List<Edge> settle(List<EdgeDraft> drafts) {
        var ids = new EdgeIds();
        drafts.stream().filter(d -> d.id() != null).forEach(d -> ids.reserve(d.id()));
        var edges = new ArrayList<Edge>(drafts.size());
        for (EdgeDraft d : drafts) {
            edges.add(d.toEdge(d.id() != null ? d.id() : ids.next(d.from().name(), d.to().name())));
        }
        return edges;
    }

    /** The implicit start node, placed at {@code source} (text that stands for the entry). */
    public static Node start(SourceRef source) {
        return Node.of(Node.START_ID, new NodeSpec.Start(), source);
    }

    /** The implicit end node, placed at {@code source} (text that stands for the exits). */
    public static Node end(SourceRef source) {
        return Node.of(Node.END_ID, new NodeSpec.End(), source);
    }

    /** A reference to the start node written at {@code source}. */
    public static NameRef startRef(SourceRef source) {
        return new NameRef(Node.START_ID, source);
    }

    /** A reference to the end node written at {@code source}. */
    public static NameRef endRef(SourceRef source) {
        return new NameRef(Node.END_ID, source);
    }

    /**
     * The end of an edge its author left out (or wrote as something other than a name), which the
     * reader reported: an empty name, placed where that report is (the value, or the edge), so that
     * the checker's "unknown node" there is recognised as the same problem ({@link dev.flow.check.Cascades}).
     */
    public static NameRef missingEnd(dev.flow.yaml.read.Fields edge, String key) {
        return new NameRef("", edge.node(key).map(dev.flow.yaml.read.YNode::source).orElse(edge.anchor()));
    }
}

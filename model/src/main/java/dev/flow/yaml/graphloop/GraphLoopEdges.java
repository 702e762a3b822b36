package dev.flow.yaml.graphloop;

import dev.flow.model.Expr;
import dev.flow.model.LoopControl;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.yaml.graph.EdgeAssembly;
import dev.flow.yaml.graph.EdgeDraft;
import dev.flow.yaml.read.Fields;
import dev.flow.yaml.read.Located;
import dev.flow.yaml.dialect.ReadContext;
import dev.flow.yaml.read.YNode;
import dev.flow.yaml.read.YamlComments;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the {@code edges:} list of dialect 2 ({@code START} and {@code END} are the implicit nodes;
 * conditions are parsed strings), and adds the edges the dialect implies: from a parallel node to
 * each of its branches, and from each node a join waits for to the join, when not written.
 */
final class GraphLoopEdges {
    static final String START = "START";
    static final String END = "END";
    private static final List<String> KEYS = List.of("from", "to", "condition", "max_iterations");
    private static final Map<String, String> HINTS = Map.of(
            "source", "\"source\" belongs to dialect 1 (supervisor); in dialect 2 an edge goes \"from\" a node",
            "target", "\"target\" belongs to dialect 1 (supervisor); in dialect 2 an edge goes \"to\" a node",
            "id", "edges of dialect 2 have no ids; Flow derives them from their ends");

    private final ReadContext ctx;
    /** The first {@code START} and {@code END} written, where the implicit nodes are placed. */
    private Optional<Located<String>> firstStart = Optional.empty();
    private Optional<Located<String>> firstEnd = Optional.empty();

    GraphLoopEdges(ReadContext ctx) {
        this.ctx = ctx;
    }

    Optional<Located<String>> firstStart() {
        return firstStart;
    }

    Optional<Located<String>> firstEnd() {
        return firstEnd;
    }

    /** The written edges, in order; an item without both ends is reported and left out. */
    List<EdgeDraft> read(List<YNode> items) {
        return Fields.eachItem(items, this::edge);
    }

    private Optional<EdgeDraft> edge(YNode item, int index) {
        var fields = Fields.of(item, "edge #" + (index + 1), item.source(), ctx.problems());
        if (fields.isEmpty()) {
            return Optional.empty();
        }
        Fields first = fields.get();
        String owner = first.text("from").flatMap(a -> first.text("to").map(b -> "the edge from \"" + a.value() + "\" to \"" + b.value() + "\""))
                .orElse("edge #" + (index + 1));
        var f = new Fields(first.map(), owner, item.source(), ctx.problems());
        f.allowOnly(KEYS, HINTS::get);
        f.require("from", "name the node the edge leaves, or START");
        f.require("to", "name the node the edge enters, or END");
        var from = f.text("from").map(this::end);
        var to = f.text("to").map(this::end);
        Expr condition = f.scalar("condition", "a condition string such as \"done\" or \"state.score >= 8\"")
                .flatMap(s -> ctx.parseCondition(s).expr())
                .map(ConditionTranslator::edge)
                .orElse(null);
        LoopControl loop = f.whole("max_iterations", "a whole number").map(GraphLoopEdges::control).orElse(null);
        if (from.isEmpty() && to.isEmpty()) {
            return Optional.empty();
        }
        // An edge with one end missing (reported) keeps it, so that the outputs it handles and the node it
        // leaves or enters do not also look unconnected; the checker takes the empty name as unknown, there.
        return Optional.of(new EdgeDraft(null, from.orElseGet(() -> EdgeAssembly.missingEnd(f, "from")),
                to.orElseGet(() -> EdgeAssembly.missingEnd(f, "to")), condition, loop, false, List.of(), item.source()));
    }

    /** {@code START} and {@code END} name the implicit nodes. */
    private NameRef end(Located<String> name) {
        if (name.value().equals(START)) {
            firstStart = firstStart.or(() -> Optional.of(name));
            return new NameRef(Node.START_ID, name.source());
        }
        if (name.value().equals(END)) {
            firstEnd = firstEnd.or(() -> Optional.of(name));
            return new NameRef(Node.END_ID, name.source());
        }
        return name.toNameRef();
    }

    /** Edges from parallel nodes to their branches and into joins from what they wait for, unless written. */
    static List<EdgeDraft> implied(List<GraphLoopNodes.NodeRead> nodes, List<EdgeDraft> written) {
        Set<String> pairs = new HashSet<>();
        written.forEach(e -> pairs.add(e.from().name() + "\u0000" + e.to().name()));
        var out = new ArrayList<EdgeDraft>();
        for (var n : nodes) {
            String id = n.node().id();
            for (Located<String> branch : n.branches()) {
                if (pairs.add(id + "\u0000" + branch.value())) {
                    out.add(EdgeDraft.of(new NameRef(id, branch.source()), branch.toNameRef(), null, branch.source()));
                }
            }
            for (Located<String> waited : n.waitFor()) {
                if (pairs.add(waited.value() + "\u0000" + id)) {
                    out.add(EdgeDraft.of(waited.toNameRef(), new NameRef(id, waited.source()), null, waited.source()));
                }
            }
        }
        return out;
    }

    /** Registers the written edges (the first {@code count} of {@code settled}) for comments. */
    void registerComments(List<dev.flow.model.Edge> settled, int count) {
        for (int i = 0; i < count; i++) {
            ctx.comments().add(YamlComments.Target.edge(settled.get(i).id()), settled.get(i).source());
        }
    }

    private static LoopControl control(Located<Long> max) {
        return new LoopControl((int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, max.value())), max.source());
    }
}

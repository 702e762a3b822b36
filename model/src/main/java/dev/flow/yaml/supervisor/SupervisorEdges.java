package dev.flow.yaml.supervisor;

import dev.flow.model.Expr;
import dev.flow.model.Mapping;
import dev.flow.yaml.graph.EdgeAssembly;
import dev.flow.yaml.graph.EdgeDraft;
import dev.flow.yaml.read.Fields;
import dev.flow.yaml.read.Located;
import dev.flow.yaml.read.Problems;
import dev.flow.yaml.read.YEntry;
import dev.flow.yaml.read.YNode;
import dev.flow.yaml.read.YScalar;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the {@code edges:} list of dialect 1. A condition's bare field reads the edge's source
 * ({@code test_status} on an edge from {@code test} is {@code test.test_status}); so does a data
 * mapping's source key. An edge that tests {@code branch_outcome == max_iterations_reached} is the
 * route taken when the loop limit is reached.
 */
final class SupervisorEdges {
    static final List<String> EDGE_KEYS = List.of("id", "source", "target", "condition", "data_mapping", "is_loop_edge");
    private static final Map<String, String> HINTS = Map.of(
            "from", "\"from\" belongs to dialect 2 (graph-loop); in dialect 1 an edge goes from \"source\"",
            "to", "\"to\" belongs to dialect 2 (graph-loop); in dialect 1 an edge goes to \"target\"",
            "max_iterations", "in dialect 1 the loop limit is the max_iterations of the branch condition; mark the edge with is_loop_edge: true");
    static final String LIMIT_REACHED = "max_iterations_reached";

    /**
     * An edge as read.
     *
     * @param loopFlag {@code is_loop_edge}, when written
     * @param condition the structured condition, when written and complete
     */
    record EdgeRead(EdgeDraft draft, Optional<Located<Boolean>> loopFlag, Optional<FieldCondition> condition) {
        boolean isLoop() {
            return loopFlag.map(Located::value).orElse(false);
        }

        String from() {
            return draft.from().name();
        }

        String to() {
            return draft.to().name();
        }

        EdgeRead withDraft(EdgeDraft d) {
            return new EdgeRead(d, loopFlag, condition);
        }
    }

    private final Problems problems;

    SupervisorEdges(Problems problems) {
        this.problems = problems;
    }

    List<EdgeRead> read(List<YNode> items) {
        return Fields.eachItem(items, this::edge);
    }

    private Optional<EdgeRead> edge(YNode item, int index) {
        var fields = Fields.item(item, index, "edge", "id", problems);
        if (fields.isEmpty()) {
            return Optional.empty();
        }
        Fields f = fields.get();
        f.allowOnly(EDGE_KEYS, HINTS::get);
        var id = f.text("id");
        String owner = f.owner();
        f.require("id", "every edge of dialect 1 has an id, such as id: e1");
        f.require("source", "name the node the edge leaves");
        f.require("target", "name the node the edge enters");
        var source = f.text("source");
        var target = f.text("target");
        var condition = f.child("condition", "the condition of " + owner).flatMap(c -> {
            c.allowOnly(FieldConditions.EDGE_KEYS, key -> key.equals("max_iterations") ? HINTS.get(key) : null);
            return FieldConditions.read(c, FieldConditions.EDGE_OPERATORS, problems);
        });
        var loopFlag = f.bool("is_loop_edge");
        if (source.isEmpty()) {
            return Optional.empty(); // its condition and data mapping read fields of the source
        }
        String from = source.get().value();
        boolean onLimit = condition.map(c -> c.testsOutcome(LIMIT_REACHED)).orElse(false);
        Expr expr = onLimit ? null : condition.map(c -> c.toExpr(from)).orElse(null);
        // A missing target (reported) stays as an empty name: see EdgeAssembly.missingEnd.
        var draft = new EdgeDraft(id.map(Located::value).orElse(null), source.get().toNameRef(),
                target.map(Located::toNameRef).orElseGet(() -> EdgeAssembly.missingEnd(f, "target")), expr, null, onLimit,
                dataMapping(f, from), item.source());
        return Optional.of(new EdgeRead(draft, loopFlag, condition));
    }

    /** {@code {target_key: source_key}}: the target's input key, read from the source's result. */
    private List<Mapping> dataMapping(Fields f, String from) {
        var out = new ArrayList<Mapping>();
        f.mapping("data_mapping", "a mapping of input keys to result keys").ifPresent(m -> {
            for (YEntry e : m.entries()) {
                if (e.value() instanceof YScalar s && !s.isNull()) {
                    out.add(new Mapping(e.name(), new Expr.Ref(FieldCondition.scoped(s.text(), from), s.source()), e.span()));
                } else {
                    problems.wrongType(e.value(), "\"" + e.name() + "\" in " + f.what("data_mapping"), "the name of a result key");
                }
            }
        });
        return out;
    }
}

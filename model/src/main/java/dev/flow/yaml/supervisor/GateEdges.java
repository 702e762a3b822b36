package dev.flow.yaml.supervisor;

import dev.flow.check.Exprs;
import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.Edge;
import dev.flow.model.Expr;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeKind;
import dev.flow.model.NodeSpec;
import dev.flow.yaml.read.Problems;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Dialect 1's rule for edges out of gates. The supervisor stops on a failed gate, so an edge
 * without a condition leaves a gate only when it passed ({@code when passed}); a failure goes on
 * only where the author routes it on the gate's result: along an edge whose condition reads it
 * ({@code {field: passed, operator: "==", value: false}}), or into a branch whose condition reads
 * it (the supervisor's retry loop: a gate, then a branch on its {@code test_status}). With none,
 * the gate's node fails and with it the run (fail fast). Flow's own rule, where an edge without a
 * condition carries every output on, would otherwise ask a person to approve after the gates
 * failed.
 *
 * <p>A written edge that relies on this gets FLOW610, so that the author sees it; the edges Flow
 * adds to {@code end} from an exit point follow it silently.
 */
final class GateEdges {
    private GateEdges() {}

    /**
     * The edges with the rule applied.
     *
     * @param firstWritten where the written edges start in {@code edges}
     * @param writtenCount how many there are
     */
    static List<Edge> apply(List<Node> nodes, List<Edge> edges, int firstWritten, int writtenCount, Problems problems) {
        Map<String, Node> byId = new HashMap<>();
        nodes.forEach(n -> byId.putIfAbsent(n.id(), n));
        var out = new ArrayList<Edge>(edges.size());
        for (int i = 0; i < edges.size(); i++) {
            Edge e = edges.get(i);
            Node from = byId.get(e.from().name());
            if (from == null || from.kind() != NodeKind.GATE || e.condition() != null || e.onLimitReached()
                    || branchReading(byId.get(e.to().name()), from.id())) {
                out.add(e);
                continue;
            }
            if (i >= firstWritten && i < firstWritten + writtenCount) {
                problems.add(Diagnostic.of(Code.YAML_UNCONDITIONED_GATE_EDGE, "edge \"" + e.id() + "\" leaves gate \"" + from.id()
                        + "\" without a condition: it is taken only when the gate passes, and a failed gate stops the run, as in the"
                        + " supervisor; to go on after a failure, add an edge with a condition on the gate's result, such as"
                        + " {field: passed, operator: \"==\", value: false}", e.source()));
            }
            var passed = new Expr.OutputTest(Expr.Quantifier.ANY, List.of(new NameRef("passed", e.source())), e.source());
            out.add(new Edge(e.id(), e.from(), e.to(), passed, e.loop(), false, e.dataMapping(), e.source()));
        }
        return out;
    }

    /** Whether {@code node} is a branch whose condition reads {@code gate}'s result. */
    private static boolean branchReading(Node node, String gate) {
        return node != null && node.spec() instanceof NodeSpec.Branch b && b.condition() != null
                && Exprs.refs(b.condition()).stream().anyMatch(r -> r.path().startsWith(gate + "."));
    }
}

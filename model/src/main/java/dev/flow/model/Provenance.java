package dev.flow.model;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What Flow records in a node's metadata when it grows a graph at run time, under the key
 * {@value #KEY}: the planner that added the node and the version of the graph that added it
 * ({@code {"flow": {"grown_by": "plan", "version": 1}}}), the planner whose added nodes a join node
 * waits for ({@code "joins"}), and the failed node an automatic escalation node handles ({@code
 * "escalates"}). Tools read it to show who added what; the runtime reads it to find a planner's join
 * node and an escalation node's failed node.
 */
public final class Provenance {
    /** The metadata key Flow writes. */
    public static final String KEY = "flow";

    private Provenance() {}

    /** The planner that added the node, when a planner did. */
    public static Optional<String> grownBy(Node node) {
        return text(node, "grown_by");
    }

    /** The graph version that added the node; 0 for a node of the workflow as written. */
    public static int version(Node node) {
        return field(node, "version").map(v -> v instanceof Value.Int i ? (int) i.value() : 0).orElse(0);
    }

    /** The planner whose added nodes this join node waits for. */
    public static Optional<String> joins(Node node) {
        return text(node, "joins");
    }

    /** The failed node this automatic escalation node handles. */
    public static Optional<String> escalates(Node node) {
        return text(node, "escalates");
    }

    /** The node with {@code fields} recorded under {@value #KEY} (added to what is there). */
    public static Node mark(Node node, Map<String, Value> fields) {
        var flow = new LinkedHashMap<String, Value>();
        if (node.metadata().get(KEY) instanceof Value.Obj o) {
            flow.putAll(o.fields());
        }
        flow.putAll(fields);
        var metadata = new LinkedHashMap<>(node.metadata());
        metadata.put(KEY, new Value.Obj(flow));
        return new Node(node.id(), node.label(), node.description(), node.spec(), node.outputs(), node.retry(), node.timeout(),
                node.onOutput(), node.waitForIncoming(), metadata, node.source(), node.escalation());
    }

    private static Optional<String> text(Node node, String field) {
        return field(node, field).filter(v -> v instanceof Value.Str).map(v -> ((Value.Str) v).value());
    }

    private static Optional<Value> field(Node node, String field) {
        return node.metadata().get(KEY) instanceof Value.Obj o ? Optional.ofNullable(o.fields().get(field)) : Optional.empty();
    }
}

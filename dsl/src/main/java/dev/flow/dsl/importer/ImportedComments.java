package dev.flow.dsl.importer;

import dev.flow.dsl.print.PrintComments;
import dev.flow.dsl.print.PrintComments.Place;
import dev.flow.dsl.print.PrintComments.Section;
import dev.flow.model.FlowGraph;
import dev.flow.model.Node;
import dev.flow.model.NodeKind;
import dev.flow.model.Workflow;
import dev.flow.yaml.read.YamlComments;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where each comment of a YAML workflow goes in the printed Flow source: before the element it
 * documents (node, edge, state variable, gate, interrupt), before the part of the workflow that a
 * top-level key became (the settings for {@code config} and {@code limits}, the state block, the
 * completion line, the first node for {@code nodes}, the first edge for {@code edges}, the edge
 * from start for {@code entry_point}...), else before the workflow. Comments inside an element or
 * at the end of its lines go before it too, after those above it. None is dropped.
 */
final class ImportedComments {
    private ImportedComments() {}

    static PrintComments of(YamlComments yaml, FlowGraph graph) {
        Workflow w = graph.main();
        var out = PrintComments.builder();
        for (Map.Entry<YamlComments.Target, YamlComments.Attached> e : yaml.all().entrySet()) {
            var lines = new ArrayList<>(e.getValue().before());
            lines.addAll(e.getValue().within());
            out.before(place(e.getKey(), graph, w), lines);
        }
        return out.footer(yaml.footer()).build();
    }

    private static Object place(YamlComments.Target target, FlowGraph graph, Workflow w) {
        String name = target.name();
        Optional<?> at = switch (target.kind()) {
            case WORKFLOW -> Optional.of(graph);
            case SECTION -> section(name, w);
            case NODE -> w.node(name);
            case EDGE -> w.edges().stream().filter(e -> e.id().equals(name)).findFirst();
            case STATE_VARIABLE -> w.variable(name).<Object>map(v -> v).or(() -> Optional.of(new Section(w, Place.STATE)));
            case GATE -> w.gate(name);
            case INTERRUPT -> index(w.interrupts(), name);
            case COMPLETION -> Optional.of(new Section(w, Place.COMPLETION));
        };
        return at.isPresent() ? at.get() : w;
    }

    /** The part of the workflow that a top-level key became. */
    private static Optional<?> section(String key, Workflow w) {
        return switch (key) {
            case "config", "limits" -> Optional.of(new Section(w, Place.SETTINGS));
            case "state" -> Optional.of(new Section(w, Place.STATE));
            case "completion" -> Optional.of(new Section(w, Place.COMPLETION));
            case "nodes" -> w.nodes().stream().filter(n -> n.kind() != NodeKind.START && n.kind() != NodeKind.END).findFirst();
            case "edges" -> w.edges().stream().findFirst();
            case "entry_point" -> w.edges().stream().filter(e -> e.from().name().equals(Node.START_ID)).findFirst();
            case "exit_points" -> w.edges().stream().filter(e -> e.to().name().equals(Node.END_ID)).findFirst();
            case "gates" -> w.gates().stream().findFirst();
            case "interrupts" -> w.interrupts().stream().findFirst();
            default -> Optional.empty();
        };
    }

    private static Optional<?> index(List<?> items, String index) {
        int i = Integer.parseInt(index);
        return i < items.size() ? Optional.of(items.get(i)) : Optional.empty();
    }
}

package dev.flow.cli;

import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.FlowGraph;
import dev.flow.model.SourceRef;
import dev.flow.model.Workflow;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The model elements diagnostics are on, so that diagnostics of two files that hold the same graph
 * (a YAML workflow and its import) can be compared although their positions differ: every
 * {@link SourceRef} in the graph belongs to an element ({@code node:fix}, {@code edge:e4},
 * {@code gate:lint}, {@code workflow}...), and a diagnostic is on the elements whose positions hold
 * its range most closely.
 */
final class DiagnosticElements {

    private record Owned(SourceRef at, String owner) {}

    private final List<Owned> positions = new ArrayList<>();

    DiagnosticElements(FlowGraph graph) {
        for (Workflow w : graph.all()) {
            String in = graph.all().size() == 1 ? "" : w.id() + "/";
            collect(w.source(), in + "workflow");
            collect(w.limits(), in + "workflow");
            collect(w.config(), in + "workflow");
            w.nodes().forEach(n -> collect(n, in + "node:" + n.id()));
            w.edges().forEach(e -> collect(e, in + "edge:" + e.id()));
            w.gates().forEach(g -> collect(g, in + "gate:" + g.name()));
            w.agents().forEach(a -> collect(a, in + "agent:" + a.name()));
            w.inputs().forEach(i -> collect(i, in + "input:" + i.name()));
            w.state().forEach(v -> collect(v, in + "state:" + v.name()));
            for (int i = 0; i < w.interrupts().size(); i++) {
                collect(w.interrupts().get(i), in + "interrupt:" + i);
            }
            for (int i = 0; i < w.completion().size(); i++) {
                collect(w.completion().get(i), in + "completion:" + i);
            }
        }
    }

    /** A diagnostic as code, severity, message and the elements it is on: what must agree between the two files. */
    String describe(Diagnostic d) {
        return d.code().id() + " " + d.severity().label() + " on " + on(d.source()) + ": " + d.message();
    }

    /** The elements whose positions hold {@code at} most closely (several when they share a position). */
    Set<String> on(SourceRef at) {
        Set<String> best = new TreeSet<>();
        int bestLength = Integer.MAX_VALUE;
        for (Owned o : positions) {
            SourceRef p = o.at();
            boolean holds = p.file().equals(at.file()) && p.offset() <= at.offset() && at.offset() + at.length() <= p.offset() + p.length();
            if (!holds || p.length() > bestLength) {
                continue;
            }
            if (p.length() < bestLength) {
                best.clear();
                bestLength = p.length();
            }
            best.add(o.owner());
        }
        return best.isEmpty() ? Set.of("file " + at.file()) : best;
    }

    private void collect(Object value, String owner) {
        if (value == null) {
            return;
        }
        if (value instanceof SourceRef ref) {
            if (!ref.isUnknown()) {
                positions.add(new Owned(ref, owner));
            }
        } else if (value instanceof Collection<?> items) {
            items.forEach(item -> collect(item, owner));
        } else if (value instanceof Map<?, ?> map) {
            map.values().forEach(item -> collect(item, owner));
        } else if (value instanceof Optional<?> optional) {
            optional.ifPresent(item -> collect(item, owner));
        } else if (value.getClass().isRecord()) {
            for (RecordComponent c : value.getClass().getRecordComponents()) {
                try {
                    collect(c.getAccessor().invoke(value), owner);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
    }
}

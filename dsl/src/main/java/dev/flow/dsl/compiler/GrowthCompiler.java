package dev.flow.dsl.compiler;

import dev.flow.dsl.flow.Escalate;
import dev.flow.dsl.flow.FlowPackage;
import dev.flow.dsl.flow.Grows;
import dev.flow.model.Escalation;
import dev.flow.model.Growth;

/**
 * {@code grows max 5 nodes, max 50 in all} and {@code on failure escalate ...}, on a task or a
 * workflow, as the model's {@link Growth} and {@link Escalation}.
 */
final class GrowthCompiler {
    private static final FlowPackage FLOW = FlowPackage.eINSTANCE;

    private final SourceRefs positions;
    private final NameRefs names;

    GrowthCompiler(SourceRefs positions, NameRefs names) {
        this.positions = positions;
        this.names = names;
    }

    /** The limits written; null when none are. */
    Growth growth(Grows g) {
        if (g == null) {
            return null;
        }
        Integer total = DefinitionCompiler.isSet(positions, g, FLOW.getGrows_Total()) ? g.getTotal() : null;
        return new Growth(g.getPerAnswer(), total, positions.of(g));
    }

    /** A planner task's limits: those written, else the workflow's ({@link Growth#DEFAULTS} at the keyword). */
    Growth planner(dev.flow.dsl.flow.Task t) {
        if (!t.isPlanner()) {
            return null;
        }
        Growth own = growth(t.getGrowth());
        return own != null ? own : new Growth(null, null, positions.of(t, FLOW.getTask_Planner()));
    }

    /** The escalation written; null when none is. */
    Escalation escalation(Escalate e) {
        if (e == null) {
            return null;
        }
        Escalation.Mode mode = e.isAuto() ? Escalation.Mode.AUTO : e.isNone() ? Escalation.Mode.NONE : Escalation.Mode.TO;
        Integer max = DefinitionCompiler.isSet(positions, e, FLOW.getEscalate_Max()) ? e.getMax() : null;
        return new Escalation(mode, mode == Escalation.Mode.TO ? names.of(e, FLOW.getEscalate_Target()) : null,
                mode == Escalation.Mode.AUTO ? names.of(e, FLOW.getEscalate_Agent()) : null, max, positions.of(e));
    }
}

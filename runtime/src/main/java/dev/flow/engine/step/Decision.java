package dev.flow.engine.step;

import dev.flow.model.Edge;
import dev.flow.store.NodeRow;

/**
 * Whether an edge was taken, read from its source's row: a decided source (completed, failed,
 * skipped) took exactly the edges listed in {@code taken}; an undecided source may carry edges it
 * took on a pass that went round a loop.
 */
public enum Decision {
    TAKEN,
    NOT_TAKEN,
    UNDECIDED;

    public static Decision of(NodeRow source, int ordinal) {
        boolean listed = listed(source.taken(), ordinal);
        if (source.status().isDecided()) {
            return listed ? TAKEN : NOT_TAKEN;
        }
        return listed ? TAKEN : UNDECIDED;
    }

    static Decision of(Step step, RunContext ctx, Edge e) {
        return of(step.node(ctx, e.from().name()), ctx.graph.ordinal(e));
    }

    private static boolean listed(String taken, int ordinal) {
        if (taken == null || taken.isEmpty()) {
            return false;
        }
        int n = taken.length();
        int value = 0;
        boolean any = false;
        for (int i = 0; i <= n; i++) {
            char c = i < n ? taken.charAt(i) : ',';
            if (c == ',') {
                if (any && value == ordinal) {
                    return true;
                }
                value = 0;
                any = false;
            } else {
                value = value * 10 + (c - '0');
                any = true;
            }
        }
        return false;
    }
}

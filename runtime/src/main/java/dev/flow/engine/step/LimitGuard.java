package dev.flow.engine.step;

import dev.flow.engine.exec.Durations;
import dev.flow.model.Limits;
import java.time.Duration;
import java.util.Locale;

/** The run-wide limits: checked before work starts (executions, time) and after cost is reported. */
final class LimitGuard {
    private LimitGuard() {}

    /** Why no more work may start, or null. */
    static String workExceeded(RunContext ctx, long now) {
        Limits l = ctx.graph.workflow().limits();
        if (l.maxNodeExecutions() != null && ctx.workCount >= l.maxNodeExecutions()) {
            return "max executions reached: " + ctx.workCount + " work nodes ran (limit " + l.maxNodeExecutions() + ")";
        }
        if (l.maxWallTime() != null && now - ctx.loaded().createdAt() >= l.maxWallTime().toMillis()) {
            return "max time reached: the run started " + Durations.show(Duration.ofMillis(now - ctx.loaded().createdAt()))
                    + " ago (limit " + Durations.show(l.maxWallTime()) + ")";
        }
        return costExceeded(ctx);
    }

    static String costExceeded(RunContext ctx) {
        Limits l = ctx.graph.workflow().limits();
        if (l.maxCost() != null && ctx.cost >= l.maxCost()) {
            return String.format(Locale.ROOT, "max cost reached: agents reported $%.4f (limit $%.2f)", ctx.cost, l.maxCost());
        }
        return null;
    }
}

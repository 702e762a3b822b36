package dev.flow.growth;

import dev.flow.check.Checker;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.FlowGraph;
import dev.flow.model.Severity;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks a grown graph with the checker every workflow goes through, and keeps the errors the growth
 * brought: those the graph before it did not have (by code and message, since positions differ). A
 * run's graph had no errors when it started, so these are the answer's.
 */
public final class GrowthCheck {
    private GrowthCheck() {}

    public static List<Diagnostic> newErrors(FlowGraph before, FlowGraph after) {
        Set<String> known = new HashSet<>();
        for (Diagnostic d : Checker.check(before)) {
            known.add(key(d));
        }
        return Checker.check(after).stream().filter(d -> d.severity() == Severity.ERROR && !known.contains(key(d))).toList();
    }

    private static String key(Diagnostic d) {
        return d.code().id() + " " + d.message();
    }

    /**
     * The diagnostics as an agent reads them in its next prompt: one line each, code, position in the
     * answer when it has one, message.
     */
    public static String describe(List<Diagnostic> errors) {
        var text = new StringBuilder();
        for (Diagnostic d : errors) {
            text.append("\n- ").append(d.code().id());
            if (AnswerPositions.FILE.equals(d.source().file()) && !d.source().isUnknown()) {
                text.append(" at ").append(AnswerPositions.describe(d.source())).append(" of your answer");
            }
            text.append(": ").append(d.message());
        }
        return text.toString();
    }
}

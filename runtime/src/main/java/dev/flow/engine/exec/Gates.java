package dev.flow.engine.exec;

import dev.flow.model.GateDef;
import dev.flow.model.NameRef;
import dev.flow.model.NodeSpec;
import dev.flow.model.Severity;
import dev.flow.store.ErrorClass;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Runs gate definitions: for gate nodes, and after a task that lists gates. A gate passes when its
 * command exits 0; the gates it depends on run first, and when one of them fails it does not run.
 * A gate of severity {@code warning} that fails is reported but counts as passed for routing.
 */
final class Gates {
    /** How much of a failed gate's output the next attempt's prompt shows. */
    private static final int FEEDBACK_CHARS = 2000;

    private final Launcher launcher;
    private final Duration defaultTimeout;

    Gates(Launcher launcher, Duration defaultTimeout) {
        this.launcher = launcher;
        this.defaultTimeout = defaultTimeout;
    }

    /** The outcome of a gate node: output {@code passed} or {@code failed}. */
    Outcome gateNode(Job job, NodeSpec.Gate spec, Cancellation cancellation) {
        GateDef def = job.workflow().gate(spec.gate().name()).orElse(null);
        if (def == null) {
            return Outcome.failed("gate \"" + spec.gate().name() + "\" is not defined in workflow \"" + job.workflow().id() + "\"", false, Map.of());
        }
        GateRun run = runWithDependencies(job, def, cancellation, new HashSet<>());
        if (cancellation.isCancelled()) {
            return Outcome.failed("cancelled: " + cancellation.reason(), false, run.result("cancelled"));
        }
        boolean countsAsPassed = run.passed() || def.severity() != Severity.ERROR;
        String summary = run.passed() ? "gate \"" + def.name() + "\" passed"
                : "gate \"" + run.gate() + "\" " + describeFailure(run) + (countsAsPassed ? " (severity " + def.severity().label() + ": not blocking)" : "");
        String output = countsAsPassed ? "passed" : "failed";
        var result = run.result(summary);
        if (countsAsPassed && run.testStatus().equals("error")) {
            // routed as passed, since the gate does not block; but it gave no verdict, and says so wherever the node is shown
            result.put(dev.flow.model.ResultFields.NOT_RUN, Tails.clip(Tails.lastLine(run.text()), 500));
        }
        return Outcome.produced(output, result);
    }

    /** Runs the task's gates after it succeeded; the first blocking failure fails the task. */
    Outcome afterTask(Job job, NodeSpec.Task task, Cancellation cancellation, Outcome done) {
        var seen = new HashSet<String>();
        var warnings = new ArrayList<String>();
        for (NameRef ref : task.execution().gates()) {
            GateDef def = job.workflow().gate(ref.name()).orElse(null);
            if (def == null) {
                return Outcome.failed("gate \"" + ref.name() + "\" is not defined in workflow \"" + job.workflow().id() + "\"", false, done.result());
            }
            GateRun run = runWithDependencies(job, def, cancellation, seen);
            if (!run.passed() && def.severity() == Severity.ERROR) {
                var result = new LinkedHashMap<>(done.result());
                result.put("summary", "gate \"" + run.gate() + "\" " + describeFailure(run));
                // what the next attempt is told (Feedback): the end of what the gate said, and where the rest is
                result.put(dev.flow.model.ResultFields.GATE_OUTPUT, Tails.end(run.text(), FEEDBACK_CHARS));
                if (run.log() != null) {
                    result.put(dev.flow.model.ResultFields.GATE_LOG, run.log().toString());
                }
                String said = run.testStatus().equals("failed") ? Tails.lastLine(run.text()) : "";
                return Outcome.failed("gate \"" + run.gate() + "\" " + describeFailure(run) + " after the task"
                        + (said.isEmpty() ? "" : ": " + Tails.clip(said, 200)), classOf(run), result);
            }
            if (!run.passed()) {
                String said = Tails.lastLine(run.text());
                warnings.add("gate \"" + run.gate() + "\" " + describeFailure(run) + " (severity " + def.severity().label() + ": not blocking)"
                        + (said.isEmpty() ? "" : ": " + Tails.clip(said, 200)));
            }
        }
        if (warnings.isEmpty()) {
            return done;
        }
        // the task stands, but what its non-blocking gates found is kept where status shows it
        return done.withResultField(dev.flow.model.ResultFields.GATE_WARNINGS, String.join("\n", warnings));
    }

    private GateRun runWithDependencies(Job job, GateDef def, Cancellation cancellation, Set<String> seen) {
        if (!seen.add(def.name())) {
            return new GateRun(def.name(), true, "passed", 0, ""); // already ran (or a cycle the checker reports)
        }
        for (NameRef dep : def.dependsOn()) {
            GateDef d = job.workflow().gate(dep.name()).orElse(null);
            if (d == null) {
                return new GateRun(dep.name(), false, "error", -1, "gate \"" + dep.name() + "\" is not defined");
            }
            GateRun before = runWithDependencies(job, d, cancellation, seen);
            if (!before.passed() && d.severity() == Severity.ERROR) {
                return before;
            }
        }
        return runOne(job, def, cancellation);
    }

    private GateRun runOne(Job job, GateDef def, Cancellation cancellation) {
        if (def.command() == null) {
            return new GateRun(def.name(), false, "error", -1, "gate \"" + def.name() + "\" has no command");
        }
        Duration timeout = def.timeout() != null ? def.timeout() : job.node().timeout() != null ? job.node().timeout() : defaultTimeout;
        String label = job.node().kind() == dev.flow.model.NodeKind.GATE && job.node().spec() instanceof NodeSpec.Gate g
                && g.gate().name().equals(def.name()) ? "" : "gate-" + ArtifactPaths.component(def.name()) + "-";
        try {
            Launcher.Ran ran = launcher.run(job, label, Launcher.argv(def.command()), def.cwd(), def.env(), null, timeout, cancellation);
            String text = joinOutput(ran.stdoutTail(), ran.stderrTail());
            ProcessResult r = ran.result();
            if (r.timedOut()) {
                return new GateRun(def.name(), false, "timeout", -1, text, ran.stdout());
            }
            return new GateRun(def.name(), r.exitCode() == 0 && !r.cancelled(), r.exitCode() == 0 ? "passed" : "failed", r.exitCode(), text,
                    ran.stdout());
        } catch (LaunchException e) {
            return new GateRun(def.name(), false, "error", -1, e.getMessage());
        }
    }

    /**
     * How a blocking gate that failed after a task counts: its verdict on the task's work is a
     * validation failure (the next attempt is told what the gate said), a gate that timed out is
     * transient, one that could not run at all a logic error.
     */
    private static ErrorClass classOf(GateRun run) {
        return switch (run.testStatus()) {
            case "timeout" -> ErrorClass.TRANSIENT;
            case "error" -> ErrorClass.LOGIC;
            default -> ErrorClass.VALIDATION;
        };
    }

    private static String joinOutput(String out, String err) {
        if (err.isBlank()) {
            return out;
        }
        if (out.isBlank()) {
            return err;
        }
        return Tails.clip(out, Tails.TAIL_BYTES / 2) + "\n" + err;
    }

    private static String describeFailure(GateRun run) {
        return switch (run.testStatus()) {
            case "timeout" -> "timed out";
            case "error" -> "could not run: " + Tails.clip(Tails.lastLine(run.text()), 200);
            default -> "failed (exit code " + run.exitCode() + ")";
        };
    }
}

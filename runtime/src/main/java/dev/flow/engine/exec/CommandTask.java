package dev.flow.engine.exec;

import dev.flow.model.NodeSpec;
import dev.flow.model.Sandbox;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A task that runs a command. Its output is the last line it prints when that line names one of the
 * node's outputs; otherwise exit 0 gives the first output, a timeout gives a declared {@code timeout}
 * output, and a non-zero exit gives a declared {@code fail} or {@code failure} output; anything else
 * fails the node.
 */
final class CommandTask {
    private final Launcher launcher;
    private final Gates gates;

    CommandTask(Launcher launcher, Gates gates) {
        this.launcher = launcher;
        this.gates = gates;
    }

    Outcome run(Job job, NodeSpec.Task task, Cancellation cancellation) {
        Launcher.Ran ran;
        try {
            ran = launcher.run(job, "", Launcher.argv(task.command()), task.execution().cwd(), task.execution().env(), null, job.timeout(),
                    Sandbox.of(job.workflow(), job.node()), cancellation);
        } catch (LaunchException e) {
            return Outcome.failed(e.getMessage(), false, Map.of());
        }
        String stdout = ran.stdoutTail();
        String stderr = ran.stderrTail();
        ProcessResult r = ran.result();
        var result = new LinkedHashMap<String, Object>();
        result.put("summary", Tails.clip(Tails.lastLine(stdout), 200));
        result.put("exit_code", (long) r.exitCode());
        result.put("cost", 0.0);
        result.put("stdout", stdout);
        result.put("stderr", stderr);
        if (r.cancelled()) {
            return Outcome.failed("cancelled: " + cancellation.reason(), false, result);
        }
        List<String> outputs = job.node().answerableOutputs(); // not "conflict": only Flow's apply says that
        String last = Tails.lastLine(stdout);
        String output = null;
        if (outputs.contains(last)) {
            output = last;
        } else if (r.timedOut()) {
            if (!outputs.contains("timeout")) {
                return Outcome.failed("timed out after " + Durations.show(job.timeout()) + " and was killed", true, result);
            }
            output = "timeout";
        } else if (r.exitCode() == 0) {
            output = outputs.get(0);
        } else {
            output = outputs.contains("fail") ? "fail" : outputs.contains("failure") ? "failure" : null;
            if (output == null) {
                String why = Tails.lastLine(stderr);
                return Outcome.failed(ErrorClassifier.describeExit(r.exitCode()) + (why.isEmpty() ? "" : ": " + Tails.clip(why, 300)), true, result);
            }
        }
        result.put("output", output);
        return gates.afterTask(job, task, cancellation, Outcome.produced(output, result));
    }
}

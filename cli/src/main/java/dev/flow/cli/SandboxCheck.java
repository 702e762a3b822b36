package dev.flow.cli;

import dev.flow.engine.exec.Bubblewrap;
import dev.flow.model.FlowGraph;
import dev.flow.model.Sandbox;
import dev.flow.model.SourceRef;
import java.util.Map;

/**
 * Before a run starts: a workflow that asks for a sandbox on a machine that cannot make one is
 * refused, rather than left to fail at its first sandboxed step (it would never run unsandboxed).
 */
final class SandboxCheck {
    private SandboxCheck() {}

    /** Why the graph cannot run here, naming the step, the setting and what to install; null when it can. */
    static String problem(FlowGraph graph, Map<String, String> env) {
        var use = Sandbox.firstUse(graph);
        if (use.isEmpty()) {
            return null;
        }
        var bwrap = Bubblewrap.check(env);
        if (bwrap.available()) {
            return null;
        }
        SourceRef at = use.get().sandbox().source();
        return "node \"" + use.get().node().id() + "\" of workflow \"" + use.get().workflow().id() + "\" runs in a sandbox"
                + (at.isUnknown() ? "" : " (" + at.file() + ":" + at.line() + ":" + at.column() + ")") + ": " + bwrap.problem()
                + "; or say \"sandbox none\" where it is set";
    }

    /** One line for {@code flow --version}. */
    static String describe(Map<String, String> env) {
        return "sandbox: " + Bubblewrap.check(env).describe();
    }
}

package dev.flow.engine.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.flow.engine.Detached;
import dev.flow.engine.exec.Containment;
import dev.flow.model.FlowGraph;
import dev.flow.testing.GraphBuilder;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The process running an execution is killed (SIGKILL) while a task's detached grandchildren run;
 * they survive it, and {@code resume} in a new process kills them before it runs the task again:
 * through the job's cgroup, found by the run token in its name, or through the sweep for the
 * token, which misses the grandchild that cleared its environment. Two JVMs per test: a few seconds.
 */
class DetachedAfterCrashTest {
    @TempDir
    Path dir;

    private String id;

    @AfterEach
    void killWhatIsLeft() {
        Detached.cleanUp(dir);
    }

    /** Detaches the two sleeps and waits, the first time; succeeds at once when run again. */
    private static FlowGraph graph() {
        return GraphBuilder.workflow("detaching").config(1, true)
                .sh("detach", "if [ -e once ]; then exit 0; fi; touch once; " + Detached.LINE + "; sleep 300")
                .chain("start", "detach", "end").graph();
    }

    private Map<String, Long> crashWhileTheTaskRuns(Map<String, String> env, String db, Path graph) throws Exception {
        try (var c = Child.start(dir, env, "run", graph.toString(), "--db", db)) {
            id = Child.executionOf(c);
            Detached.awaitPids(dir);
            c.kill();
            var pids = Detached.pids(dir);
            assertThat(Detached.alive(pids.get("kept"))).as("the crash left the detached sleep running").isTrue();
            assertThat(Detached.alive(pids.get("bare"))).as("the crash left the bare detached sleep running").isTrue();
            return pids;
        }
    }

    private void resume(Map<String, String> env, String db) throws Exception {
        try (var c = Child.start(dir, env, "resume", id, "--db", db)) {
            assertThat(c.exitCode()).as("resume; stdout %s stderr %s", c.output(), c.stderr()).isZero();
        }
    }

    @Test
    void resumeKillsEveryDetachedGrandchildThroughTheJobsCgroup() throws Exception {
        assumeTrue(Containment.forEnvironment(System.getenv()).usesCgroups(),
                "this machine lets Flow make no cgroup: " + Containment.forEnvironment(System.getenv()).describe());
        Path graph = ProcessFlows.write(dir, graph());
        String db = dir.resolve("state.db").toString();
        var pids = crashWhileTheTaskRuns(Map.of(), db, graph);
        resume(Map.of(), db);
        assertThat(Detached.gone(pids.get("kept"))).isTrue();
        assertThat(Detached.gone(pids.get("bare"))).isTrue();
    }

    @Test
    void withoutCgroupsResumeKillsTheDetachedGrandchildThatKeptItsRunToken() throws Exception {
        var env = Map.of(Containment.SWITCH, "off");
        Path graph = ProcessFlows.write(dir, graph());
        String db = dir.resolve("state.db").toString();
        var pids = crashWhileTheTaskRuns(env, db, graph);
        resume(env, db);
        assertThat(Detached.gone(pids.get("kept"))).isTrue();
        assertThat(Detached.alive(pids.get("bare"))).as("a process with no token, group or session of the job's is out of the sweep's reach").isTrue();
    }
}

package dev.flow.engine;

import static dev.flow.testing.GraphBuilder.any;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.flow.engine.exec.Containment;
import dev.flow.testing.GraphBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Grandchildren that detach from a task with {@code setsid} (double fork, new session, reparented)
 * are gone after the task's timeout, a fail-fast cancellation, an interrupt, and when the task ends
 * by itself. With a cgroup per job, both of {@link Detached}'s sleeps are killed; with the process
 * sweep alone, the one that keeps its environment (and so its {@code FLOW_RUN_TOKEN}) is, and the one
 * started with {@code env -i} escapes, as docs/runtime.md says. Each test waits for a real kill of
 * real processes: about a second each.
 */
class DetachedProcessesTest {
    @TempDir
    Path dir;

    /** How the engine holds a job's processes together. */
    enum Mode {
        CGROUP,
        SWEEP
    }

    @AfterEach
    void killWhatIsLeft() {
        Detached.cleanUp(dir);
    }

    private Harness harness(Mode mode) {
        var env = new HashMap<>(System.getenv());
        if (mode == Mode.SWEEP) {
            env.put(Containment.SWITCH, "off");
        } else {
            assumeTrue(Containment.forEnvironment(env).usesCgroups(),
                    "this machine lets Flow make no cgroup: " + Containment.forEnvironment(env).describe());
        }
        return new Harness(dir, b -> b.environment(env));
    }

    private void assertKilledAsTheModeGuarantees(Mode mode) throws Exception {
        Map<String, Long> pids = Detached.pids(dir);
        assertThat(Detached.gone(pids.get("kept"))).as("the detached sleep that kept its environment is gone").isTrue();
        if (mode == Mode.CGROUP) {
            assertThat(Detached.gone(pids.get("bare"))).as("the detached sleep with a cleared environment is gone").isTrue();
        } else {
            assertThat(Detached.alive(pids.get("bare"))).as("the sweep cannot find a detached process with a cleared environment").isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void aTimeoutKillsGrandchildrenThatDetachedIntoSessionsOfTheirOwn(Mode mode) throws Exception {
        var g = GraphBuilder.workflow("w").sh("t", Detached.LINE + "; sleep 300").outputs("t", "done", "timeout").timeout("t", Duration.ofSeconds(2))
                .chain("start", "t").edge("t", "end", any("timeout")).graph();
        try (var h = harness(mode)) {
            String id = h.start(g);
            assertThat(h.engine.run(id).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertThat(h.node(id, "t").output()).isEqualTo("timeout");
            assertKilledAsTheModeGuarantees(mode);
        }
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void whatAStepLeftRunningIsKilledWhenItEnds(Mode mode) throws Exception {
        var g = GraphBuilder.workflow("w").sh("t", Detached.LINE + "; echo started").chain("start", "t", "end").graph();
        try (var h = harness(mode)) {
            assertThat(h.run(g).outcome()).isEqualTo(RunOutcome.COMPLETED);
            assertKilledAsTheModeGuarantees(mode);
        }
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void failingFastKillsTheDetachedGrandchildrenOfTheOtherBranch(Mode mode) throws Exception {
        var g = GraphBuilder.workflow("w").config(4, true)
                .sh("slow", Detached.LINE + "; sleep 300")
                .sh("bad", Detached.WAIT + "; exit 1")
                .parallel("fan").edge("start", "fan").edge("fan", "slow").edge("fan", "bad").chain("slow", "end").chain("bad", "end")
                .graph();
        try (var h = harness(mode)) {
            RunResult r = h.run(g);
            assertThat(r.outcome()).isEqualTo(RunOutcome.FAILED);
            assertThat(r.report()).contains("node \"bad\" failed");
            assertKilledAsTheModeGuarantees(mode);
        }
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void anInterruptKillsTheDetachedGrandchildren(Mode mode) throws Exception {
        var g = GraphBuilder.workflow("w").sh("slow", Detached.LINE + "; sleep 300").chain("start", "slow", "end").graph();
        try (var h = harness(mode)) {
            String id = h.start(g);
            var result = new AtomicReference<RunResult>();
            var runner = new Thread(() -> result.set(h.engine.run(id)));
            runner.start();
            Detached.awaitPids(dir);
            h.engine.interrupt();
            runner.join(30_000);
            assertThat(runner.isAlive()).isFalse();
            assertThat(result.get().outcome()).isEqualTo(RunOutcome.PAUSED);
            assertKilledAsTheModeGuarantees(mode);
        }
    }
}

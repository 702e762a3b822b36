package dev.flow.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.flow.engine.Detached;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job's cgroup holds every process the job starts, also those that make cgroups of their own
 * inside it (a Flow run started by a task does), and is killed and removed as a whole: by
 * {@code cgroup.kill}, and by freezing and killing each listed process as on kernels without it.
 */
class JobCgroupTest {
    @TempDir
    Path dir;

    private final List<ProcessTree> trees = new ArrayList<>();

    @AfterEach
    void killWhatIsLeft() {
        trees.forEach(t -> {
            t.kill();
            t.close();
        });
        Detached.cleanUp(dir);
    }

    private Cgroups cgroups() {
        Cgroups.Detection d = Cgroups.detect();
        assumeTrue(d.cgroups() != null, "this machine lets Flow make no cgroup: " + d.problem());
        return d.cgroups();
    }

    private ProcessTree start(JobCgroup cgroup, String line) throws Exception {
        var pb = new ProcessBuilder().directory(dir.toFile()).redirectOutput(dir.resolve("out.log").toFile())
                .redirectError(dir.resolve("err.log").toFile());
        pb.environment().put("CG", cgroup.dir().toString());
        var tree = ProcessTree.start(pb, List.of("/bin/sh", "-c", line), cgroup, null);
        trees.add(tree);
        Detached.awaitPids(dir);
        return tree;
    }

    private void assertAllGoneAndRemoved(JobCgroup cgroup) throws Exception {
        var pids = Detached.pids(dir);
        assertThat(Detached.gone(pids.get("kept"))).isTrue();
        assertThat(Detached.gone(pids.get("bare"))).isTrue();
        assertThat(cgroup.dir()).doesNotExist();
    }

    @Test
    void killingTheCgroupKillsDetachedGrandchildren() throws Exception {
        JobCgroup cgroup = cgroups().create("job-1");
        ProcessTree tree = start(cgroup, Detached.LINE + "; sleep 300");
        tree.kill();
        tree.close();
        assertAllGoneAndRemoved(cgroup);
    }

    @Test
    void withoutCgroupKillTheListedProcessesAreKilledUntilNoneIsLeft() throws Exception {
        JobCgroup created = cgroups().create("job-2");
        JobCgroup cgroup = new JobCgroup(created.dir(), false);
        ProcessTree tree = start(cgroup, Detached.LINE + "; sleep 300");
        tree.kill();
        tree.close();
        assertAllGoneAndRemoved(cgroup);
    }

    @Test
    void cgroupsMadeInsideTheJobsCgroupGoWithIt() throws Exception {
        JobCgroup cgroup = cgroups().create("job-3");
        // A process that moves itself into a cgroup of its own below the job's, as a nested Flow run would.
        Files.writeString(dir.resolve("inner.sh"), "echo $$ > \"$CG/inner/cgroup.procs\"\n" + Detached.LINE + "\nsleep 300\n");
        ProcessTree tree = start(cgroup, "mkdir \"$CG/inner\"; ( /bin/sh ./inner.sh & ); sleep 300");
        assertThat(cgroup.dir().resolve("inner/cgroup.procs")).content().isNotBlank();
        tree.kill();
        tree.close();
        assertAllGoneAndRemoved(cgroup);
    }

    @Test
    void aDeadWorkersJobCgroupIsFoundByItsRunToken() throws Exception {
        JobCgroup cgroup = cgroups().create("exec-1/fix/1/1");
        start(cgroup, Detached.LINE + "; sleep 300");
        assertThat(Cgroups.forRecovery().findByToken("exec-1/fix/1/1")).extracting(JobCgroup::dir).containsExactly(cgroup.dir());
        assertThat(Cgroups.forRecovery().findByToken("exec-1/fix/1/2")).isEmpty();
        ProcessTree.killByToken("exec-1/fix/1/1");
        assertAllGoneAndRemoved(cgroup);
    }

    @Test
    void anEmptyCgroupIsRemovedWithTheEmptyCgroupsMadeInsideIt() throws Exception {
        // The cheap removal (one rmdir) fails on a cgroup with children: the walk must still remove both.
        JobCgroup cgroup = cgroups().create("job-5");
        Files.createDirectory(cgroup.dir().resolve("inner"));
        assertThat(cgroup.killAndRemove()).isZero();
        assertThat(cgroup.dir()).doesNotExist();
    }

    @Test
    void whatAProcessLeftRunningWhenItEndedIsKilledWhenItsTreeCloses() throws Exception {
        JobCgroup cgroup = cgroups().create("job-6");
        ProcessTree tree = start(cgroup, Detached.LINE);
        tree.process().waitFor();
        tree.close();
        assertAllGoneAndRemoved(cgroup);
    }
}

package dev.flow.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.engine.exec.ProcTable.Proc;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which processes of a process table the sweep counts as a job's (read from /proc in real use). */
class ProcessSweepTest {
    private static final long ROOT = 100;
    private static final long ROOT_START = 5000;

    private static List<Long> members(List<Proc> table) {
        return ProcessSweep.members(table, ROOT, ROOT_START, null, Set.of(1L)).stream().map(Proc::pid).sorted().toList();
    }

    @Test
    void theRootsGroupSessionDescendantsAndTheSessionsTheyLeadBelongToTheJob() {
        var table = List.of(
                new Proc(1, 0, 1, 1, 1),
                new Proc(ROOT, 50, ROOT, ROOT, ROOT_START),
                new Proc(101, ROOT, ROOT, ROOT, 5001), // a child
                new Proc(102, 1, ROOT, ROOT, 5002), // orphaned, still in the group
                new Proc(103, 101, 103, 103, 5003), // a child that started its own session...
                new Proc(104, 1, 103, 103, 5004), // ...and a process of that session whose parent exited
                new Proc(200, 1, 200, 200, 5005), // someone else's
                new Proc(201, 200, 200, 200, 5006));
        assertThat(members(table)).containsExactly(ROOT, 101L, 102L, 103L, 104L);
    }

    @Test
    void whenTheRootsPidNamesAnotherProcessItsGroupIsSomeoneElses() {
        var table = List.of(
                new Proc(ROOT, 1, ROOT, ROOT, 9000), // the pid was reused after the job's root ended
                new Proc(101, ROOT, ROOT, ROOT, 9001));
        assertThat(members(table)).isEmpty();
    }

    @Test
    void initAndFlowItselfAreNeverKilled() {
        var table = List.of(new Proc(1, 0, ROOT, ROOT, 1), new Proc(ROOT, 1, ROOT, ROOT, ROOT_START));
        assertThat(members(table)).containsExactly(ROOT);
    }

    @Test
    void environmentEntriesMatchWholeEntriesOnly() {
        byte[] env = "A=1\0FLOW_RUN_TOKEN=e/n/1/1\0XFLOW_RUN_TOKEN=e/n/1/2\0".getBytes();
        assertThat(ProcTable.indexOfEntry(env, "FLOW_RUN_TOKEN=e/n/1/1".getBytes())).isEqualTo(4);
        assertThat(ProcTable.indexOfEntry(env, "FLOW_RUN_TOKEN=e/n/1/2".getBytes())).isEqualTo(-1);
        assertThat(ProcTable.indexOfEntry(env, "FLOW_RUN_TOKEN=e/n/1".getBytes())).isEqualTo(-1);
        assertThat(ProcTable.indexOfEntry("FLOW_RUN_TOKEN=e/n/1/1".getBytes(), "FLOW_RUN_TOKEN=e/n/1/1".getBytes())).isZero();
    }
}

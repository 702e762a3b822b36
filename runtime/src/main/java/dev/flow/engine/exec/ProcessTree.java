package dev.flow.engine.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One job's running process and everything it starts, killed as a whole.
 *
 * <p>The process is started through {@code setsid}, so that it leads a process group and a session
 * of its own without changing its pid; with a {@link JobCgroup}, it first enters the cgroup (a
 * {@code sh} writes its own pid to {@code cgroup.procs} and execs the program), before it can fork
 * anything. To kill the tree: the cgroup is killed when there is one, and in every case the
 * process table is swept ({@link ProcessSweep}: the group and session, the processes carrying the
 * job's run token, and their descendants, groups and sessions). When the process ends on its own,
 * whatever it left running is killed the same way, so a step's processes never outlive it.
 */
final class ProcessTree {
    private static final Path SETSID = findSetsid();

    /** Enters the cgroup whose {@code cgroup.procs} is $1, then becomes the program; says so when it cannot enter. */
    private static final String ENTER_CGROUP = "{ echo $$ > \"$1\"; } 2>/dev/null"
            + " || echo \"flow: could not enter the cgroup ${1%/cgroup.procs}; this step's processes are found by the process sweep only\" >&2;"
            + " shift; exec \"$@\"";

    private final Process process;
    private final long startTime;
    private final JobCgroup cgroup;
    private final String token;
    private boolean swept;

    private ProcessTree(Process process, JobCgroup cgroup, String token) {
        this.process = process;
        this.startTime = ProcTable.stat(process.pid()).map(ProcTable.Proc::startTime).orElse(-1L);
        this.cgroup = cgroup;
        this.token = token;
    }

    private static Path findSetsid() {
        for (String p : List.of("/usr/bin/setsid", "/bin/setsid")) {
            Path path = Path.of(p);
            if (Files.isExecutable(path)) {
                return path;
            }
        }
        return null;
    }

    /**
     * Starts {@code argv} with {@code pb}'s settings (its command is replaced), in {@code cgroup}
     * when not null; the cgroup is removed again if the process cannot start.
     */
    static ProcessTree start(ProcessBuilder pb, List<String> argv, JobCgroup cgroup, String token) throws IOException {
        var command = new ArrayList<String>();
        if (SETSID != null) {
            command.add(SETSID.toString());
        }
        if (cgroup != null) {
            command.addAll(List.of("/bin/sh", "-c", ENTER_CGROUP, "flow-job", cgroup.procs().toString()));
        }
        command.addAll(argv);
        try {
            return new ProcessTree(pb.command(command).start(), cgroup, token);
        } catch (IOException e) {
            if (cgroup != null) {
                cgroup.killAndRemove();
            }
            throw e;
        }
    }

    Process process() {
        return process;
    }

    /** Kills the process and every descendant Flow can find (all of them with a cgroup). */
    synchronized void kill() {
        if (cgroup != null) {
            cgroup.kill();
        }
        sweep();
        process.destroyForcibly();
    }

    /**
     * After the process ended (by itself or killed): kills whatever it left running and removes its
     * cgroup. With a cgroup, the cgroup says what is left; without one, the process table is swept.
     */
    synchronized void close() {
        if (cgroup != null) {
            cgroup.killAndRemove();
        } else if (!swept) {
            sweep();
        }
    }

    private void sweep() {
        swept = true;
        if (ProcTable.available()) {
            ProcessSweep.kill(SETSID == null ? -1 : process.pid(), startTime, token);
            return;
        }
        // No /proc: the group by the kill program, and the descendants Java can see.
        List<ProcessHandle> descendants = process.descendants().toList();
        if (SETSID != null) {
            killGroup(process.pid());
        }
        descendants.forEach(ProcessHandle::destroyForcibly);
    }

    private static void killGroup(long pgid) {
        try {
            Process k = new ProcessBuilder("kill", "-KILL", "--", "-" + pgid)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            k.waitFor(5, TimeUnit.SECONDS);
        } catch (IOException e) {
            // no kill program: the descendants Java sees are killed one by one instead
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Kills the processes left behind by a worker that died: the job cgroups made for {@code token}
     * (found by name anywhere in the hierarchy) and every process whose environment carries
     * {@code FLOW_RUN_TOKEN=token}. Returns how many processes were killed.
     */
    static int killByToken(String token) {
        int killed = 0;
        Cgroups cgroups = Cgroups.forRecovery();
        if (cgroups != null) {
            for (JobCgroup c : cgroups.findByToken(token)) {
                killed += c.killAndRemove();
            }
        }
        return killed + (ProcTable.available() ? ProcessSweep.kill(-1, -1, token) : 0);
    }
}

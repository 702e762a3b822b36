package dev.flow.engine.exec;

import dev.flow.engine.exec.ProcTable.Proc;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Kills a job's processes found in the process table, where no cgroup holds them: the process group
 * and session the job's first process leads, every process whose environment carries the job's
 * {@code FLOW_RUN_TOKEN}, and, from those, their descendants and the groups and sessions they lead.
 * What it cannot find: a process that detached (its parent exited, so it has no parent in the tree),
 * started its own session and cleared its environment.
 *
 * <p>A kill races with processes that fork: the table is read again and again until a reading finds
 * nothing more to kill, at most {@link #ROUNDS} times (about a second in all). Each kill names the
 * process by pid and start time, so a pid reused meanwhile is never hit; Flow's own process and its
 * ancestors are never killed.
 */
final class ProcessSweep {
    private ProcessSweep() {}

    static final int ROUNDS = 10;

    /**
     * Kills the processes of the tree rooted at {@code rootPid} (the leader of its own group and
     * session, started at {@code rootStartTime}; -1 for none) and those carrying {@code token} (null
     * for none). Returns how many processes were sent SIGKILL.
     */
    static int kill(long rootPid, long rootStartTime, String token) {
        byte[] entry = token == null ? null : ("FLOW_RUN_TOKEN=" + token).getBytes(StandardCharsets.UTF_8);
        Set<Long> spared = spared();
        Set<Long> killed = new HashSet<>();
        for (int round = 0; round < ROUNDS; round++) {
            List<Proc> found = members(ProcTable.scan(), rootPid, rootStartTime, entry, spared);
            if (found.isEmpty()) {
                break;
            }
            for (Proc p : found) {
                if (kill(p)) {
                    killed.add(p.pid());
                }
            }
            Pause.briefly(Math.min(200, 5L << round));
        }
        return killed.size();
    }

    /**
     * The processes of the job in one reading of the table. The kernel keeps a pid from being reused
     * while any process is in the group or session it names; when another process now has the
     * root's pid, the root's group and session are empty and its number names someone else's.
     */
    static List<Proc> members(List<Proc> table, long rootPid, long rootStartTime, byte[] tokenEntry, Set<Long> spared) {
        boolean reused = table.stream().anyMatch(p -> p.pid() == rootPid && p.startTime() != rootStartTime);
        long root = reused ? -1 : rootPid;
        Map<Long, List<Proc>> byParent = new HashMap<>();
        Map<Long, List<Proc>> byGroup = new HashMap<>();
        Map<Long, List<Proc>> bySession = new HashMap<>();
        for (Proc p : table) {
            byParent.computeIfAbsent(p.ppid(), k -> new ArrayList<>()).add(p);
            byGroup.computeIfAbsent(p.pgrp(), k -> new ArrayList<>()).add(p);
            bySession.computeIfAbsent(p.session(), k -> new ArrayList<>()).add(p);
        }
        var queue = new ArrayDeque<Proc>();
        var seen = new HashSet<Long>();
        // A process that carries the token was started by the job, so not before its root: only
        // those are worth reading the environment of (the expensive part of a reading).
        long bornSince = rootStartTime > 0 ? rootStartTime : 0;
        for (Proc p : table) {
            boolean inRoot = root > 0 && (p.pid() == root || p.pgrp() == root || p.session() == root);
            boolean carries = !inRoot && tokenEntry != null && p.startTime() >= bornSince && ProcTable.hasEnvironmentEntry(p.pid(), tokenEntry);
            if ((inRoot || carries) && seen.add(p.pid())) {
                queue.add(p);
            }
        }
        var out = new ArrayList<Proc>();
        while (!queue.isEmpty()) {
            Proc p = queue.poll();
            if (!spared.contains(p.pid())) {
                out.add(p);
            }
            for (var related : List.of(byParent, byGroup, bySession)) {
                for (Proc q : related.getOrDefault(p.pid(), List.of())) {
                    if (seen.add(q.pid())) {
                        queue.add(q);
                    }
                }
            }
        }
        return out;
    }

    /** SIGKILL to the process the table described, unless its pid now names another process. */
    private static boolean kill(Proc p) {
        var handle = ProcessHandle.of(p.pid());
        if (handle.isEmpty()) {
            return false;
        }
        // The handle remembers the start time of the process it names, and destroying it checks
        // it; the pid must still name the process read from the table when the handle was taken.
        var now = ProcTable.stat(p.pid());
        if (now.isEmpty() || now.get().startTime() != p.startTime()) {
            return false;
        }
        return handle.get().destroyForcibly();
    }

    /** This process, its ancestors and init: never killed, whatever their environment says. */
    private static Set<Long> spared() {
        var out = new HashSet<Long>();
        out.add(1L);
        for (var h = Optional.of(ProcessHandle.current()); h.isPresent(); h = h.get().parent()) {
            out.add(h.get().pid());
        }
        return out;
    }
}

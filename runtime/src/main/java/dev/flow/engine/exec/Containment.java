package dev.flow.engine.exec;

import java.io.IOException;
import java.util.Map;

/**
 * How this Flow process makes sure a job's processes die with it (on a timeout, a cancellation, or
 * when the job's first process ends): a cgroup v2 per job where the machine lets Flow make one,
 * which holds every descendant whatever it does; else a sweep of the process table, which finds
 * the descendants that keep the job's environment or stay in its group, session or process tree.
 * Set {@code FLOW_CGROUPS=off} to use the sweep alone.
 */
public final class Containment {
    /** The environment variable that turns cgroups off ({@code FLOW_CGROUPS=off}). */
    public static final String SWITCH = "FLOW_CGROUPS";

    private static volatile Cgroups.Detection detected;

    private final Cgroups cgroups;
    private final String withoutCgroups;

    private Containment(Cgroups cgroups, String withoutCgroups) {
        this.cgroups = cgroups;
        this.withoutCgroups = withoutCgroups;
    }

    /** Cgroups when the machine allows them (found out once per Java process) and {@code env} does not turn them off. */
    public static Containment forEnvironment(Map<String, String> env) {
        if ("off".equalsIgnoreCase(env.getOrDefault(SWITCH, "").strip())) {
            return new Containment(null, SWITCH + "=off");
        }
        Cgroups.Detection d = detected;
        if (d == null) {
            synchronized (Containment.class) {
                if (detected == null) {
                    detected = Cgroups.detect();
                }
                d = detected;
            }
        }
        return new Containment(d.cgroups(), d.problem());
    }

    /** Whether each job gets a cgroup. */
    public boolean usesCgroups() {
        return cgroups != null;
    }

    /** One line for people: the mechanism, where, and (without cgroups) why not. */
    public String describe() {
        if (cgroups != null) {
            return "cgroup v2 per step (under " + cgroups.parent() + "): a timeout or cancellation kills every process a step started";
        }
        return "process sweep (no cgroup: " + withoutCgroups + "): a timeout or cancellation kills the step's process group and session"
                + " and every process that keeps its FLOW_RUN_TOKEN";
    }

    /** The job cgroup for a new process; null without cgroups, or when this one cannot be made (the sweep still applies). */
    JobCgroup cgroupFor(String token) {
        if (cgroups == null) {
            return null;
        }
        try {
            return cgroups.create(token);
        } catch (IOException | SecurityException e) {
            return null;
        }
    }
}

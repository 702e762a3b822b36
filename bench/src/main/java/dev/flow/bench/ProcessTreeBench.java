package dev.flow.bench;

import dev.flow.engine.exec.Cancellation;
import dev.flow.engine.exec.Containment;
import dev.flow.engine.exec.LaunchException;
import dev.flow.engine.exec.ProcessRunner;
import dev.flow.engine.exec.ProcessSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What holding a step's processes together costs (see bench/README.md, "Process trees"): the time
 * to run {@code true} through {@link ProcessRunner} with a cgroup per process, and with the
 * {@code /proc} sweep alone (every process's environment read when the step ends). The two are
 * measured in alternation, so that the load of a shared machine falls on both alike; each figure
 * is the median of its runs. Arguments: {@code [RUNS]} (default 400).
 */
public final class ProcessTreeBench {
    private ProcessTreeBench() {}

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 400;
        Path dir = Files.createTempDirectory("flow-process-bench");
        var env = new HashMap<>(System.getenv());
        env.put("FLOW_RUN_TOKEN", "bench/t/1/1");
        var sweepEnv = new HashMap<>(env);
        sweepEnv.put(Containment.SWITCH, "off");
        Containment cgroups = Containment.forEnvironment(env);
        Containment sweep = Containment.forEnvironment(sweepEnv);
        System.out.println("processes on this machine: " + countProcesses());
        System.out.println("cgroup mode: " + cgroups.describe());
        var withCgroups = new ProcessRunner(cgroups);
        var withSweep = new ProcessRunner(sweep);
        for (int i = 0; i < 20; i++) { // warm-up
            once(withCgroups, env, dir);
            once(withSweep, env, dir);
        }
        var a = new ArrayList<Long>();
        var b = new ArrayList<Long>();
        var c = new ArrayList<Long>();
        for (int i = 0; i < runs; i++) {
            a.add(once(withCgroups, env, dir));
            b.add(once(withSweep, env, dir));
            c.add(plain(env, dir));
        }
        System.out.printf(Locale.ROOT, "true through ProcessRunner, %s: median %.2f ms%n", cgroups.usesCgroups() ? "cgroup per process" : "(no cgroups here)",
                median(a) / 1e6);
        System.out.printf(Locale.ROOT, "true through ProcessRunner, sweep alone:     median %.2f ms%n", median(b) / 1e6);
        System.out.printf(Locale.ROOT, "setsid true, started and waited for (no clean-up): median %.2f ms%n", median(c) / 1e6);
    }

    /** What a process cost before: setsid, start, wait; nothing looked for afterwards. */
    private static long plain(Map<String, String> env, Path dir) throws Exception {
        var pb = new ProcessBuilder("setsid", "true").directory(dir.toFile()).redirectOutput(dir.resolve("out.log").toFile())
                .redirectError(dir.resolve("err.log").toFile());
        pb.environment().clear();
        pb.environment().putAll(env);
        long t0 = System.nanoTime();
        pb.start().waitFor();
        return System.nanoTime() - t0;
    }

    private static long once(ProcessRunner runner, Map<String, String> env, Path dir) throws LaunchException {
        var spec = new ProcessSpec(List.of("true"), dir, env, null, dir.resolve("out.log"), dir.resolve("err.log"), null, "bench/t/1/1", null);
        long t0 = System.nanoTime();
        runner.run(spec, new Cancellation());
        return System.nanoTime() - t0;
    }

    private static double median(List<Long> xs) {
        long[] sorted = xs.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static long countProcesses() throws IOException {
        try (var s = Files.list(Path.of("/proc"))) {
            return s.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit)).count();
        }
    }
}

package dev.flow.bench;

import dev.flow.engine.Engine;
import dev.flow.engine.RunOutcome;
import dev.flow.engine.config.EngineOptions;
import dev.flow.engine.exec.Cancellation;
import dev.flow.engine.exec.Containment;
import dev.flow.engine.exec.LaunchException;
import dev.flow.engine.exec.LaunchMechanism;
import dev.flow.engine.exec.ProcessRunner;
import dev.flow.engine.exec.ProcessSpec;
import dev.flow.store.Durability;
import dev.flow.store.StoreOptions;
import dev.flow.store.sqlite.SqliteStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What Flow adds around a process (see bench/README.md, "Process trees"), one layer at a time: a
 * shell loop of {@code /bin/true} (the floor), {@code true} started and waited for by Java's
 * ProcessBuilder, then through {@code setsid}, then entering a cgroup of its own (made and removed
 * around it, entered by a {@code sh} as Flow does), then {@link ProcessRunner} with the sweep alone
 * ({@code FLOW_CGROUPS=off}) and with its cgroup, and last the engine's whole step (a chain of
 * {@code true} tasks run in this JVM on a SQLite store). The variants take turns in batches (A B C
 * A B C ...), so that the load of a shared machine falls on each alike. Per process it prints the
 * median wall time of the batches, and the CPU time of this JVM and its children (from
 * {@code /proc/self/stat}: clock ticks, so only batches of many processes measure it). Arguments:
 * {@code [ROUNDS [BATCH [ONLY]]]} (default 10 rounds of 100 processes each; ONLY keeps the variants
 * whose name holds it, and the shell loop).
 */
public final class ProcessTreeBench {
    private ProcessTreeBench() {}

    private static final String TOKEN = "bench/t/1/1";
    private static final String TRUE = Files.isExecutable(Path.of("/bin/true")) ? "/bin/true" : "/usr/bin/true";
    /** What {@code ProcessTree} runs to enter a cgroup before the program, without its message. */
    private static final String ENTER = "echo $$ > \"$1\"; shift; exec \"$@\"";

    /** Runs {@code n} processes one after the other. */
    private interface Batch {
        void run(int n) throws Exception;
    }

    public static void main(String[] args) throws Exception {
        LaunchMechanism.preferVfork(); // as flow does; -Djdk.lang.Process.launchMechanism=POSIX_SPAWN for the JDK's default
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int batch = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        Path dir = Scratch.dir("flow-process-bench");
        var env = new HashMap<>(System.getenv());
        env.put("FLOW_RUN_TOKEN", TOKEN);
        var sweepEnv = new HashMap<>(env);
        sweepEnv.put(Containment.SWITCH, "off");
        Containment cgroups = Containment.forEnvironment(env);
        var withCgroups = new ProcessRunner(cgroups);
        var withSweep = new ProcessRunner(Containment.forEnvironment(sweepEnv));
        Path ownCgroup = cgroups.usesCgroups() ? ownCgroup() : null;
        System.out.println("processes on this machine: " + countProcesses() + "; load: " + Files.readString(Path.of("/proc/loadavg")).strip());
        System.out.println("containment: " + cgroups.describe());
        System.out.println("launch mechanism: " + System.getProperty("jdk.lang.Process.launchMechanism", "(the JDK's default)"));

        var variants = new LinkedHashMap<String, Batch>();
        variants.put("shell loop of /bin/true", n -> shellLoop(n, dir, env));
        variants.put("ProcessBuilder true", n -> started(n, dir, env, List.of(TRUE)));
        variants.put("+ setsid", n -> started(n, dir, env, List.of("setsid", TRUE)));
        if (ownCgroup != null) {
            variants.put("+ cgroup (made, sh enters, removed)", n -> inCgroup(n, dir, env, ownCgroup));
        }
        variants.put("ProcessRunner, sweep alone", n -> runner(n, withSweep, dir, env));
        variants.put("ProcessRunner, whole", n -> runner(n, withCgroups, dir, env));
        var store = SqliteStore.open(dir.resolve("chain.db"), StoreOptions.DEFAULT.withDurability(Durability.NORMAL).withArtifactsDir(dir.resolve("artifacts")));
        var engine = new Engine(store, EngineOptions.builder().contractFooter(false).build());
        variants.put("engine step (chain of true tasks)", n -> chain(engine, n, dir));

        if (args.length > 2) { // the variants whose name holds this text, and the floor: to profile one
            variants.keySet().removeIf(name -> !name.contains(args[2]) && !name.startsWith("shell"));
        }
        for (Batch b : variants.values()) { // warm-up
            b.run(Math.max(10, batch / 5));
        }
        var wall = new HashMap<String, List<Double>>();
        var cpu = new HashMap<String, long[]>();
        var names = new ArrayList<>(variants.keySet());
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < names.size(); i++) {
                String name = names.get((i + r) % names.size()); // a different one goes first each round
                long[] c0 = cpuTicks();
                long t0 = System.nanoTime();
                variants.get(name).run(batch);
                long t = System.nanoTime() - t0;
                long[] c1 = cpuTicks();
                wall.computeIfAbsent(name, k -> new ArrayList<>()).add(t / 1e6 / batch);
                long[] sum = cpu.computeIfAbsent(name, k -> new long[2]);
                sum[0] += c1[0] - c0[0];
                sum[1] += c1[1] - c0[1];
            }
        }
        store.close();
        double tick = 1000.0 / clockTicks();
        double floor = median(wall.get(names.get(0)));
        System.out.printf(Locale.ROOT, "%d rounds of %d processes each; per process:%n", rounds, batch);
        System.out.printf(Locale.ROOT, "| %-36s | %9s | %10s | %13s | %9s |%n", "", "wall (ms)", "JVM CPU (ms)", "children CPU (ms)", "x shell");
        for (String name : names) {
            long[] c = cpu.get(name);
            double m = median(wall.get(name));
            System.out.printf(Locale.ROOT, "| %-36s | %9.2f | %10.2f | %13.2f | %9.1f |%n", name, m, c[0] * tick / rounds / batch,
                    c[1] * tick / rounds / batch, m / floor);
        }
        System.out.println("load after: " + Files.readString(Path.of("/proc/loadavg")).strip());
    }

    private static void shellLoop(int n, Path dir, Map<String, String> env) throws Exception {
        var pb = new ProcessBuilder("/bin/sh", "-c", "i=0; while [ $i -lt " + n + " ]; do " + TRUE + "; i=$((i+1)); done");
        waitFor(prepared(pb, dir, env).start());
    }

    private static void started(int n, Path dir, Map<String, String> env, List<String> command) throws Exception {
        var pb = prepared(new ProcessBuilder(command), dir, env);
        for (int i = 0; i < n; i++) {
            waitFor(pb.start());
        }
    }

    /** As ProcessTree does with a cgroup: made, entered by a sh before the program, removed; no listing of it. */
    private static void inCgroup(int n, Path dir, Map<String, String> env, Path parent) throws Exception {
        for (int i = 0; i < n; i++) {
            Path cg = Files.createDirectory(parent.resolve("flow-bench-" + ProcessHandle.current().pid() + "-" + i));
            var pb = prepared(new ProcessBuilder("setsid", "/bin/sh", "-c", ENTER, "flow-job", cg.resolve("cgroup.procs").toString(), TRUE), dir, env);
            waitFor(pb.start());
            Files.delete(cg);
        }
    }

    private static void runner(int n, ProcessRunner runner, Path dir, Map<String, String> env) throws LaunchException {
        var spec = new ProcessSpec(List.of("true"), dir, env, null, dir.resolve("out.log"), dir.resolve("err.log"), null, TOKEN, null);
        for (int i = 0; i < n; i++) {
            if (runner.run(spec, new Cancellation()).exitCode() != 0) {
                throw new IllegalStateException("true failed");
            }
        }
    }

    private static void chain(Engine engine, int n, Path dir) {
        String id = engine.start(RuntimeBench.chainOfProcesses(n).graph(), Map.of(), dir);
        RunOutcome outcome = engine.run(id).outcome();
        if (outcome != RunOutcome.COMPLETED) {
            throw new IllegalStateException("the chain ended " + outcome + ": " + engine.result(id).report());
        }
    }

    private static ProcessBuilder prepared(ProcessBuilder pb, Path dir, Map<String, String> env) {
        pb.directory(dir.toFile()).redirectInput(Path.of("/dev/null").toFile()).redirectOutput(dir.resolve("out.log").toFile())
                .redirectError(dir.resolve("err.log").toFile());
        pb.environment().clear();
        pb.environment().putAll(env);
        return pb;
    }

    private static void waitFor(Process p) throws InterruptedException {
        if (p.waitFor() != 0) {
            throw new IllegalStateException("exit " + p.exitValue());
        }
    }

    /** This JVM's CPU ticks (user + system) and its waited-for children's, from /proc/self/stat. */
    private static long[] cpuTicks() throws IOException {
        String line = Files.readString(Path.of("/proc/self/stat"));
        String[] f = line.substring(line.lastIndexOf(')') + 2).split(" ");
        // after the command: state(0) ... utime(11) stime(12) cutime(13) cstime(14)
        return new long[] {Long.parseLong(f[11]) + Long.parseLong(f[12]), Long.parseLong(f[13]) + Long.parseLong(f[14])};
    }

    private static long clockTicks() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK").start();
            return Long.parseLong(new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip());
        } catch (IOException | NumberFormatException e) {
            return 100;
        }
    }

    /** This process's cgroup v2 directory: the 0:: line of /proc/self/cgroup under the cgroup2 mount. */
    private static Path ownCgroup() throws IOException {
        String own = Files.readAllLines(Path.of("/proc/self/cgroup")).stream().filter(l -> l.startsWith("0::")).findFirst().orElseThrow().substring(3);
        for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
            int dash = line.indexOf(" - ");
            if (dash > 0 && line.startsWith("cgroup2 ", dash + 3)) {
                Path mount = Path.of(line.substring(0, dash).split(" ")[4]);
                return own.equals("/") ? mount : mount.resolve(own.substring(1));
            }
        }
        return null;
    }

    private static double median(List<Double> xs) {
        double[] sorted = xs.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static long countProcesses() throws IOException {
        try (var s = Files.list(Path.of("/proc"))) {
            return s.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit)).count();
        }
    }
}

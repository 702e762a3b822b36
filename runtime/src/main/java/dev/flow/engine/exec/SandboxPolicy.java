package dev.flow.engine.exec;

import dev.flow.model.Sandbox;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * What a sandboxed process may do, with every path resolved: it writes only to {@code writable}
 * (which exist) and a private {@code /tmp}, reads everything else but {@code hidden}.
 *
 * @param readable paths it must still see where the private {@code /tmp} would hide them (the
 *     workflow's folder, the {@code flow} command, the key-value broker's folder); those inside a
 *     writable path are left out
 * @param hidden files it must not see at all (Flow's database and its companions, PostgreSQL's
 *     password file): each is replaced by an empty device, read-only
 * @param network whether it may use the network
 * @param artifacts the artifacts folder of every run, shown empty, so that a step does not read other
 *     runs' prompts, logs and results; null to leave it as it is (when a path the step needs lies in it
 *     outside {@code run})
 * @param run this run's folder in {@code artifacts}, shown again, read-only (the step's own folder
 *     in it is writable)
 */
public record SandboxPolicy(List<Path> writable, List<Path> readable, List<Path> hidden, boolean network, Path artifacts, Path run) {
    public SandboxPolicy {
        writable = ordered(writable);
        List<Path> rw = writable;
        readable = ordered(readable).stream().filter(r -> rw.stream().noneMatch(r::startsWith)).toList();
        hidden = ordered(hidden);
        artifacts = artifacts == null ? null : artifacts.toAbsolutePath().normalize();
        run = run == null ? null : run.toAbsolutePath().normalize();
        if (artifacts != null) {
            Path all = artifacts;
            Path own = run;
            boolean needed = java.util.stream.Stream.concat(writable.stream(), readable.stream())
                    .anyMatch(p -> p.startsWith(all) && (own == null || !p.startsWith(own)));
            if (needed || run == null || !run.startsWith(artifacts)) {
                artifacts = null; // a path the step needs is in there: keep the folder as it is rather than hide it
                run = null;
            }
        }
    }

    /** A policy that masks no artifacts folder. */
    public SandboxPolicy(List<Path> writable, List<Path> readable, List<Path> hidden, boolean network) {
        this(writable, readable, hidden, network, null, null);
    }

    /** Absolute, each once, parents before children, so that a bind inside another is not hidden by it. */
    private static List<Path> ordered(List<Path> paths) {
        return paths.stream().map(p -> p.toAbsolutePath().normalize()).distinct()
                .sorted(Comparator.comparingInt(Path::getNameCount).thenComparing(Path::toString)).toList();
    }

    /**
     * The policy of a job's process under {@code sandbox}: it writes its working directory, its
     * artifact folder and the sandbox's {@code writes} ({@code ~/...} in the process's home, relative
     * paths in the workflow's folder); it reads the key-value broker's folder ({@code broker}); it
     * never sees the files of {@code hidden} ({@link StoreFiles}). A path of {@code writes} that does
     * not exist is an error, not a silent gap.
     */
    static SandboxPolicy forJob(Sandbox sandbox, Job job, Path cwd, Map<String, String> env, Path broker, List<Path> hidden) throws LaunchException {
        var paths = new ArrayList<Path>(List.of(cwd, job.runDir()));
        for (String written : sandbox.writes()) {
            Path p = resolve(written, job.baseDir(), env.get("HOME"));
            if (!Files.exists(p)) {
                throw new LaunchException("the sandbox may write \"" + written + "\", but " + p + " does not exist: create it, or take it out of"
                        + " the sandbox's writes");
            }
            paths.add(p);
        }
        var readable = new ArrayList<Path>(List.of(job.baseDir()));
        readable.addAll(flowInstallation(env.get("FLOW_BIN")));
        if (broker != null) {
            readable.add(broker);
        }
        // this run's folder (artifacts/EXECUTION/NODE/PASS-ATTEMPT has it two levels up), in the folder of every run
        Path run = job.runDir().toAbsolutePath().normalize().getParent().getParent();
        return new SandboxPolicy(paths, readable, hidden, sandbox.network(), run.getParent(), run);
    }

    /**
     * What {@code "$FLOW_BIN" kv ...} needs to run inside: the folder of the launcher (a
     * distribution's {@code bin/} beside {@code lib/}, or a checkout, whose {@code ./flow} runs
     * {@code dist/src/main/sh/flow} on {@code cli/target/flow.jar}) and the folders of the class path Flow runs
     * on. Under {@code /tmp} the sandbox's private {@code /tmp} would hide them.
     */
    static List<Path> flowInstallation(String flowBin) {
        var out = new ArrayList<Path>();
        if (flowBin != null && Files.exists(Path.of(flowBin))) {
            try {
                Path launcher = Path.of(flowBin).toRealPath();
                out.add(launcher.getParent().getFileName() != null && launcher.getParent().getFileName().toString().equals("bin")
                        ? launcher.getParent().getParent() : launcher.getParent());
            } catch (IOException e) {
                out.add(Path.of(flowBin));
            }
        }
        // the class path Flow runs on: flow.jar's folder, or a build's classes folders (tests run flow that way)
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                Path p = Path.of(entry).toAbsolutePath();
                out.add(Files.isDirectory(p) ? p : p.getParent());
            }
        }
        return out;
    }

    private static Path resolve(String written, Path base, String home) throws LaunchException {
        if (written.equals("~") || written.startsWith("~/")) {
            if (home == null || home.isBlank()) {
                throw new LaunchException("the sandbox may write \"" + written + "\", but HOME is not set");
            }
            return Path.of(home).resolve(written.equals("~") ? "" : written.substring(2));
        }
        return base.resolve(written);
    }
}

package dev.flow.engine.exec;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The sandbox tool: bubblewrap ({@code bwrap}, Debian's package {@code bubblewrap}). A sandboxed
 * process sees the whole file system read-only, a private {@code /tmp}, a minimal {@code /dev},
 * its own process namespace, read-write binds of exactly the paths its {@link SandboxPolicy}
 * allows, and {@code /dev/null} in place of the files it hides (Flow's database); without network when the policy says so. It dies with Flow ({@code --die-with-parent}),
 * and runs in a session of its own so that it cannot type into a terminal.
 */
public final class Bubblewrap {
    /** The Debian package that provides {@code bwrap}. */
    public static final String PACKAGE = "bubblewrap";
    private static final String PROGRAM = "bwrap";
    private static final Map<Path, Availability> PROBED = new ConcurrentHashMap<>();

    private Bubblewrap() {}

    /**
     * Whether sandboxes can run here.
     *
     * @param program the {@code bwrap} found; null when none is on PATH
     * @param version what {@code bwrap --version} says; null when unknown
     * @param problem why sandboxes cannot run, naming what to install or change; null when they can
     */
    public record Availability(Path program, String version, String problem) {
        public boolean available() {
            return problem == null;
        }

        /** One line for people. */
        public String describe() {
            return available() ? (version == null ? PROGRAM : version) + " (" + program + ")" : "unavailable: " + problem;
        }
    }

    /**
     * Finds {@code bwrap} on the PATH of {@code env} and, once per program, checks that it can make
     * a sandbox here (it needs user namespaces unless Flow runs as root).
     */
    public static Availability check(Map<String, String> env) {
        Path program;
        try {
            program = ProgramLocator.locate(PROGRAM, Path.of("/"), env);
        } catch (LaunchException e) {
            return new Availability(null, null, "the sandbox needs bubblewrap, and \"" + PROGRAM + "\" is not on PATH: install Debian's package "
                    + PACKAGE + " (sudo apt-get install " + PACKAGE + ", or your system's equivalent)");
        }
        return PROBED.computeIfAbsent(program, Bubblewrap::probe);
    }

    /** The command that runs {@code argv} (its program already resolved) in {@code cwd} under {@code policy}. */
    static List<String> wrap(Path bwrap, SandboxPolicy policy, Path cwd, List<String> argv) {
        var out = new ArrayList<String>(List.of(bwrap.toString(), "--die-with-parent", "--new-session", "--unshare-pid"));
        if (!policy.network()) {
            out.add("--unshare-net");
        }
        out.addAll(List.of("--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"));
        for (Path p : topsUnderTmp(policy)) {
            out.addAll(List.of("--ro-bind", p.toString(), p.toString()));
        }
        for (Path p : policy.readable()) {
            out.addAll(List.of("--ro-bind", p.toString(), p.toString()));
        }
        for (Path p : policy.writable()) {
            out.addAll(List.of("--bind", p.toString(), p.toString()));
        }
        if (policy.artifacts() != null) {
            // other runs' prompts, logs and results are not this step's to read: an empty folder, then this run's again, and
            // the step's own folder in it writable again. After the binds above, since one of a folder that holds it
            // (the workflow's, written by the step) would show the real folder again.
            out.addAll(List.of("--tmpfs", policy.artifacts().toString(), "--ro-bind", policy.run().toString(), policy.run().toString()));
            for (Path p : policy.writable()) {
                if (p.startsWith(policy.run())) {
                    out.addAll(List.of("--bind", p.toString(), p.toString()));
                }
            }
        }
        // last, so that no bind above shows them again; a file over which /dev/null is mounted cannot be replaced or linked
        for (Path p : policy.hidden()) {
            out.addAll(List.of("--ro-bind", "/dev/null", p.toString()));
        }
        out.addAll(List.of("--chdir", cwd.toAbsolutePath().normalize().toString(), "--"));
        out.addAll(argv);
        return out;
    }

    /**
     * The folders right below {@code /tmp} that hold a path the policy binds (a checkout under
     * {@code /tmp/x}): they are shown read-only as they are, so that the folders around the work
     * (the repository above the workflow's folder) are read-only in the sandbox as anywhere else,
     * instead of empty folders of the private {@code /tmp} that anyone may write.
     */
    static List<Path> topsUnderTmp(SandboxPolicy policy) {
        Path tmp = Path.of("/tmp");
        var all = new ArrayList<Path>(policy.readable());
        all.addAll(policy.writable());
        return all.stream().filter(p -> p.startsWith(tmp) && p.getNameCount() > 1).map(p -> tmp.resolve(p.getName(1))).distinct().sorted().toList();
    }

    /** Makes one sandbox, the way jobs get theirs, around {@code /bin/sh -c :}. */
    private static Availability probe(Path program) {
        String version = firstLine(List.of(program.toString(), "--version"));
        var argv = wrap(program, new SandboxPolicy(List.of(), List.of(), List.of(), true), Path.of("/"), List.of("/bin/sh", "-c", ":"));
        try {
            Process p = new ProcessBuilder(argv).redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            String said = new String(p.getInputStream().readNBytes(4096), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Availability(program, version, program + " did not make a sandbox within 30 seconds");
            }
            if (p.exitValue() == 0) {
                return new Availability(program, version, null);
            }
            return new Availability(program, version, program + " cannot make a sandbox here (" + Tails.clip(Tails.lastLine(said), 200) + "):"
                    + " bubblewrap needs unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1, and on Ubuntu"
                    + " kernel.apparmor_restrict_unprivileged_userns=0), or Flow running as root");
        } catch (IOException e) {
            return new Availability(program, version, "cannot run " + program + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Availability(program, version, "interrupted while trying " + program);
        }
    }

    private static String firstLine(List<String> argv) {
        try {
            Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readNBytes(1024), StandardCharsets.UTF_8).strip();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 && !text.isEmpty() ? text.lines().findFirst().orElse(null) : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
